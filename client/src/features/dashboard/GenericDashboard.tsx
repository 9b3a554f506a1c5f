import { Alert, SimpleGrid, Stack } from '@chakra-ui/react';
import { Handshake, Package, Truck, UserRound } from 'lucide-react';
import { PageHeader } from '../../components/PageHeader';
import { useFailureToast } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { WipPanel } from '../wip/WipPanel';
import { RecentLoads } from './RecentLoads';
import { StatCard } from './StatCard';

/**
 * The generic dashboard (/dashboard): four counters, the WIP assignments panel and Recent
 * Loads, re-read live when a load (or driver) of the company changes. Staff are sent to their
 * own dashboards before this renders, so the people who see it are users without a role,
 * whom the server does not let read company data: they are told so rather than shown errors.
 */
export function GenericDashboard() {
  const session = useSession();
  const hasAccess = session.isMasterAdmin || session.role !== null;
  const summary = trpc.dashboard.summary.useQuery(undefined, { enabled: hasAccess });
  useFailureToast(summary);

  const data = summary.data;
  const isLoading = hasAccess && summary.isPending;
  const counters = [
    { label: 'Total Loads', value: data?.totalLoads, icon: Package },
    { label: 'Active Loads', value: data?.activeLoads, icon: Truck },
    { label: 'Drivers', value: data?.drivers, icon: UserRound },
    { label: 'Brokers', value: data?.brokers, icon: Handshake },
  ];

  return (
    <Stack gap="6">
      <PageHeader title="Dashboard" subtitle={`Overview of ${session.company.name}`} />
      {!hasAccess ? (
        <Alert.Root status="info" variant="subtle">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Your account has no role yet</Alert.Title>
            <Alert.Description>
              Ask your company admin to assign you a role to see loads, drivers and assignment requests.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      <SimpleGrid as="section" aria-label="Counters" columns={{ base: 2, xl: 4 }} gap={{ base: '3', md: '4' }}>
        {counters.map((counter) => (
          <StatCard key={counter.label} label={counter.label} value={counter.value ?? null} icon={counter.icon} isLoading={isLoading} />
        ))}
      </SimpleGrid>
      <WipPanel />
      <RecentLoads
        loads={data?.recentLoads}
        isLoading={isLoading}
        error={summary.error}
        onRetry={() => void summary.refetch()}
        unavailableText={hasAccess ? undefined : 'Loads are shown to company staff.'}
      />
    </Stack>
  );
}
