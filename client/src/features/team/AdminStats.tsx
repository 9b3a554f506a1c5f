import { Button, SimpleGrid, Stack } from '@chakra-ui/react';
import { CircleDollarSign, Package, Truck, Users } from 'lucide-react';
import { useFailureToast } from '../../lib/errors';
import { formatMoney } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { StatCard } from '../dashboard/StatCard';
import { REVENUE_NOTES } from '#shared/schemas/analytics.js';

/**
 * The admin dashboard's counters: Total Loads, Active Drivers (available or on a route),
 * Team Members and Total Revenue (the sum of every load's rate, in USD: the one definition of
 * server/src/domains/analytics/revenue.ts). Re-read live when a
 * load or driver of the company changes.
 */
export function AdminStats() {
  const stats = trpc.team.adminStats.useQuery();
  useFailureToast(stats, 'Error', 'Failed to load the statistics');

  const data = stats.data;
  const counters = [
    { label: 'Total Loads', value: data?.totalLoads ?? null, icon: Package, hint: undefined },
    { label: 'Active Drivers', value: data?.activeDrivers ?? null, icon: Truck, hint: undefined },
    { label: 'Team Members', value: data?.teamMembers ?? null, icon: Users, hint: undefined },
    { label: 'Total Revenue', value: data ? formatMoney(data.totalRevenue) : null, icon: CircleDollarSign, hint: REVENUE_NOTES.load_rates },
  ];

  return (
    <Stack as="section" aria-label="Company statistics" gap="3">
      <SimpleGrid columns={{ base: 1, md: 2, '2xl': 4 }} gap="4">
        {counters.map((counter) => (
          <StatCard
            key={counter.label}
            label={counter.label}
            value={counter.value}
            icon={counter.icon}
            hint={counter.hint}
            isLoading={stats.isPending}
          />
        ))}
      </SimpleGrid>
      {stats.error ? (
        <Button size="xs" variant="outline" alignSelf="flex-start" onClick={() => void stats.refetch()}>
          Try again
        </Button>
      ) : null}
    </Stack>
  );
}
