import { createFileRoute } from '@tanstack/react-router';
import { AdminDashboard } from '../../features/dashboard/AdminDashboard';
import { requireRoles } from '../../lib/guards';

export const Route = createFileRoute('/_authed/admin-dashboard')({
  beforeLoad: requireRoles(['admin']),
  component: AdminDashboard,
});
