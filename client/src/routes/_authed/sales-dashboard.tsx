import { createFileRoute } from '@tanstack/react-router';
import { WaypointPage } from '../../components/PageHeader';
import { requireRoles } from '../../lib/guards';

export const Route = createFileRoute('/_authed/sales-dashboard')({
  beforeLoad: requireRoles(['sales']),
  component: () => <WaypointPage title="Sales Dashboard" />,
});
