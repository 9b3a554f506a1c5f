import { createFileRoute } from '@tanstack/react-router';
import { DriversPage } from '../../features/drivers/DriversPage';

export const Route = createFileRoute('/_authed/drivers')({
  component: DriversRoute,
});

function DriversRoute() {
  const { session } = Route.useRouteContext();
  return <DriversPage session={session} />;
}
