import { Card, Heading, Text } from '@chakra-ui/react';
import type { DashboardLoad } from '#shared/schemas/dashboard.js';
import { DataTable, type Column } from '../../components/DataTable';
import { StatusBadge } from '../../components/StatusBadge';
import { formatMoney } from '../../lib/format';
import { LoadLink } from './LoadLink';

const columns: Column<DashboardLoad>[] = [
  { key: 'number', header: 'Load', cell: (load) => <LoadLink id={load.id} loadNumber={load.loadNumber} /> },
  {
    key: 'lane',
    header: 'Lane',
    cell: (load) => (
      <Text whiteSpace="nowrap">
        {load.pickupCity}, {load.pickupState} → {load.deliveryCity}, {load.deliveryState}
      </Text>
    ),
  },
  { key: 'driver', header: 'Driver', cell: (load) => load.driverName ?? 'Unassigned' },
  { key: 'broker', header: 'Broker', cell: (load) => load.brokerName ?? '—' },
  { key: 'status', header: 'Status', cell: (load) => <StatusBadge status={load.status} /> },
  { key: 'rate', header: 'Rate', align: 'end', cell: (load) => <Text whiteSpace="nowrap">{formatMoney(load.rate)}</Text> },
];

/** A dashboard's table of active loads (My Active Loads, the dispatcher's Active Loads). */
export function DashboardLoadsTable({
  title,
  loads,
  isLoading,
  error,
  onRetry,
}: {
  title: string;
  loads: DashboardLoad[] | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
}) {
  const id = `${title.toLowerCase().replaceAll(' ', '-')}-heading`;
  return (
    <Card.Root variant="outline" bg="white" as="section" aria-labelledby={id}>
      <Card.Header pb="2">
        <Heading as="h2" size="lg" id={id}>
          {title}
        </Heading>
      </Card.Header>
      <Card.Body pt="2">
        <DataTable
          label={title}
          columns={columns}
          rows={loads}
          rowKey={(load) => load.id}
          isLoading={isLoading}
          error={error}
          emptyText="No active loads"
          loadingText="Loading loads..."
          onRetry={onRetry}
        />
      </Card.Body>
    </Card.Root>
  );
}
