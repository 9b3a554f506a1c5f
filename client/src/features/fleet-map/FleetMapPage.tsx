import { Component, lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Box, Button, Card, Center, Grid, Heading, HStack, Input, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { MessageSquare, Phone } from 'lucide-react';
import { gpsFreshness } from '#shared/rules/geo.js';
import { FLEET_REFRESH_MS, FRESHNESS_LABELS, type FleetDriver } from '#shared/schemas/fleet.js';
import { PageHeader } from '../../components/PageHeader';
import { PlaceName } from '../../components/PlaceName';
import { StatusBadge } from '../../components/StatusBadge';
import { useFailureToast, FETCH_FAILED } from '../../lib/errors';
import { formatAge } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { usePlaceNames, type PlaceLookup } from '../../lib/use-place-names';
import { FRESHNESS_COLOURS, MAP_TEXTS } from '../maps/map-types';
import { shareFleet } from './fleet-delta';
import { summarizeFleet } from './fleet-map-model';

/** The driver list shows at most this many rows (the map shows every driver). */
const LISTED_MAX = 200;

// MapLibre and the clustering worker load only on this screen.
const FleetMap = lazy(() => import('./FleetMap'));

class MapUnavailable extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Center h="full" role="alert">
        <Text color="red.700">{MAP_TEXTS.unavailable}</Text>
      </Center>
    );
  }
}

/** The current time, ticking, so freshness moves on while the screen is open. */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

