import { createFileRoute } from '@tanstack/react-router';
import { BrokersPage } from '../../features/brokers/BrokersPage';

export const Route = createFileRoute('/_authed/brokers')({
  component: BrokersRoute,
});

function BrokersRoute() {
  const { session } = Route.useRouteContext();
  return <BrokersPage session={session} />;
}
