import { useMemo } from 'react';
import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { haversineMiles, type LatLng } from '#shared/rules/geo.js';
import { formatNumber } from '../../lib/format';
import { MapView } from './MapView';
import { LANE_COLOURS, MAP_TEXTS, type MapDraggablePoint, type MapFence, type MapPlace, type MapTrack } from './map-types';
import { isLocatable, useDistanceEstimate, useLocate, useLocateAll, type CityAndState } from './use-distance-estimate';

const placeName = (place: CityAndState) => [place.city.trim(), place.state.trim().toUpperCase()].filter(Boolean).join(', ');

function LaneEnd({ role, place, color }: { role: string; place: CityAndState; color: string }) {
  return (
    <HStack gap="2" align="center">
      <Box as="span" aria-hidden="true" w="3" h="3" borderRadius="full" bg={color} flexShrink={0} />
      <Text>
        <Text as="span" fontWeight="semibold">
          {role}:
        </Text>{' '}
        {placeName(place) || '—'}
      </Text>
    </HStack>
  );
}

/** A stop between the first and the last. */
const STOP_COLOUR = '#2b6cb0';

/** A stop of a load on the map: its kind (pickup or drop) and its city and state. */
export interface RouteStop extends CityAndState {
  type: 'pickup' | 'drop';
}

/**
 * The load detail's Map tab. A load with more than two stops shows every stop in order
 * (`MultiStopMap`); otherwise the lane, pickup and delivery, as below.
 */
export function LoadRouteMap({
  pickup,
  delivery,
  stops,
  distance,
  track,
  fences,
  draggable,
}: {
  pickup: { city: string; state: string };
  delivery: { city: string; state: string };
  /** The load's stops in order (the first is the pickup, the last the delivery). */
  stops?: readonly RouteStop[] | undefined;
  /** The load's own distance, as entered: when there is one it is the distance shown. */
  distance?: string | number | null | undefined;
  /** The driver's track for the load (with its last position marked), drawn over the lane. */
  track?: MapTrack | undefined;
  /** The stops' geofences, drawn around their points. */
  fences?: readonly MapFence[] | undefined;
  /** A stop's point being moved, dragged on the map. */
  draggable?: MapDraggablePoint | undefined;
}) {
  const entered = enteredMiles(distance);
  const overlays = { fences, draggable };
  if (stops && stops.length > 2) return <MultiStopMap stops={stops} track={track} entered={entered} overlays={overlays} />;
  return <LaneMap pickup={pickup} delivery={delivery} track={track} entered={entered} overlays={overlays} />;
}

/** What the Map tab draws over a lane: the stops' fences and a point being moved. */
interface Overlays {
  fences?: readonly MapFence[] | undefined;
  draggable?: MapDraggablePoint | undefined;
}

/** The load's entered distance in miles, or null when it has none. */
export function enteredMiles(distance: string | number | null | undefined): number | null {
  if (distance === null || distance === undefined || distance === '') return null;
  const miles = Number(distance);
  return Number.isFinite(miles) && miles > 0 ? miles : null;
}

/**
 * One distance, labelled by how it was obtained (issue 27, item 6): the load's entered distance
 * when it has one (the figure the Details tab shows), else the straight-line estimate.
 */
function DistanceLine({ entered, straightLine, through }: { entered: number | null; straightLine: number | null; through?: boolean }) {
  if (entered !== null) {
    return (
      <Text fontWeight="semibold" data-testid="load-distance">
        Distance: {formatNumber(entered, 'mi')} (entered)
      </Text>
    );
  }
  if (straightLine === null) return null;
  return (
    <Text fontWeight="semibold" data-testid="straight-line-distance">
      Straight-line distance{through ? ' through every stop' : ''}: {formatNumber(straightLine, 'mi')} (estimate)
    </Text>
  );
}

/** What a stop is called: "Pickup" and "Delivery" at the ends, "Stop 2 (drop)" between. */
export function stopRole(stop: RouteStop, index: number, count: number): string {
  if (index === 0) return 'Pickup';
  if (index === count - 1) return 'Delivery';
  return `Stop ${index + 1} (${stop.type})`;
}

const stopColour = (index: number, count: number) =>
  index === 0 ? LANE_COLOURS.pickup : index === count - 1 ? LANE_COLOURS.delivery : STOP_COLOUR;

/**
 * Every stop of a load in order on the base map, each located from its city and state by the
 * offline gazetteer, joined by straight lines, with the load's distance (or the straight-line one through them). A
 * city that cannot be found is named, and the rest are shown.
 */
