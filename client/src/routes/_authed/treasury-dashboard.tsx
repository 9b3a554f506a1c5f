import { createFileRoute } from '@tanstack/react-router';
import { TreasuryDashboard } from '../../features/treasury/TreasuryDashboard';

export const Route = createFileRoute('/_authed/treasury-dashboard')({
  component: TreasuryDashboard,
});
