import { Stack } from '@chakra-ui/react';
import { PageHeader } from '../../components/PageHeader';
import { useFailureToast } from '../../lib/errors';
import { CompaniesTable } from './CompaniesTable';
import { OutboxCard } from './OutboxCard';
import { PlatformStats } from './PlatformStats';
import { SeedTestUsersButton } from './SeedTestUsersButton';
import { usePlatform } from './use-platform';

/** The master admin's home: the platform's counters, Company Performance, the seed of test users, and the outbox. */
export function MasterAdminDashboard() {
  const { stats, companies, refresh } = usePlatform();
  useFailureToast(stats);
  useFailureToast(companies.query);
  return (
    <Stack gap="6">
      <PageHeader
        title="Master Admin Dashboard"
        subtitle="Every company on the platform at a glance"
        actions={<SeedTestUsersButton onSeeded={refresh} />}
      />
      <PlatformStats
        show={['totalCompanies', 'totalRevenue', 'activeCompanies', 'totalLoads']}
        stats={stats.data}
        isLoading={stats.isPending}
      />
      <CompaniesTable title="Company Performance" headingId="company-performance-heading" companies={companies} onChanged={refresh} />
      <OutboxCard />
    </Stack>
  );
}
