import { createFileRoute, redirect } from '@tanstack/react-router';
import { dashboardRedirect } from '../../../../shared/src/roles';
import { WaypointPage } from '../../components/PageHeader';

export const Route = createFileRoute('/_authed/dashboard')({
  beforeLoad: ({ context }) => {
    const target = dashboardRedirect(context.session);
    if (target) throw redirect({ to: target, replace: true });
  },
  // TODO(issue 3): counters, the WIP assignments panel and Recent Loads.
  component: () => <WaypointPage title="Dashboard" />,
});
