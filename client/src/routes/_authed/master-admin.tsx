import { createFileRoute } from '@tanstack/react-router';
import { MasterAdminDashboard } from '../../features/admin/MasterAdminDashboard';

export const Route = createFileRoute('/_authed/master-admin')({
  component: MasterAdminDashboard,
});
