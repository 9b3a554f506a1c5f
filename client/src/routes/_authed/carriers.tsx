import { createFileRoute } from '@tanstack/react-router';
import { CarriersPage } from '../../features/carriers/CarriersPage';

export const Route = createFileRoute('/_authed/carriers')({
  component: CarriersRoute,
});

function CarriersRoute() {
  const { session } = Route.useRouteContext();
  return <CarriersPage session={session} />;
}
