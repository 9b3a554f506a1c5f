import { takesPod } from '#shared/constants.js';
import { Badge, Card, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { gpsFreshness } from '#shared/rules/geo.js';
import { PORTAL_TEXTS, type CarrierPortalOutput, type PortalLoad } from '#shared/schemas/portal.js';
import { DataTable, type Column } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { PortalMessagesLink } from '../messages/PortalMessagesLink';
import { QueryState } from '../../components/QueryState';
import { StatusBadge } from '../../components/StatusBadge';
import { useFailureToast } from '../../lib/errors';
import { formatAge, formatDate, formatMoney } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { PodUpload } from '../driver-portal/PodUpload';
import { PortalDocuments } from '../driver-portal/PortalDocuments';
import { DriverStatements } from './DriverStatements';

type CarrierDriver = CarrierPortalOutput['drivers'][number];

const driverColumns: Column<CarrierDriver>[] = [
  { key: 'name', header: 'Driver', cell: (driver) => `${driver.firstName} ${driver.lastName}` },
  { key: 'phone', header: 'Phone', cell: (driver) => (driver.phone ? <a href={`tel:${driver.phone}`}>{driver.phone}</a> : '—') },
  { key: 'status', header: 'Status', cell: (driver) => <StatusBadge status={driver.status} /> },
  {
    key: 'location',
    header: 'Location',
    cell: (driver) => (
      <HStack gap="2">
        <StatusBadge status={gpsFreshness(driver.lastLocationUpdate)} />
        <Text whiteSpace="nowrap">{formatAge(driver.lastLocationUpdate)}</Text>
      </HStack>
    ),
  },
];

const loadColumns: Column<PortalLoad>[] = [
  { key: 'number', header: 'Load', cell: (load) => load.loadNumber },
  { key: 'lane', header: 'Lane', cell: (load) => `${load.pickupCity}, ${load.pickupState} → ${load.deliveryCity}, ${load.deliveryState}` },
  { key: 'driver', header: 'Driver', cell: (load) => load.driverName ?? '—' },
  { key: 'pickup', header: 'Pickup', cell: (load) => formatDate(load.pickupDate) },
  { key: 'status', header: 'Status', cell: (load) => <StatusBadge status={load.status} /> },
  { key: 'rate', header: 'Rate', cell: (load) => formatMoney(load.rate), align: 'end' },
  // The carrier's proof of delivery from the phone (POST /api/documents admits a carrier user for its carrier's loads).
  {
    key: 'pod',
    header: 'Proof of delivery',
    cell: (load) => (takesPod(load.status) ? <PodUpload loadId={load.id} loadNumber={load.loadNumber} /> : '—'),
  },
];

/**
 * The carrier portal, for a carrier user (an account linked to a driver record with carrier_id):
 * the carrier with its Contract Signed / Contract Pending badge, its drivers with their freshness,
 * their loads and the documents marked carrier. Without a carrier: the spec's text.
 */
export function CarrierPortalPage() {
  const portal = trpc.portal.carrier.useQuery(undefined, { refetchInterval: 90_000 });
  useFailureToast(portal, PORTAL_TEXTS.carrierFailed);
  const data = portal.data;
  if (!data) {
    return (
      <Stack gap="6">
        <PageHeader title="Carrier Portal" />
        <QueryState isLoading={portal.isPending} error={portal.error} isEmpty={false} emptyText="" onRetry={() => void portal.refetch()}>
          {null}
        </QueryState>
      </Stack>
    );
  }
  const carrier = data.carrier;
  if (!carrier) {
    return (
      <Stack gap="6">
        <PageHeader title="Carrier Portal" />
        <Text role="status">{PORTAL_TEXTS.noCarrier}</Text>
      </Stack>
    );
  }
  return (
    <Stack gap="5">
      <PageHeader title="Carrier Portal" subtitle={carrier.name} actions={<PortalMessagesLink />} />
      <Card.Root variant="outline" bg="white" as="section" aria-labelledby="carrier-heading">
        <Card.Body>
          <HStack justify="space-between" wrap="wrap" gap="2">
            <Heading as="h2" size="md" id="carrier-heading">
              {carrier.name}
            </Heading>
            <Badge colorPalette={carrier.contractSigned ? 'green' : 'yellow'} variant="subtle">
              {carrier.contractSigned ? 'Contract Signed' : 'Contract Pending'}
            </Badge>
          </HStack>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2" mt="3" fontSize="sm">
            <Text>MC number: {carrier.mcNumber ?? '—'}</Text>
            <Text>DOT number: {carrier.dotNumber ?? '—'}</Text>
            <Text>Phone: {carrier.phone ?? '—'}</Text>
            <Text>Email: {carrier.email ?? '—'}</Text>
          </SimpleGrid>
        </Card.Body>
      </Card.Root>
      <Card.Root variant="outline" bg="white" as="section" aria-labelledby="carrier-drivers-heading">
        <Card.Body>
          <Heading as="h2" size="md" id="carrier-drivers-heading" mb="3">
            Drivers
          </Heading>
          <DataTable
            label="Drivers"
            columns={driverColumns}
            rows={data.drivers}
            rowKey={(driver) => driver.id}
            isLoading={false}
            error={null}
            emptyText="No drivers yet."
          />
        </Card.Body>
      </Card.Root>
      <Card.Root variant="outline" bg="white" as="section" aria-labelledby="carrier-loads-heading">
        <Card.Body>
          <Heading as="h2" size="md" id="carrier-loads-heading" mb="3">
            Assigned Loads
          </Heading>
          <DataTable
            label="Assigned Loads"
            columns={loadColumns}
            rows={data.loads}
            rowKey={(load) => load.id}
            isLoading={false}
            error={null}
            emptyText="No loads assigned yet."
          />
        </Card.Body>
      </Card.Root>
      <DriverStatements />
      <PortalDocuments title="Carrier Documents" />
    </Stack>
  );
}
