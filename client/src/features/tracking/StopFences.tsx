import { useEffect, useMemo, useState } from 'react';
import { Box, Button, HStack, Stack, Text, chakra } from '@chakra-ui/react';
import { STOP_POINT_TEXTS, stopPointFields, type StopPointFields, type StopVisit } from '#shared/schemas/geofences.js';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormField } from '../../components/FormField';
import { PlaceName } from '../../components/PlaceName';
import { QueryState } from '../../components/QueryState';
import { notify } from '../../components/toaster';
import { reportFailure, useFailureToast } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/use-form';
import { usePlaceNames } from '../../lib/use-place-names';
import { LANE_COLOURS, type MapDraggablePoint, type MapFence } from '../maps/map-types';

const ROLE_LABELS: Record<StopVisit['role'], string> = { pickup: 'Pickup', stop: 'Stop', delivery: 'Delivery' };
const ROLE_COLOURS: Record<StopVisit['role'], string> = { pickup: LANE_COLOURS.pickup, stop: '#2b6cb0', delivery: LANE_COLOURS.delivery };

const stopTitle = (stop: StopVisit) => `${ROLE_LABELS[stop.role]} — ${stop.city}, ${stop.state}`;

/** The fields' point when both parse into the US, else null (the marker then stays where it was). */
function parsedPoint(values: Partial<StopPointFields>): { lat: number; lng: number } | null {
  const parsed = stopPointFields.safeParse(values);
  return parsed.success ? parsed.data : null;
}

/**
 * The Map tab's stop points and fences (issue 31, item 2): each stop with a point is drawn with the
 * circle of its fence, and a dispatcher (whoever may change the load) moves a stop's point with
 * "Move point": its marker becomes draggable and latitude and longitude fields, prefilled, move it
 * without dragging (keyboard, phone); Save sends geofences.setStopPoint. "Reset to ZIP/city"
 * (confirmed) puts it back. Re-read whenever the load changes (a point moved elsewhere touches it).
 */
export function useStopFences(loadId: string, loadUpdatedAt: string) {
  const utils = trpc.useUtils();
  const visits = trpc.geofences.stopVisits.useQuery({ loadId });
  useFailureToast(visits, 'Failed to load the stops’ fences');
  useEffect(() => {
    void utils.geofences.stopVisits.invalidate({ loadId });
  }, [loadUpdatedAt, loadId, utils]);
  const stops = useMemo(() => visits.data?.stops ?? [], [visits.data]);
  const [movingId, setMovingId] = useState<string | null>(null);
  const moving = stops.find((stop) => stop.id === movingId) ?? null;
  const form = useZodForm(stopPointFields, { lat: '', lng: '' });
  const lat = form.watch('lat');
  const lng = form.watch('lng');
  const draft = moving ? parsedPoint({ lat, lng }) : null;

  const start = (stop: StopVisit) => {
    form.reset({ lat: stop.lat ?? '', lng: stop.lng ?? '' });
    setMovingId(stop.id);
  };
  const cancel = () => setMovingId(null);
  // The stop left the list, or departed meanwhile (another screen, the detector): nothing to move.
  useEffect(() => {
    if (movingId !== null && (!moving || moving.departedAt !== null)) setMovingId(null);
  }, [movingId, moving]);

  const fences = useMemo<MapFence[]>(
    () =>
      stops.flatMap((stop) => {
        const point =
          stop.id === movingId && draft
            ? draft
            : stop.lat !== null && stop.lng !== null
              ? { lat: Number(stop.lat), lng: Number(stop.lng) }
              : null;
        return point ? [{ id: stop.id, ...point, radiusMiles: Number(stop.radiusMiles), color: ROLE_COLOURS[stop.role] }] : [];
      }),
    // draft's numbers, not its object: a new object of the same point draws nothing again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [stops, movingId, draft?.lat, draft?.lng],
  );

  const origin = moving && moving.lat !== null && moving.lng !== null ? { lat: Number(moving.lat), lng: Number(moving.lng) } : null;
  const shown = draft ?? origin;
  const draggable: MapDraggablePoint | undefined =
    moving && shown
      ? {
          id: moving.id,
          ...shown,
          color: ROLE_COLOURS[moving.role],
          label: `${ROLE_LABELS[moving.role]} point: drag to move it`,
          onMove: (point) => {
            const options = { shouldValidate: true, shouldDirty: true };
            form.setValue('lat', point.lat.toFixed(6), options);
            form.setValue('lng', point.lng.toFixed(6), options);
          },
        }
      : undefined;

  return { visits, stops, moving, start, cancel, form, draft, fences, draggable };
}

export type StopFencesState = ReturnType<typeof useStopFences>;

/** The list under the map: each stop's point (as a place), its fence, and for a dispatcher Move point and Reset to ZIP/city. */
export function StopFenceList({ loadId, state, canChange }: { loadId: string; state: StopFencesState; canChange: boolean }) {
  const { visits, stops } = state;
  return (
    <Stack gap="2" data-testid="stop-fences">
      <Text fontWeight="semibold">Stop points and geofences</Text>
      <QueryState
        isLoading={visits.isLoading}
        error={visits.error}
        isEmpty={stops.length === 0}
        loadingText="Loading the stops’ points..."
        emptyText="No stops yet"
        onRetry={() => void visits.refetch()}
      >
        <Stack as="ul" gap="2" listStyleType="none" m="0" p="0" aria-label="Stop points">
          {stops.map((stop) => (
            <StopFenceRow key={stop.id} loadId={loadId} stop={stop} state={state} canChange={canChange} />
          ))}
        </Stack>
      </QueryState>
    </Stack>
  );
}