function DriverPanel({ driver, place, now }: { driver: FleetDriver; place: PlaceLookup; now: number }) {
  const name = `${driver.firstName} ${driver.lastName}`;
  // The list holds what the map needs; the company and the current load's lane and broker are read
  // for the selected driver only, and again when the list's current load changes (a delta merged).
  const detail = trpc.fleet.driver.useQuery(
    { id: driver.id },
    { placeholderData: (previous) => (previous?.id === driver.id ? previous : undefined) },
  );
  const summary = driver.currentLoad;
  const { refetch } = detail;
  const summaryKey = summary ? `${summary.id}:${summary.status}:${summary.loadNumber}` : '';
  const firstKey = useRef(summaryKey);
  useEffect(() => {
    if (summaryKey !== firstKey.current) void refetch();
    firstKey.current = summaryKey;
  }, [summaryKey, refetch]);
  const load = summary && detail.data?.currentLoad?.id === summary.id ? detail.data.currentLoad : null;
  return (
    <Card.Root variant="outline" bg="white" as="section" aria-labelledby="fleet-driver-heading" data-testid="fleet-driver-panel">
      <Card.Body>
        <Stack gap="3">
          <HStack justify="space-between" wrap="wrap">
            <Heading as="h2" size="md" id="fleet-driver-heading">
              {name}
            </Heading>
            <StatusBadge status={gpsFreshness(driver.lastLocationUpdate, now)} />
          </HStack>
          {detail.data ? (
            <Text fontSize="sm" color="gray.700">
              {detail.data.companyName}
            </Text>
          ) : null}
          {driver.lat !== null && driver.lng !== null ? (
            <PlaceName
              lat={driver.lat}
              lng={driver.lng}
              place={place}
              at={driver.lastLocationUpdate}
              now={now}
              fontSize="sm"
              testId="fleet-driver-place"
            />
          ) : (
            <Text fontSize="sm" color="gray.700">
              No location shared yet · Last update {formatAge(driver.lastLocationUpdate, now)}
            </Text>
          )}
          {driver.phone ? (
            <HStack gap="2">
              <Button asChild size="sm" colorPalette="green">
                <a href={`tel:${driver.phone}`} aria-label={`Call ${name}`}>
                  <Phone size={16} /> Call
                </a>
              </Button>
              <Button asChild size="sm" variant="outline">
                <a href={`sms:${driver.phone}`} aria-label={`Text ${name}`}>
                  <MessageSquare size={16} /> Text
                </a>
              </Button>
            </HStack>
          ) : (
            <Text fontSize="sm">No phone number on file</Text>
          )}
          <Box>
            <Heading as="h3" size="sm" mb="1">
              Current Load
            </Heading>
            {summary ? (
              <Stack gap="1" fontSize="sm">
                <HStack justify="space-between">
                  <Text fontWeight="semibold">{summary.loadNumber}</Text>
                  <StatusBadge status={summary.status} />
                </HStack>
                {load ? (
                  <>
                    <Text>
                      {load.pickupCity}, {load.pickupState} → {load.deliveryCity}, {load.deliveryState}
                    </Text>
                    <Text>
                      Broker: {load.brokerName ?? '—'}
                      {load.brokerPhone ? (
                        <>
                          {' · '}
                          <a href={`tel:${load.brokerPhone}`}>{load.brokerPhone}</a>
                        </>
                      ) : null}
                    </Text>
                  </>
                ) : detail.isError ? null : (
                  <Spinner size="xs" aria-label="Loading the load's lane" />
                )}
              </Stack>
            ) : (
              <Text fontSize="sm">No active load</Text>
            )}
          </Box>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * The fleet map (admins and dispatchers; a master admin sees every company's drivers): driver
 * search, Active / Idle / Offline counts, the clustered map, the driver list (each driver's place
 * and its age under the name) and the selected driver's panel (the place and its age, the
 * coordinates under it) with call and text links and the current load. Live: a reported position changes the driver's row
 * (fleet-live.ts reads only the drivers a live change names and merges them into fleet.list);
 * every 90 seconds the list is read again whole anyway (the spec's refresh).
 */
export function FleetMapPage() {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 300);
  const fleet = trpc.fleet.list.useQuery(debounced ? { search: debounced } : {}, {
    refetchInterval: FLEET_REFRESH_MS,
    placeholderData: (previous) => previous,
    // Unchanged drivers keep their objects, compared by their known fields (fleet-delta.ts).
    structuralSharing: shareFleet,
  });
  useFailureToast(fleet, 'Error', FETCH_FAILED);
  const now = useNow(30_000);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const drivers = useMemo(() => fleet.data?.drivers ?? [], [fleet.data]);

  // The counts and the worker's points in one pass (fleet-map-model.ts, measured by bench/fleet-map.ts).
  const { counts, points } = useMemo(() => summarizeFleet(drivers, now), [drivers, now]);
  const selected = drivers.find((driver) => driver.id === selectedId) ?? null;
  const listed = useMemo(() => drivers.slice(0, LISTED_MAX), [drivers]);
  // Places, not coordinates: the listed drivers' and the selected one's, 100 a call, each position
  // asked once for the tab's life (a refetch or a live move asks only for new positions).
  const placeNames = usePlaceNames(selected ? [...listed, selected] : listed);
  const selectedPlace = selected ? placeNames[listed.length] : undefined;

  return (
    <Stack gap="4">
      <PageHeader title="Fleet Map" subtitle="Live driver locations" />
      <HStack gap="3" wrap="wrap" align="end">
        <Box flex="1" minW="220px">
          <Input
            type="search"
            placeholder="Search drivers..."
            aria-label="Search drivers"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            bg="white"
          />
        </Box>
        {fleet.isFetching ? <Spinner size="sm" aria-label="Refreshing" /> : null}
      </HStack>
      <SimpleGrid columns={3} gap="3" as="section" aria-label="Driver counts">
        {(['active', 'idle', 'offline'] as const).map((freshness) => (
          <Card.Root key={freshness} variant="outline" bg="white">
            <Card.Body p="3">
              <HStack gap="2">
                <Box w="3" h="3" borderRadius="full" bg={FRESHNESS_COLOURS[freshness]} aria-hidden />
                <Text fontSize="sm" color="gray.700">
                  {FRESHNESS_LABELS[freshness]}
                </Text>
              </HStack>
              <Text fontSize="2xl" fontWeight="bold" data-testid={`fleet-count-${freshness}`}>
                {fleet.isPending ? '—' : counts[freshness]}
              </Text>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
      {/* minmax(0, …): a long driver name truncates in its row instead of widening the column past a phone's width. */}
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }} gap="4">
        <Box h={{ base: '380px', lg: '560px' }}>
          <MapUnavailable>
            <Suspense
              fallback={
                <Center h="full" role="status">
                  <Spinner />
                  <Text srOnly>{MAP_TEXTS.loading}</Text>
                </Center>
              }
            >
              <FleetMap points={points} selectedId={selectedId} onSelect={setSelectedId} height="100%" />
            </Suspense>
          </MapUnavailable>
        </Box>
        <Stack gap="3">
          {selected ? (
            <DriverPanel key={selected.id} driver={selected} place={selectedPlace} now={now} />
          ) : (
            <Text color="gray.700">Select a driver to see their details.</Text>
          )}
          <Card.Root variant="outline" bg="white" as="section" aria-labelledby="fleet-drivers-heading">
            <Card.Body p="3">
              <Heading as="h2" size="sm" id="fleet-drivers-heading" mb="2">
                Drivers ({drivers.length})
              </Heading>
              {fleet.isPending ? (
                <Spinner size="sm" />
              ) : drivers.length === 0 ? (
                <Text fontSize="sm">No drivers found</Text>
              ) : (
                <Stack as="ul" gap="1" maxH="320px" overflowY="auto" p="0" m="0">
                  {listed.map((driver, index) => {
                    const freshness = gpsFreshness(driver.lastLocationUpdate, now);
                    return (
                      <Box as="li" key={driver.id} listStyleType="none">
                        <Button
                          variant={driver.id === selectedId ? 'subtle' : 'ghost'}
                          size="sm"
                          w="full"
                          h="auto"
                          minH="9"
                          py="1"
                          justifyContent="space-between"
                          onClick={() => setSelectedId(driver.id)}
                          aria-pressed={driver.id === selectedId}
                        >
                          {/* minW 0: a long name or place truncates in the row instead of widening it past a phone's width. */}
                          <Stack as="span" gap="0" flex="1" minW="0" textAlign="start">
                            <Text truncate>
                              {driver.firstName} {driver.lastName}
                            </Text>
                            {driver.lat !== null && driver.lng !== null ? (
                              <PlaceName
                                lat={driver.lat}
                                lng={driver.lng}
                                place={placeNames[index]}
                                at={driver.lastLocationUpdate}
                                now={now}
                                coordinates="tooltip"
                                lines="truncate"
                                fontSize="xs"
                                color="gray.700"
                              />
                            ) : null}
                          </Stack>
                          <StatusBadge status={freshness} />
                        </Button>
                      </Box>
                    );
                  })}
                </Stack>
              )}
            </Card.Body>
          </Card.Root>
        </Stack>
      </Grid>
    </Stack>
  );
}