function MultiStopMap({
  stops,
  track,
  entered,
  overlays,
}: {
  stops: readonly RouteStop[];
  track?: MapTrack | undefined;
  entered: number | null;
  overlays?: Overlays | undefined;
}) {
  const lookups = useLocateAll(stops);
  const points = lookups.map((lookup) => lookup.data ?? null);
  const key = JSON.stringify([stops, points]);
  const places = useMemo(() => {
    const found: MapPlace[] = [];
    stops.forEach((stop, index) => {
      const point = points[index];
      if (point) {
        found.push({
          id: `stop-${index}`,
          ...point,
          label: `${stopRole(stop, index, stops.length)}: ${placeName(stop)}`,
          color: stopColour(index, stops.length),
        });
      }
    });
    return found;
    // The key holds the stops and their points: a new array of the same answers draws nothing again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const located = points.filter((point): point is LatLng => point !== null);
  const miles =
    located.length === stops.length
      ? located.slice(1).reduce((sum, point, index) => sum + haversineMiles(located[index] as LatLng, point), 0)
      : null;
  const failed = lookups.some((lookup) => lookup.error);
  const isLoading = lookups.some((lookup) => lookup.isLoading);
  const missing = stops.flatMap((stop, index) => {
    const role = stopRole(stop, index, stops.length);
    if (!isLocatable(stop)) return [`${role} city and state are needed to show it on the map.`];
    if (lookups[index]?.data === null) return [`${role} city not found: ${placeName(stop)}. Check the city and state.`];
    return [];
  });

  return (
    <Stack gap="3">
      <MapView
        places={places}
        track={track}
        {...overlays}
        connect
        ariaLabel={`Map of the load's ${stops.length} stops, from ${placeName(stops[0] as RouteStop) || 'pickup'} to ${placeName(stops[stops.length - 1] as RouteStop) || 'delivery'}`}
        height="320px"
      />
      <Stack gap="1" as="ol" data-testid="route-stops" listStyleType="none" ms="0">
        {stops.map((stop, index) => (
          <li key={index}>
            <LaneEnd role={`${index + 1}. ${stopRole(stop, index, stops.length)}`} place={stop} color={stopColour(index, stops.length)} />
          </li>
        ))}
      </Stack>
      <DistanceLine entered={entered} straightLine={miles} through />
      {isLoading ? (
        <Text role="status" color="gray.700">
          Locating the stops...
        </Text>
      ) : null}
      {failed ? (
        <HStack role="alert" gap="3" wrap="wrap">
          <Text color="red.700">{MAP_TEXTS.unavailable}</Text>
          <Button size="sm" variant="outline" onClick={() => lookups.forEach((lookup) => lookup.error && void lookup.refetch())}>
            Try again
          </Button>
        </HStack>
      ) : null}
      {missing.length > 0 ? (
        <Stack gap="1" role="status">
          {missing.map((message) => (
            <Text key={message} color="orange.800">
              {message}
            </Text>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

/**
 * A lane of two stops: pickup and delivery on the base map, located from their city and
 * state by the offline gazetteer, joined by a straight line, with the straight-line distance.
 * When a city cannot be found it says which, and shows whatever it could place.
 */
function LaneMap({
  pickup,
  delivery,
  track,
  entered,
  overlays,
}: {
  pickup: { city: string; state: string };
  delivery: { city: string; state: string };
  track?: MapTrack | undefined;
  entered: number | null;
  overlays?: Overlays | undefined;
}) {
  const { query: estimate, isComplete } = useDistanceEstimate(pickup, delivery);
  const notFound = estimate.data === null;
  // Only when the estimate is null: which end (or both) is unknown?
  const pickupLookup = useLocate(pickup, notFound);
  const deliveryLookup = useLocate(delivery, notFound);

  const pickupPoint = estimate.data?.pickup ?? pickupLookup.data ?? null;
  const deliveryPoint = estimate.data?.delivery ?? deliveryLookup.data ?? null;
  const pickupLabel = placeName(pickup);
  const deliveryLabel = placeName(delivery);
  const places = useMemo(() => {
    const found: MapPlace[] = [];
    if (pickupPoint) found.push({ id: 'pickup', ...pickupPoint, label: `Pickup: ${pickupLabel}`, color: LANE_COLOURS.pickup });
    if (deliveryPoint) found.push({ id: 'delivery', ...deliveryPoint, label: `Delivery: ${deliveryLabel}`, color: LANE_COLOURS.delivery });
    return found;
  }, [pickupPoint, deliveryPoint, pickupLabel, deliveryLabel]);

  const failed = Boolean(estimate.error ?? pickupLookup.error ?? deliveryLookup.error);
  const retry = () => {
    if (estimate.error) void estimate.refetch();
    if (pickupLookup.error) void pickupLookup.refetch();
    if (deliveryLookup.error) void deliveryLookup.refetch();
  };

  const missing: string[] = [];
  if (!isLocatable(pickup)) missing.push('Pickup city and state are needed to show it on the map.');
  else if (notFound && pickupLookup.data === null) missing.push(`Pickup city not found: ${pickupLabel}. Check the city and state.`);
  if (!isLocatable(delivery)) missing.push('Delivery city and state are needed to show it on the map.');
  else if (notFound && deliveryLookup.data === null) missing.push(`Delivery city not found: ${deliveryLabel}. Check the city and state.`);

  return (
    <Stack gap="3">
      <MapView
        places={places}
        track={track}
        {...overlays}
        connect
        ariaLabel={`Map of the lane from ${pickupLabel || 'pickup'} to ${deliveryLabel || 'delivery'}`}
        height="320px"
      />
      <Stack gap="1">
        <LaneEnd role="Pickup" place={pickup} color={LANE_COLOURS.pickup} />
        <LaneEnd role="Delivery" place={delivery} color={LANE_COLOURS.delivery} />
      </Stack>
      <DistanceLine entered={entered} straightLine={estimate.data?.miles ?? null} />
      {isComplete && estimate.isLoading ? (
        <Text role="status" color="gray.700">
          Locating pickup and delivery...
        </Text>
      ) : null}
      {failed ? (
        <HStack role="alert" gap="3" wrap="wrap">
          <Text color="red.700">{MAP_TEXTS.unavailable}</Text>
          <Button size="sm" variant="outline" onClick={retry}>
            Try again
          </Button>
        </HStack>
      ) : null}
      {missing.length > 0 ? (
        <Stack gap="1" role="status">
          {missing.map((message) => (
            <Text key={message} color="orange.800">
              {message}
            </Text>
          ))}
          {entered === null ? <Text color="gray.700">The straight-line distance needs both cities.</Text> : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
