import { createFileRoute } from '@tanstack/react-router';
import { DriverPortalPage } from '../../features/driver-portal/DriverPortalPage';

export const Route = createFileRoute('/_authed/driver-portal')({
  component: DriverPortalPage,
});
