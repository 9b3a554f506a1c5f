import { createFileRoute } from '@tanstack/react-router';
import { WaypointPage } from '../../components/PageHeader';

export const Route = createFileRoute('/_authed/messages')({
  component: () => <WaypointPage title="Messages" subtitle="Communicate with your team members" />,
});
