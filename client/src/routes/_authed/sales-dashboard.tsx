import { createFileRoute } from '@tanstack/react-router';
import { SalesDashboard } from '../../features/dashboard/SalesDashboard';

export const Route = createFileRoute('/_authed/sales-dashboard')({
  component: SalesDashboard,
});
