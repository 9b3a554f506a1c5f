import { createFileRoute } from '@tanstack/react-router';
import { WaypointPage } from '../../components/PageHeader';

export const Route = createFileRoute('/_authed/dispatch-dashboard')({
  component: () => <WaypointPage title="Dispatch Dashboard" />,
});
