import { useMemo } from 'react';
import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import type { TrackingStop, TrackingView } from '#shared/schemas/tracking.js';
import { formatAge } from '../../lib/format';
import { MapView } from '../maps/MapView';
import { LANE_COLOURS, type MapPlace, type MapTrack } from '../maps/map-types';

/** The truck's marker on a tracking link's map (the Map tab's track colour). */
export const TRUCK_COLOUR = '#6b46c1';

const STOP_LABELS = { pickup: 'Pickup', delivery: 'Delivery' } as const;
const cityName = ({ city, state }: { city: string; state: string }) => `${city}, ${state}`;

/**
 * A tracking link's map: the lane's stops (pickup, then delivery, located by the server: a visitor
 * may not ask the geo procedures) joined by a dashed line, and the truck's last position marked
 * with its age (for a city-level link the centre of the town it is near: the server sends nothing
 * finer). The offline base map of features/maps: nothing is fetched off this machine.
 */
export function TrackingMap({ view }: { view: TrackingView }) {
  const last = view.lastPosition;
  const age = last ? formatAge(last.recordedAt) : null;
  const places = useMemo(
    () =>
      view.stops.flatMap((stop): MapPlace[] =>
        stop.location
          ? [
              {
                id: stop.kind,
                lat: stop.location.lat,
                lng: stop.location.lng,
                label: `${STOP_LABELS[stop.kind]}: ${cityName(stop)}`,
                color: LANE_COLOURS[stop.kind],
              },
            ]
          : [],
      ),
    [view.stops],
  );
  const track = useMemo<MapTrack | undefined>(
    () =>
      last && age
        ? {
            coordinates: [],
            color: TRUCK_COLOUR,
            marker: { id: 'truck', lat: last.lat, lng: last.lng, label: `Truck · ${age}`, color: TRUCK_COLOUR, labelBelow: true },
          }
        : undefined,
    [last, age],
  );
  const unlocated = view.stops.filter((stop) => !stop.location);
  return (
    <Stack gap="2" data-testid="tracking-map">
      <MapView
        places={places}
        track={track}
        connect
        ariaLabel={`Map of the shipment from ${cityName(view.origin)} to ${cityName(view.destination)}`}
        height="clamp(240px, 45vh, 380px)"
      />
      <Stack as="ul" gap="1" listStyleType="none" aria-label="Map legend" fontSize="sm">
        {view.stops.map((stop) => (
          <Legend key={stop.kind} color={LANE_COLOURS[stop.kind]} label={STOP_LABELS[stop.kind]} text={cityName(stop)} />
        ))}
        <Legend
          color={TRUCK_COLOUR}
          label="Truck"
          text={last ? (view.positionPrecision === 'city' ? 'the town it is near' : 'its last position') : 'no position shared yet'}
        />
      </Stack>
      {unlocated.length > 0 ? (
        <Text fontSize="sm" color="gray.700">
          Not on the map: {unlocated.map((stop: TrackingStop) => `${STOP_LABELS[stop.kind].toLowerCase()} (${cityName(stop)})`).join(', ')}.
        </Text>
      ) : null}
    </Stack>
  );
}

function Legend({ color, label, text }: { color: string; label: string; text: string }) {
  return (
    <HStack as="li" gap="2" align="center">
      <Box as="span" aria-hidden="true" w="3" h="3" borderRadius="full" bg={color} flexShrink={0} />
      <Text as="span" overflowWrap="anywhere">
        <Text as="span" fontWeight="semibold">
          {label}:
        </Text>{' '}
        {text}
      </Text>
    </HStack>
  );
}
