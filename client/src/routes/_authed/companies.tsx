import { createFileRoute } from '@tanstack/react-router';
import { WaypointPage } from '../../components/PageHeader';
import { requireRoles } from '../../lib/guards';

export const Route = createFileRoute('/_authed/companies')({
  beforeLoad: requireRoles('master_admin'),
  component: () => <WaypointPage title="Companies" />,
});
