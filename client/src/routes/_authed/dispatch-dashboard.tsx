import { createFileRoute } from '@tanstack/react-router';
import { WaypointPage } from '../../components/PageHeader';
import { requireRoles } from '../../lib/guards';

export const Route = createFileRoute('/_authed/dispatch-dashboard')({
  beforeLoad: requireRoles(['dispatcher']),
  component: () => <WaypointPage title="Dispatch Dashboard" />,
});
