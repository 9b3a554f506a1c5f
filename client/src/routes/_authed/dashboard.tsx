import { createFileRoute, redirect } from '@tanstack/react-router';
import { dashboardRedirect } from '#shared/permissions.js';
import { GenericDashboard } from '../../features/dashboard/GenericDashboard';

export const Route = createFileRoute('/_authed/dashboard')({
  beforeLoad: ({ context }) => {
    const target = dashboardRedirect(context.session);
    if (target) throw redirect({ to: target, replace: true });
  },
  component: GenericDashboard,
});
