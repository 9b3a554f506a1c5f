import { Stack } from '@chakra-ui/react';
import { PageHeader } from '../../components/PageHeader';
import { useFailureToast } from '../../lib/errors';
import { CompaniesTable } from './CompaniesTable';
import { PlatformStats } from './PlatformStats';
import { usePlatform } from './use-platform';

/** The Companies page: counters for companies, users, loads and revenue, and the All Companies table. */
export function CompaniesPage() {
  const { stats, companies, refresh } = usePlatform();
  useFailureToast(stats);
  useFailureToast(companies.query);
  return (
    <Stack gap="6">
      <PageHeader title="Companies" subtitle="Every dispatch company on the platform" />
      <PlatformStats show={['totalCompanies', 'totalUsers', 'totalLoads', 'totalRevenue']} stats={stats.data} isLoading={stats.isPending} />
      <CompaniesTable title="All Companies" headingId="all-companies-heading" companies={companies} onChanged={refresh} />
    </Stack>
  );
}
