import { lazy, Suspense, type ReactNode } from 'react';
import { Card, Field, Flex, Heading, Input, NativeSelect, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { CheckCircle2, CircleDollarSign, Clock, Handshake, UserRound } from 'lucide-react';
import {
  ANALYTICS_RANGE_LABELS,
  ANALYTICS_RANGES,
  REVENUE_NOTES,
  type AnalyticsLeader,
  type AnalyticsRangePreset,
  type AnalyticsReport,
} from '#shared/schemas/analytics.js';
import { DataTable, type Column } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { StatusBadge } from '../../components/StatusBadge';
import { useFailureToast } from '../../lib/errors';
import { formatDateRange, formatMoney, formatNumber } from '../../lib/format';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { StatCard } from '../dashboard/StatCard';
import { ExportCard } from '../export/ExportCard';

/** recharts comes with this chunk only, fetched when analytics opens. */
const AnalyticsCharts = lazy(() => import('./AnalyticsCharts'));

export interface AnalyticsRange {
  range: AnalyticsRangePreset;
  from?: string;
  to?: string;
}

const leaderColumns = (what: string): Column<AnalyticsLeader>[] => [
  { key: 'name', header: what, cell: (row) => <Text fontWeight="medium">{row.name}</Text> },
  { key: 'loads', header: 'Loads', align: 'end', cell: (row) => formatNumber(row.loads) },
  { key: 'revenue', header: 'Revenue', align: 'end', cell: (row) => <Text whiteSpace="nowrap">{formatMoney(row.revenue)}</Text> },
];
type StatusRow = AnalyticsReport['byStatus'][number];
const statusColumns: Column<StatusRow>[] = [
  { key: 'status', header: 'Status', cell: (row) => <StatusBadge status={row.status} /> },
  { key: 'loads', header: 'Loads', align: 'end', cell: (row) => formatNumber(row.loads) },
  { key: 'revenue', header: 'Revenue', align: 'end', cell: (row) => <Text whiteSpace="nowrap">{formatMoney(row.revenue)}</Text> },
];
type LaneRow = AnalyticsReport['topLanes'][number];
const laneColumns: Column<LaneRow>[] = [
  { key: 'lane', header: 'Lane', cell: (row) => <Text whiteSpace="nowrap">{`${row.pickup} → ${row.delivery}`}</Text> },
  { key: 'loads', header: 'Loads', align: 'end', cell: (row) => formatNumber(row.loads) },
  { key: 'revenue', header: 'Revenue', align: 'end', cell: (row) => <Text whiteSpace="nowrap">{formatMoney(row.revenue)}</Text> },
];

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = `${title.toLowerCase().replaceAll(/[^a-z0-9]+/g, '-')}-heading`;
  return (
    <Card.Root variant="outline" bg="white" as="section" aria-labelledby={id}>
      <Card.Header pb="2">
        <Heading as="h2" size="md" id={id}>
          {title}
        </Heading>
      </Card.Header>
      <Card.Body pt="2">{children}</Card.Body>
    </Card.Root>
  );
}

/**
 * The analytics page: "My Performance" for sales (their own loads), "Reports" for treasury,
 * "Analytics" for admins, who also find the Export card here. Every figure comes from the
 * server for the chosen range (analytics.report).
 */