function StopFenceRow({ loadId, stop, state, canChange }: { loadId: string; stop: StopVisit; state: StopFencesState; canChange: boolean }) {
  const utils = trpc.useUtils();
  const [confirmingReset, setConfirmingReset] = useState(false);
  const isMoving = state.moving?.id === stop.id;
  const [place] = usePlaceNames(stop.lat !== null ? [{ lat: stop.lat, lng: stop.lng }] : []);
  const refresh = () =>
    Promise.all([
      utils.geofences.stopVisits.invalidate({ loadId }),
      utils.loads.get.invalidate({ id: loadId }),
      utils.loads.history.invalidate({ id: loadId }),
    ]);
  const reset = trpc.geofences.resetStopPoint.useMutation({
    onSuccess: () => {
      setConfirmingReset(false);
      if (isMoving) state.cancel();
      notify.success(STOP_POINT_TEXTS.reset);
      void refresh();
    },
    onError: (error) => {
      setConfirmingReset(false);
      reportFailure('Failed to reset the point', error);
    },
  });
  const departed = stop.departedAt !== null;
  return (
    <Box as="li" borderWidth="1px" borderColor={isMoving ? 'blue.400' : 'gray.200'} borderRadius="md" p="3" minW="0">
      <HStack gap="2" align="center">
        <Box as="span" aria-hidden="true" w="3" h="3" borderRadius="full" bg={ROLE_COLOURS[stop.role]} flexShrink={0} />
        <Text fontWeight="medium">{stopTitle(stop)}</Text>
      </HStack>
      {stop.lat === null ? (
        <Text fontSize="sm" color="gray.700">
          No point for this stop yet, so arrivals are not detected here.
        </Text>
      ) : (
        <Stack gap="0" fontSize="sm" color="gray.700">
          <PlaceName
            lat={stop.lat}
            lng={stop.lng}
            place={place}
            label="Point:"
            testId="stop-point-place"
            coordinatesTestId="stop-point-coordinates"
            fontSize="sm"
          />
          <Text>Geofence: {stop.radiusMiles} mi around it</Text>
          {departed ? <Text>The truck has left this stop: its point is kept as it was.</Text> : null}
        </Stack>
      )}
      {isMoving ? (
        <MovePointForm stop={stop} state={state} onSaved={refresh} />
      ) : canChange && !departed ? (
        <HStack gap="2" pt="2" wrap="wrap">
          {stop.lat !== null ? (
            <Button size="xs" variant="outline" onClick={() => state.start(stop)} disabled={state.moving !== null}>
              Move point
            </Button>
          ) : null}
          <Button size="xs" variant="outline" onClick={() => setConfirmingReset(true)} disabled={state.moving !== null}>
            Reset to ZIP/city
          </Button>
        </HStack>
      ) : null}
      <ConfirmDialog
        open={confirmingReset}
        onOpenChange={(open) => (open ? undefined : setConfirmingReset(false))}
        title={`Reset the ${ROLE_LABELS[stop.role].toLowerCase()} point`}
        description={STOP_POINT_TEXTS.resetConfirm}
        confirmLabel="Reset"
        busyLabel="Resetting..."
        isPending={reset.isPending}
        onConfirm={() => reset.mutate({ stopId: stop.id })}
      />
    </Box>
  );
}

/** Latitude and longitude (prefilled, kept in step with the dragged marker), the new point as a place, Save and Cancel. */
function MovePointForm({ stop, state, onSaved }: { stop: StopVisit; state: StopFencesState; onSaved: () => Promise<unknown> }) {
  const { form, draft } = state;
  const save = trpc.geofences.setStopPoint.useMutation();
  const [place] = usePlaceNames(draft ? [draft] : []);
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(
      { stopId: stop.id, ...values },
      {
        onSuccess: () => {
          notify.success(STOP_POINT_TEXTS.moved);
          state.cancel();
          void onSaved();
        },
        onError: form.fail('Failed to save the point'),
      },
    ),
  );
  return (
    <chakra.form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={`Move the ${ROLE_LABELS[stop.role].toLowerCase()} point`}
      pt="3"
    >
      <Stack gap="3">
        <Text fontSize="sm" color="gray.700">
          Drag the marker on the map, or type the latitude and longitude.
        </Text>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
          <FormField control={form.control} name="lat" label="Latitude" />
          <FormField control={form.control} name="lng" label="Longitude" />
        </Stack>
        {draft ? (
          <PlaceName lat={draft.lat} lng={draft.lng} place={place} label="New point:" testId="new-point-place" fontSize="sm" />
        ) : null}
        <HStack gap="2" wrap="wrap">
          <Button type="submit" size="sm" colorPalette="blue" loading={save.isPending} loadingText="Saving...">
            Save
          </Button>
          <Button size="sm" variant="outline" onClick={state.cancel} disabled={save.isPending}>
            Cancel
          </Button>
        </HStack>
      </Stack>
    </chakra.form>
  );
}
