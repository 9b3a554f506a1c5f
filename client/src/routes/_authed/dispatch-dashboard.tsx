import { createFileRoute } from '@tanstack/react-router';
import { DispatchDashboard } from '../../features/dashboard/DispatchDashboard';

export const Route = createFileRoute('/_authed/dispatch-dashboard')({
  component: DispatchDashboard,
});
