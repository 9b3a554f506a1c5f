import { createFileRoute } from '@tanstack/react-router';
import { CarrierPortalPage } from '../../features/carrier-portal/CarrierPortalPage';

export const Route = createFileRoute('/_authed/carrier-portal')({
  component: CarrierPortalPage,
});
