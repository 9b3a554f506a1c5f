import { SimpleGrid, Stack } from '@chakra-ui/react';
import { CircleDollarSign, Percent, Truck, UserRound } from 'lucide-react';
import { PageHeader } from '../../components/PageHeader';
import { useFailureToast } from '../../lib/errors';
import { formatMoney } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { WipPanel } from '../wip/WipPanel';
import { DashboardLoadsTable } from './DashboardLoadsTable';
import { StatCard } from './StatCard';

/**
 * The Sales Dashboard: Carriers Onboarded, Drivers Onboarded, Conversion Rate and My Commission,
 * all counting the user's own records (docs/dashboards.md), My Active Loads and the user's WIP
 * requests. Re-read live when a load, driver or carrier changes.
 */
export function SalesDashboard() {
  const figures = trpc.dashboard.sales.useQuery();
  useFailureToast(figures);
  const data = figures.data;
  const counters = [
    { label: 'Carriers Onboarded', value: data?.carriersOnboarded ?? null, icon: Truck, hint: undefined },
    { label: 'Drivers Onboarded', value: data?.driversOnboarded ?? null, icon: UserRound, hint: undefined },
    {
      label: 'Conversion Rate',
      value: data ? `${data.conversionRate}%` : null,
      icon: Percent,
      // Of the drivers the user onboarded, the active ones (shared/src/rules/figures.ts): never above 100%.
      hint: data ? `${data.convertedDrivers} of ${data.driversOnboarded} drivers available or on route` : undefined,
    },
    { label: 'My Commission', value: data ? formatMoney(data.commission) : null, icon: CircleDollarSign, hint: undefined },
  ];
  return (
    <Stack gap="6">
      <PageHeader title="Sales Dashboard" subtitle="Your carriers, drivers, conversion and commission" />
      <SimpleGrid as="section" aria-label="Counters" columns={{ base: 2, xl: 4 }} gap={{ base: '3', md: '4' }}>
        {counters.map((counter) => (
          <StatCard
            key={counter.label}
            label={counter.label}
            value={counter.value}
            icon={counter.icon}
            hint={counter.hint}
            isLoading={figures.isPending}
          />
        ))}
      </SimpleGrid>
      <DashboardLoadsTable
        title="My Active Loads"
        loads={data?.activeLoads}
        isLoading={figures.isPending}
        error={figures.error}
        onRetry={() => void figures.refetch()}
      />
      <WipPanel />
    </Stack>
  );
}
