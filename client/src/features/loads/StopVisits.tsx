import { useEffect, useState } from 'react';
import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { GEOFENCE_TEXTS, setStopRadiusInput, type StopVisit } from '#shared/schemas/geofences.js';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { QueryState } from '../../components/QueryState';
import { notify } from '../../components/toaster';
import { formatDateTime, formatMoney } from '../../lib/format';
import { reportFailure, useFailureToast } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/use-form';

const ROLE_LABELS: Record<StopVisit['role'], string> = { pickup: 'Pickup', stop: 'Stop', delivery: 'Delivery' };

const duration = (minutes: number | null) => {
  if (minutes === null) return '—';
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} h ${minutes % 60} min` : `${minutes} min`;
};

/**
 * Each stop's arrival, departure, time there and detention (issue 31; geofences.stopVisits), with
 * the dispatcher's undo and "Add detention to invoice". Re-read whenever the load changes: an
 * arrival or departure touches the load, whose live notice re-reads loads.get.
 */
export function StopVisits({ loadId, loadUpdatedAt, canChange }: { loadId: string; loadUpdatedAt: string; canChange: boolean }) {
  const utils = trpc.useUtils();
  const visits = trpc.geofences.stopVisits.useQuery({ loadId });
  useFailureToast(visits, 'Failed to load arrivals');
  useEffect(() => {
    void utils.geofences.stopVisits.invalidate({ loadId });
  }, [loadUpdatedAt, loadId, utils]);
  const stops = visits.data?.stops ?? [];
  return (
    <Stack gap="2" borderTopWidth="1px" pt="4" data-testid="stop-visits">
      <Text fontWeight="semibold">{GEOFENCE_TEXTS.title}</Text>
      <QueryState
        isLoading={visits.isLoading}
        error={visits.error}
        isEmpty={stops.length === 0}
        loadingText={GEOFENCE_TEXTS.loading}
        emptyText={GEOFENCE_TEXTS.empty}
        onRetry={() => void visits.refetch()}
      >
        <Stack as="ul" gap="2" listStyleType="none" m="0" p="0" aria-label="Arrivals and detention">
          {stops.map((stop) => (
            <StopVisitRow key={stop.id} loadId={loadId} stop={stop} canChange={canChange} />
          ))}
        </Stack>
      </QueryState>
    </Stack>
  );
}

function StopVisitRow({ loadId, stop, canChange }: { loadId: string; stop: StopVisit; canChange: boolean }) {
  const utils = trpc.useUtils();
  const [undoing, setUndoing] = useState<'arrival' | 'departure' | null>(null);
  const [editingRadius, setEditingRadius] = useState(false);
  const refresh = () =>
    Promise.all([
      utils.geofences.stopVisits.invalidate({ loadId }),
      utils.loads.get.invalidate({ id: loadId }),
      utils.loads.history.invalidate({ id: loadId }),
    ]);
  const undo = trpc.geofences.undoVisit.useMutation({
    onSuccess: () => {
      setUndoing(null);
      void refresh();
    },
    onError: (error) => reportFailure('Failed to undo', error),
  });
  const addDetention = trpc.geofences.addDetention.useMutation({
    onSuccess: () => {
      notify.success(GEOFENCE_TEXTS.detentionAdded);
      void refresh();
    },
    onError: (error) => reportFailure('Failed to add detention', error),
  });
  const detention = stop.detentionMinutes > 0;
  return (
    <Box as="li" borderWidth="1px" borderColor="gray.200" borderRadius="md" p="3" minW="0">
      <Text fontWeight="medium">
        {ROLE_LABELS[stop.role]} — {stop.city}, {stop.state}
      </Text>
      <Stack gap="0" fontSize="sm" color="gray.700">
        <Text>
          Geofence: {stop.lat === null ? 'no location for this stop' : `${stop.radiusMiles} mi`}
          {canChange && stop.lat !== null ? (
            <Button size="2xs" variant="plain" colorPalette="blue" ms="1" onClick={() => setEditingRadius(true)}>
              Change radius
            </Button>
          ) : null}
        </Text>
        <Text>Arrived: {stop.arrivedAt ? formatDateTime(stop.arrivedAt) : GEOFENCE_TEXTS.notArrived}</Text>
        {stop.arrivedAt ? <Text>Departed: {stop.departedAt ? formatDateTime(stop.departedAt) : GEOFENCE_TEXTS.stillThere}</Text> : null}
        {stop.arrivedAt ? (
          <Text>
            Time there: {duration(stop.minutesAtStop)} ({stop.freeHours} h free)
          </Text>
        ) : null}
        {stop.arrivedAt ? (
          <Text color={detention ? 'orange.700' : undefined} fontWeight={detention ? 'medium' : undefined}>
            Detention: {stop.detentionHours} h
            {stop.detentionAmount !== null ? ` · ${formatMoney(stop.detentionAmount)}` : ' · no broker rate'}
            {stop.detentionInvoiced ? ' · on the invoice' : ''}
          </Text>
        ) : null}
      </Stack>
      {editingRadius ? <RadiusDialog loadId={loadId} stop={stop} onClose={() => setEditingRadius(false)} /> : null}
      {canChange && stop.arrivedAt ? (
        <HStack gap="2" pt="2" wrap="wrap">
          {detention && stop.departedAt && stop.detentionAmount !== null && !stop.detentionInvoiced ? (
            <Button size="xs" colorPalette="blue" loading={addDetention.isPending} onClick={() => addDetention.mutate({ stopId: stop.id })}>
              {GEOFENCE_TEXTS.addDetention}
            </Button>
          ) : null}
          {stop.departedAt ? (
            <Button size="xs" variant="outline" onClick={() => setUndoing('departure')}>
              {GEOFENCE_TEXTS.undoDeparture}
            </Button>
          ) : null}
          <Button size="xs" variant="outline" onClick={() => setUndoing('arrival')}>
            {GEOFENCE_TEXTS.undoArrival}
          </Button>
        </HStack>
      ) : null}
      <ConfirmDialog
        open={undoing !== null}
        onOpenChange={(open) => (open ? undefined : setUndoing(null))}
        title={undoing === 'departure' ? GEOFENCE_TEXTS.undoDeparture : GEOFENCE_TEXTS.undoArrival}
        description={undoing === 'departure' ? GEOFENCE_TEXTS.undoDepartureConfirm : GEOFENCE_TEXTS.undoArrivalConfirm}
        confirmLabel="Undo"
        busyLabel="Undoing..."
        isPending={undo.isPending}
        onConfirm={() => undoing && undo.mutate({ stopId: stop.id, what: undoing })}
      />
    </Box>
  );
}

const radiusForm = setStopRadiusInput.omit({ stopId: true });

/** A stop's own fence radius; blank goes back to the company's. */
function RadiusDialog({ loadId, stop, onClose }: { loadId: string; stop: StopVisit; onClose: () => void }) {
  const utils = trpc.useUtils();
  const form = useZodForm(radiusForm, { radiusMiles: stop.radiusMiles });
  const save = trpc.geofences.setStopRadius.useMutation();
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(
      { stopId: stop.id, ...values },
      {
        onSuccess: () => {
          void utils.geofences.stopVisits.invalidate({ loadId });
          notify.success('Radius saved');
          onClose();
        },
        onError: form.fail('Failed to save the radius'),
      },
    ),
  );
  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Geofence: ${stop.city}, ${stop.state}`}
      description="The circle around this stop in which the truck counts as arrived. Blank: the company's default."
      submitLabel="Save"
      busyLabel="Saving..."
      isPending={save.isPending}
      onSubmit={onSubmit}
    >
      <FormField control={form.control} name="radiusMiles" label="Radius (miles)" />
    </FormDialog>
  );
}
