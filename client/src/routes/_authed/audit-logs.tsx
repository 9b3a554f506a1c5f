import { createFileRoute } from '@tanstack/react-router';
import { WaypointPage } from '../../components/PageHeader';
import { requireRoles } from '../../lib/guards';

export const Route = createFileRoute('/_authed/audit-logs')({
  beforeLoad: requireRoles(['admin']),
  component: () => <WaypointPage title="Audit Logs" subtitle="Track all system changes and maintain compliance" />,
});
