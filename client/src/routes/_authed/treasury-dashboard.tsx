import { createFileRoute } from '@tanstack/react-router';
import { WaypointPage } from '../../components/PageHeader';
import { requireRoles } from '../../lib/guards';

export const Route = createFileRoute('/_authed/treasury-dashboard')({
  beforeLoad: requireRoles(['treasury']),
  component: () => <WaypointPage title="Treasury Dashboard" />,
});
