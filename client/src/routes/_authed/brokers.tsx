import { createFileRoute } from '@tanstack/react-router';
import { BROKER_READERS } from '#shared/schemas/brokers.js';
import { BrokersPage } from '../../features/brokers/BrokersPage';
import { requireRoles } from '../../lib/guards';

export const Route = createFileRoute('/_authed/brokers')({
  // Staff who may read brokers (docs/permissions.md); anyone else goes home. The server refuses them too.
  beforeLoad: requireRoles(BROKER_READERS),
  component: BrokersRoute,
});

function BrokersRoute() {
  const { session } = Route.useRouteContext();
  return <BrokersPage session={session} />;
}
