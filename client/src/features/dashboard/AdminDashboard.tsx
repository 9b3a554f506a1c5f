import { Stack } from '@chakra-ui/react';
import { PageHeader } from '../../components/PageHeader';
import { WipPanel } from '../wip/WipPanel';

/**
 * The admin's home: the WIP assignments panel, where admins approve and reject requests.
 * TODO(issue 4): the admin stats and Team Overview go above it.
 */
export function AdminDashboard() {
  return (
    <Stack gap="6">
      <PageHeader title="Admin Dashboard" />
      <WipPanel />
    </Stack>
  );
}
