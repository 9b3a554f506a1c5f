import { Stack } from '@chakra-ui/react';
import { PageHeader } from '../../components/PageHeader';
import { AdminStats } from '../team/AdminStats';
import { TeamOverview } from '../team/TeamOverview';
import { WipPanel } from '../wip/WipPanel';

/** The admin's home: company counters, the Team Overview, and the WIP requests admins approve or reject. */
export function AdminDashboard() {
  return (
    <Stack gap="6">
      <PageHeader title="Admin Dashboard" />
      <AdminStats />
      <TeamOverview />
      <WipPanel />
    </Stack>
  );
}
