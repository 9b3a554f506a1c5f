import { createFileRoute } from '@tanstack/react-router';
import { MasterAdminDashboard } from '../../features/admin/MasterAdminDashboard';
import { requireRoles } from '../../lib/guards';

export const Route = createFileRoute('/_authed/master-admin')({
  beforeLoad: requireRoles('master_admin'),
  component: MasterAdminDashboard,
});
