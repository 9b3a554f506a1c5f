import { useEffect, useMemo, useState } from 'react';
import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { gpsFreshness } from '#shared/rules/geo.js';
import { StatusBadge } from '../../components/StatusBadge';
import { formatPosition, placeText } from '../../components/PlaceName';
import { formatAge } from '../../lib/format';
import { usePlaceNames } from '../../lib/use-place-names';
import { MapView } from './MapView';
import { FRESHNESS_COLOURS, type MapPlace } from './map-types';

/** The current time, ticking every `everyMs`, so "3 min ago" does not stand still while the dialog is open. */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * The drivers screen's location dialog body: the driver's last known position on the map,
 * coloured by GPS freshness, the place near it (PlaceName's words), its coordinates as the detail
 * they are, and how long ago it was reported; or "Never" and
 * an empty map of the US when the driver has not shared a position.
 */
export function DriverLocationMap({
  lat,
  lng,
  label,
  lastUpdate,
}: {
  lat: number | null;
  lng: number | null;
  label: string;
  lastUpdate: string | null;
}) {
  const now = useNow(30_000);
  const position = lat !== null && lng !== null && Number.isFinite(lat) && Number.isFinite(lng) ? { lat, lng } : null;
  const freshness = gpsFreshness(position ? lastUpdate : null, now);
  const [place] = usePlaceNames(position ? [position] : []);
  const places = useMemo<MapPlace[]>(
    () => (position ? [{ id: 'driver', lat: position.lat, lng: position.lng, label, color: FRESHNESS_COLOURS[freshness] }] : []),
    // position is rebuilt each render; its numbers are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [position?.lat, position?.lng, label, freshness],
  );

  return (
    <Stack gap="3">
      <MapView
        places={places}
        ariaLabel={position ? `Last known position of ${label}` : `Map of the US: no position known for ${label}`}
        height="300px"
      />
      <Box as="dl" display="grid" gridTemplateColumns="auto 1fr" columnGap="4" rowGap="1">
        {position ? (
          <>
            <Text as="dt" fontWeight="semibold">
              Near
            </Text>
            <Text as="dd" data-testid="driver-place" title={formatPosition(position.lat, position.lng)}>
              {placeText(place, formatPosition(position.lat, position.lng))}
            </Text>
          </>
        ) : null}
        <Text as="dt" fontWeight="semibold">
          Position
        </Text>
        <Text as="dd" data-testid="driver-coordinates">
          {position ? formatPosition(position.lat, position.lng) : 'No location shared yet'}
        </Text>
        <Text as="dt" fontWeight="semibold">
          Last update
        </Text>
        <Text as="dd" data-testid="driver-location-age">
          {formatAge(position ? lastUpdate : null, now)}
        </Text>
        {position ? (
          <>
            <Text as="dt" fontWeight="semibold">
              GPS
            </Text>
            <HStack as="dd">
              <StatusBadge status={freshness} />
            </HStack>
          </>
        ) : null}
      </Box>
    </Stack>
  );
}
