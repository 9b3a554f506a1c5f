import { useMemo } from 'react';
import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { formatNumber } from '../../lib/format';
import { MapView } from './MapView';
import { LANE_COLOURS, MAP_TEXTS, type MapPlace, type MapTrack } from './map-types';
import { isLocatable, useDistanceEstimate, useLocate, type CityAndState } from './use-distance-estimate';

const placeName = (place: CityAndState) => [place.city.trim(), place.state.trim().toUpperCase()].filter(Boolean).join(', ');

function LaneEnd({ role, place, color }: { role: 'Pickup' | 'Delivery'; place: CityAndState; color: string }) {
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

/**
 * The load detail's Map tab: pickup and delivery on the base map, located from their city and
 * state by the offline gazetteer, joined by a straight line, with the straight-line distance.
 * When a city cannot be found it says which, and shows whatever it could place.
 */
export function LoadRouteMap({
  pickup,
  delivery,
  track,
}: {
  pickup: { city: string; state: string };
  delivery: { city: string; state: string };
  /** The driver's track for the load (with its last position marked), drawn over the lane. */
  track?: MapTrack | undefined;
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
        connect
        ariaLabel={`Map of the lane from ${pickupLabel || 'pickup'} to ${deliveryLabel || 'delivery'}`}
        height="320px"
      />
      <Stack gap="1">
        <LaneEnd role="Pickup" place={pickup} color={LANE_COLOURS.pickup} />
        <LaneEnd role="Delivery" place={delivery} color={LANE_COLOURS.delivery} />
      </Stack>
      {estimate.data ? (
        <Text fontWeight="semibold" data-testid="straight-line-distance">
          Straight-line distance: {formatNumber(estimate.data.miles, 'mi')}
        </Text>
      ) : null}
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
          <Text color="gray.700">The straight-line distance needs both cities.</Text>
        </Stack>
      ) : null}
    </Stack>
  );
}
