import { createFileRoute } from '@tanstack/react-router';
import { WaypointPage } from '../../components/PageHeader';

export const Route = createFileRoute('/_authed/treasury-dashboard')({
  component: () => <WaypointPage title="Treasury Dashboard" />,
});
