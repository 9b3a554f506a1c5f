import { createFileRoute } from '@tanstack/react-router';
import { FleetMapPage } from '../../features/fleet-map/FleetMapPage';

export const Route = createFileRoute('/_authed/fleet-map')({
  component: FleetMapPage,
});
