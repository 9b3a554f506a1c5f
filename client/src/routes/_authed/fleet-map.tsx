import { createFileRoute } from '@tanstack/react-router';
import { WaypointPage } from '../../components/PageHeader';
import { requireRoles } from '../../lib/guards';

export const Route = createFileRoute('/_authed/fleet-map')({
  beforeLoad: requireRoles(['admin', 'dispatcher']),
  component: () => <WaypointPage title="Fleet Map" />,
});
