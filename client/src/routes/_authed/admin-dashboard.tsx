import { createFileRoute } from '@tanstack/react-router';
import { AdminDashboard } from '../../features/dashboard/AdminDashboard';

export const Route = createFileRoute('/_authed/admin-dashboard')({
  component: AdminDashboard,
});
