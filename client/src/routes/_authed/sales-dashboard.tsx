import { createFileRoute } from '@tanstack/react-router';
import { WaypointPage } from '../../components/PageHeader';

export const Route = createFileRoute('/_authed/sales-dashboard')({
  component: () => <WaypointPage title="Sales Dashboard" />,
});
