import { createFileRoute } from '@tanstack/react-router';
import { DRIVER_READERS } from '#shared/schemas/drivers.js';
import { DriversPage } from '../../features/drivers/DriversPage';
import { requireRoles } from '../../lib/guards';

export const Route = createFileRoute('/_authed/drivers')({
  // Staff who may read drivers (docs/permissions.md); anyone else goes home. The server refuses them too.
  beforeLoad: requireRoles(DRIVER_READERS),
  component: DriversRoute,
});

function DriversRoute() {
  const { session } = Route.useRouteContext();
  return <DriversPage session={session} />;
}
