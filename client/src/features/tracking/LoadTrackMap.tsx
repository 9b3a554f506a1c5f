import { useMemo } from 'react';
import { Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { can } from '#shared/permissions.js';
import type { LoadDetail } from '#shared/schemas/loads.js';
import { PlaceName } from '../../components/PlaceName';
import { formatAge, formatNumber } from '../../lib/format';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { usePlaceNames } from '../../lib/use-place-names';
import { LoadRouteMap } from '../maps/LoadRouteMap';
import type { MapTrack } from '../maps/map-types';
import { loadPermissions } from '../loads/use-loads';
import { ShareTrackingLink } from './ShareTrackingLink';
import { StopFenceList, useStopFences } from './StopFences';

/** The track's line and its last position's marker. */
export const TRACK_COLOUR = '#6b46c1';
/** The open Map tab reads the track again this often (a driver reports every 15 s at most). */
const TRACK_REFRESH_MS = 60_000;

/**
 * The load detail's Map tab: the lane (pickup and delivery) with the driver's track for this load
 * drawn over it as a line, its last position marked with its age and named below as a place (the
 * coordinates under it; whoever reads the load may ask geo.describe), each stop's point with its
 * geofence (a dispatcher moves it: StopFences.tsx), and, for admins and dispatchers, "Share
 * tracking link".
 */
export function LoadTrackMap({ load }: { load: LoadDetail }) {
  const session = useSession();
  const query = trpc.tracking.loadTrack.useQuery({ loadId: load.id }, { refetchInterval: TRACK_REFRESH_MS });
  const data = query.data;
  const last = data?.last ?? null;
  const lastAge = last ? formatAge(last.recordedAt) : null;
  const [place] = usePlaceNames(last ? [last] : []);
  const fences = useStopFences(load.id, load.updatedAt);
  const canMovePoints = loadPermissions(session).canChange(load);
  const track = useMemo<MapTrack | undefined>(() => {
    if (!data || data.points.length === 0 || !last) return undefined;
    return {
      coordinates: data.points.map((point) => [point.lng, point.lat] as const),
      color: TRACK_COLOUR,
      marker: {
        id: 'last-position',
        lat: last.lat,
        lng: last.lng,
        label: `Last position · ${lastAge}`,
        color: TRACK_COLOUR,
        labelBelow: true,
      },
    };
  }, [data, last, lastAge]);

  return (
    <Stack gap="3">
      <LoadRouteMap
        pickup={{ city: load.pickupCity, state: load.pickupState }}
        delivery={{ city: load.deliveryCity, state: load.deliveryState }}
        stops={load.stops}
        distance={load.distance}
        track={track}
        fences={fences.fences}
        draggable={fences.draggable}
      />
      <StopFenceList loadId={load.id} state={fences} canChange={canMovePoints} />
      <Stack gap="1" data-testid="load-track">
        {query.isLoading ? (
          <Text role="status" color="gray.700">
            Loading the driver&apos;s track...
          </Text>
        ) : query.error ? (
          <Text role="alert" color="red.700">
            Could not load the driver&apos;s track.
          </Text>
        ) : !data?.driverId ? (
          <Text color="gray.700">No driver is assigned, so there is no track to show.</Text>
        ) : !last ? (
          <Text color="gray.700">The driver has shared no position during this load yet.</Text>
        ) : (
          <>
            <HStack gap="2" align="center">
              <Flex as="span" aria-hidden="true" w="5" h="1" borderRadius="full" bg={TRACK_COLOUR} flexShrink={0} />
              <Text data-testid="track-summary">
                <Text as="span" fontWeight="semibold">
                  Driver&apos;s track:
                </Text>{' '}
                {formatNumber(data.totalPoints)} {data.totalPoints === 1 ? 'position' : 'positions'}
                {data.points.length < data.totalPoints ? ` (${formatNumber(data.points.length)} shown)` : ''}
              </Text>
            </HStack>
            <PlaceName lat={last.lat} lng={last.lng} place={place} at={last.recordedAt} label="Last position:" testId="last-position" />
          </>
        )}
      </Stack>
      {/* Links are shared in one's own company only (a master admin reads other companies' loads). */}
      {can(session, 'trackingLinks', 'read') && load.companyId === session.company.id ? (
        <ShareTrackingLink loadId={load.id} loadNumber={load.loadNumber} canShare={can(session, 'trackingLinks', 'write')} />
      ) : null}
    </Stack>
  );
}
