import type { ReactNode } from 'react';
import { Stack, Text } from '@chakra-ui/react';
import { formatAge, formatCoordinate } from '../lib/format';
import { PLACE_UNAVAILABLE, type PlaceLookup } from '../lib/place-name-store';

type Coordinate = number | string | null | undefined;

/** A position's coordinates as the spec prints them: 4 decimals ("35.1495, -90.0490"). */
export const formatPosition = (lat: Coordinate, lng: Coordinate) => `${formatCoordinate(lat)}, ${formatCoordinate(lng)}`;

/**
 * How a place reads: its name; "Outside the US" far from any US town; "…" while it is asked; the
 * coordinates themselves when the server could not name it.
 */
export function placeText(place: PlaceLookup, coordinates: string): string {
  if (place === PLACE_UNAVAILABLE) return coordinates;
  if (place === undefined) return '…';
  return place ?? 'Outside the US';
}

/**
 * Places, not coordinates (issue 26, item 6): the one way a position is shown to a person. The
 * place near it ("12 mi W of Memphis, TN", from usePlaceNames or named by the server) and, when
 * the position has a time, its age ("· 3 min ago"); the coordinates only as the place's tooltip
 * and, where there is room for a detail (`coordinates="line"`: panels, dialogs, tables), in a small
 * line under it. `lines`: a place wraps by default; in a dense row it truncates (its container
 * must allow shrinking: minW 0) or stays on one line.
 */
export function PlaceName({
  lat,
  lng,
  place,
  at,
  now,
  coordinates = 'line',
  lines = 'wrap',
  label,
  testId,
  coordinatesTestId,
  fontSize,
  color,
}: {
  lat: Coordinate;
  lng: Coordinate;
  place: PlaceLookup;
  /** When the position was reported. */
  at?: string | null;
  now?: number;
  coordinates?: 'line' | 'tooltip';
  lines?: 'wrap' | 'truncate' | 'nowrap';
  /** Read before the place on its line ("Last position:"). */
  label?: ReactNode;
  testId?: string;
  coordinatesTestId?: string;
  fontSize?: string;
  color?: string;
}) {
  const position = formatPosition(lat, lng);
  const text = `${placeText(place, position)}${at ? ` · ${formatAge(at, now)}` : ''}`;
  const layout =
    lines === 'truncate'
      ? { truncate: true }
      : lines === 'nowrap'
        ? { whiteSpace: 'nowrap' as const }
        : { overflowWrap: 'anywhere' as const };
  return (
    // Spans throughout: a place may sit inside a button (the fleet map's driver list).
    <Stack as="span" gap="0" minW="0">
      <Text as="span" display="block" title={position} data-testid={testId} fontSize={fontSize} color={color} {...layout}>
        {label ? (
          <>
            <Text as="span" fontWeight="semibold">
              {label}
            </Text>{' '}
          </>
        ) : null}
        {text}
      </Text>
      {coordinates === 'line' && place !== PLACE_UNAVAILABLE ? (
        <Text as="span" display="block" fontFamily="mono" fontSize="xs" color="gray.700" data-testid={coordinatesTestId} {...layout}>
          {position}
        </Text>
      ) : null}
    </Stack>
  );
}