export function AnalyticsPage({ range, onRangeChange }: { range: AnalyticsRange; onRangeChange: (next: AnalyticsRange) => void }) {
  const session = useSession();
  const title = session.isMasterAdmin
    ? 'Analytics'
    : session.role === 'sales'
      ? 'My Performance'
      : session.role === 'treasury'
        ? 'Reports'
        : 'Analytics';
  const isCustomReady = range.range !== 'custom' || Boolean(range.from && range.to && range.from <= range.to);
  const report = trpc.analytics.report.useQuery(range, { enabled: isCustomReady, placeholderData: (previous) => previous });
  useFailureToast(report);
  const data = report.data;
  const isLoading = report.isPending;
  const overview = data?.overview;
  // Each figure's definition: shared/src/rules/figures.ts (docs/dashboards.md).
  const cards = [
    { label: 'Total Revenue', value: overview ? formatMoney(overview.totalRevenue) : null, icon: CircleDollarSign },
    { label: 'Average per Load', value: overview ? formatMoney(overview.averagePerLoad) : null, icon: CircleDollarSign },
    { label: 'Completed Loads', value: overview ? formatNumber(overview.completedLoads) : null, icon: CheckCircle2 },
    {
      label: 'Active Drivers',
      value: overview ? formatNumber(overview.activeDrivers) : null,
      icon: UserRound,
      hint: overview ? `Available or on route now; ${formatNumber(overview.driversOnLoads)} on loads in the period` : undefined,
    },
    { label: 'Active Brokers', value: overview ? formatNumber(overview.activeBrokers) : null, icon: Handshake },
    {
      label: 'On-time Delivery',
      value: overview ? (overview.onTimeRate === null ? '—' : `${overview.onTimeRate}%`) : null,
      icon: Clock,
      hint: overview
        ? `${formatNumber(overview.deliveredOnTime)} of ${formatNumber(overview.deliveredWithDate + overview.overdueLoads)} by the delivery date` +
          (overview.overdueLoads > 0 ? `; ${formatNumber(overview.overdueLoads)} overdue` : '')
        : undefined,
    },
  ];
  const subtitle =
    session.role === 'sales' && !session.isMasterAdmin
      ? 'Your loads: revenue, completion and top partners'
      : 'Revenue, loads and top partners';

  return (
    <Stack gap="6">
      <PageHeader title={title} subtitle={subtitle} />
      <Flex as="section" aria-label="Period" gap="3" wrap="wrap" align="flex-end">
        <Field.Root w={{ base: 'full', sm: '48' }}>
          <Field.Label>Date range</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              bg="white"
              value={range.range}
              onChange={(event) => onRangeChange({ ...range, range: event.currentTarget.value as AnalyticsRangePreset })}
            >
              {ANALYTICS_RANGES.map((preset) => (
                <option key={preset} value={preset}>
                  {ANALYTICS_RANGE_LABELS[preset]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {range.range === 'custom' ? (
          <>
            <Field.Root w={{ base: 'full', sm: '44' }}>
              <Field.Label>From</Field.Label>
              <Input
                bg="white"
                type="date"
                value={range.from ?? ''}
                onChange={(event) => onRangeChange({ ...range, from: event.currentTarget.value || undefined })}
              />
            </Field.Root>
            <Field.Root w={{ base: 'full', sm: '44' }} invalid={Boolean(range.from && range.to && range.from > range.to)}>
              <Field.Label>To</Field.Label>
              <Input
                bg="white"
                type="date"
                value={range.to ?? ''}
                onChange={(event) => onRangeChange({ ...range, to: event.currentTarget.value || undefined })}
              />
              <Field.ErrorText>To must be on or after From</Field.ErrorText>
            </Field.Root>
          </>
        ) : null}
        {data ? (
          <Text color="gray.700" fontSize="sm" pb="2" data-testid="analytics-period">
            {formatDateRange(data.range.from, data.range.until)}
          </Text>
        ) : null}
      </Flex>
      <Stack gap="2">
        <SimpleGrid as="section" aria-label="Revenue cards" columns={{ base: 2, md: 3, '2xl': 6 }} gap={{ base: '3', md: '4' }}>
          {cards.map((card) => (
            <StatCard
              key={card.label}
              label={card.label}
              value={card.value}
              icon={card.icon}
              hint={card.hint}
              isLoading={isLoading && isCustomReady}
            />
          ))}
        </SimpleGrid>
        <Text fontSize="sm" color="gray.700">
          Total Revenue: {REVENUE_NOTES[data?.revenueBasis ?? 'load_rates']}. {formatNumber(overview?.totalLoads ?? 0)} loads created in the
          period.
        </Text>
      </Stack>
      {data ? (
        <Suspense fallback={<Skeleton height="64" />}>
          <AnalyticsCharts report={data} />
        </Suspense>
      ) : null}
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <Panel title="Revenue by Status">
          <DataTable
            label="Revenue by status"
            columns={statusColumns}
            rows={data?.byStatus}
            rowKey={(row) => row.status}
            isLoading={isLoading}
            error={report.error}
            emptyText="No loads in this period"
          />
        </Panel>
        <Panel title="Top Lanes by Volume">
          <DataTable
            label="Top lanes by volume"
            columns={laneColumns}
            rows={data?.topLanes}
            rowKey={(row) => `${row.pickup}-${row.delivery}`}
            isLoading={isLoading}
            error={report.error}
            emptyText="No loads in this period"
          />
        </Panel>
        <Panel title="Top 5 Drivers">
          <DataTable
            label="Top 5 drivers"
            columns={leaderColumns('Driver')}
            rows={data?.topDrivers}
            rowKey={(row) => row.id}
            isLoading={isLoading}
            error={report.error}
            emptyText="No drivers on loads in this period"
          />
        </Panel>
        <Panel title="Top 5 Brokers">
          <DataTable
            label="Top 5 brokers"
            columns={leaderColumns('Broker')}
            rows={data?.topBrokers}
            rowKey={(row) => row.id}
            isLoading={isLoading}
            error={report.error}
            emptyText="No brokers on loads in this period"
          />
        </Panel>
      </SimpleGrid>
      {session.isMasterAdmin || session.role === 'admin' ? <ExportCard /> : null}
    </Stack>
  );
}
