import { createFileRoute } from '@tanstack/react-router';
import { WaypointPage } from '../../components/PageHeader';

export const Route = createFileRoute('/_authed/fleet-map')({
  component: () => <WaypointPage title="Fleet Map" />,
});
