import { Card, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ClipboardList, Navigation, Truck, UserRound } from 'lucide-react';
import type { DriverLocation } from '#shared/schemas/dashboard.js';
import { gpsFreshness } from '#shared/rules/geo.js';
import { DataTable, type Column } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { PlaceName } from '../../components/PlaceName';
import { StatusBadge } from '../../components/StatusBadge';
import { useFailureToast } from '../../lib/errors';
import { formatAge } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { usePlaceNames, type PlaceLookup } from '../../lib/use-place-names';
import { WipPanel } from '../wip/WipPanel';
import { DashboardLoadsTable } from './DashboardLoadsTable';
import { StatCard } from './StatCard';

/** The drivers' last locations: the place (PlaceName: the coordinates to 4 decimals under it, as the spec shows them), its age and freshness. */
function locationColumns(places: ReadonlyMap<string, PlaceLookup>): Column<DriverLocation>[] {
  return [
    { key: 'name', header: 'Driver', cell: (driver) => <Text fontWeight="medium">{driver.name}</Text> },
    { key: 'status', header: 'Status', cell: (driver) => <StatusBadge status={driver.status} /> },
    {
      key: 'location',
      header: 'Location',
      cell: (driver) =>
        driver.lat === null ? <Text>—</Text> : <PlaceName lat={driver.lat} lng={driver.lng} place={places.get(driver.id)} lines="nowrap" />,
    },
    {
      key: 'age',
      header: 'Last update',
      cell: (driver) => (
        <Stack direction="row" align="center" gap="2">
          <StatusBadge status={gpsFreshness(driver.lastLocationUpdate)} />
          <Text whiteSpace="nowrap">{formatAge(driver.lastLocationUpdate)}</Text>
        </Stack>
      ),
    },
  ];
}

/**
 * The Dispatch Dashboard: Active Loads, Available Drivers, In Transit and Pending WIP, the latest
 * active loads with driver and broker, the drivers' last locations (the place near them with its
 * 4-decimal coordinates, age, freshness) and the WIP panel. Live: a load's status, a driver's location or a WIP request
 * re-reads it (LIVE_RULES).
 */
export function DispatchDashboard() {
  const figures = trpc.dashboard.dispatch.useQuery();
  useFailureToast(figures);
  const data = figures.data;
  const drivers = data?.driverLocations ?? [];
  const placeNames = usePlaceNames(drivers);
  const places = new Map<string, PlaceLookup>(drivers.map((driver, index) => [driver.id, placeNames[index]]));
  const counters = [
    { label: 'Active Loads', value: data?.activeLoads ?? null, icon: Truck },
    { label: 'Available Drivers', value: data?.availableDrivers ?? null, icon: UserRound },
    { label: 'In Transit', value: data?.inTransit ?? null, icon: Navigation },
    { label: 'Pending WIP', value: data?.pendingWip ?? null, icon: ClipboardList },
  ];
  return (
    <Stack gap="6">
      <PageHeader title="Dispatch Dashboard" subtitle="Active loads and where your drivers are" />
      <SimpleGrid as="section" aria-label="Counters" columns={{ base: 2, xl: 4 }} gap={{ base: '3', md: '4' }}>
        {counters.map((counter) => (
          <StatCard key={counter.label} label={counter.label} value={counter.value} icon={counter.icon} isLoading={figures.isPending} />
        ))}
      </SimpleGrid>
      <DashboardLoadsTable
        title="Active Loads"
        loads={data?.activeLoadList}
        isLoading={figures.isPending}
        error={figures.error}
        onRetry={() => void figures.refetch()}
      />
      <Card.Root variant="outline" bg="white" as="section" aria-labelledby="driver-locations-heading">
        <Card.Header pb="2">
          <Heading as="h2" size="lg" id="driver-locations-heading">
            Driver Locations
          </Heading>
        </Card.Header>
        <Card.Body pt="2">
          <DataTable
            label="Driver Locations"
            columns={locationColumns(places)}
            rows={data?.driverLocations}
            rowKey={(driver) => driver.id}
            isLoading={figures.isPending}
            error={figures.error}
            emptyText="No drivers yet"
            onRetry={() => void figures.refetch()}
          />
        </Card.Body>
      </Card.Root>
      <WipPanel />
    </Stack>
  );
}
