import { createFileRoute } from '@tanstack/react-router';
import { WaypointPage } from '../../components/PageHeader';

export const Route = createFileRoute('/_authed/settings')({
  component: () => <WaypointPage title="Settings" subtitle="Manage your account and company settings" />,
});
