import { createFileRoute } from '@tanstack/react-router';
import { CARRIER_READERS } from '#shared/schemas/carriers.js';
import { CarriersPage } from '../../features/carriers/CarriersPage';
import { requireRoles } from '../../lib/guards';

export const Route = createFileRoute('/_authed/carriers')({
  // Staff who may read carriers (docs/permissions.md); anyone else goes home. The server refuses them too.
  beforeLoad: requireRoles(CARRIER_READERS),
  component: CarriersRoute,
});

function CarriersRoute() {
  const { session } = Route.useRouteContext();
  return <CarriersPage session={session} />;
}
