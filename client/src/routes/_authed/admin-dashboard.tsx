import { createFileRoute } from '@tanstack/react-router';
import { WaypointPage } from '../../components/PageHeader';
import { requireRoles } from '../../lib/guards';

export const Route = createFileRoute('/_authed/admin-dashboard')({
  beforeLoad: requireRoles(['admin']),
  component: () => <WaypointPage title="Admin Dashboard" />,
});
