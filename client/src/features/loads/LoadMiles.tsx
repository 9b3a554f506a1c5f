import { useState } from 'react';
import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { z } from 'zod';
import { rateInput, type LoadMilesOutput } from '#shared/schemas/settlements.js';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { notify } from '../../components/toaster';
import { formatNumber } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/use-form';

/** A figure typed (the server's own rule and message), or blank: back to the estimate. */
const milesField = (label: string) =>
  z.string().transform((value, context) => {
    if (value.trim() === '') return null;
    const parsed = rateInput(label).safeParse(value);
    if (parsed.success) return parsed.data;
    context.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? `${label} must be a number` });
    return z.NEVER;
  });
const milesForm = z.object({ loadedMiles: milesField('Loaded miles'), emptyMiles: milesField('Empty miles') });

/**
 * A load's loaded and empty miles as driver pay counts them (docs/settlements.md): the load's
 * distance or a figure someone entered, else an estimate from the lane (marked). Dispatchers,
 * treasury and admins correct them; no money shows here.
 */
export function LoadMiles({ loadId }: { loadId: string }) {
  const miles = trpc.settlements.loadMiles.useQuery({ loadId });
  const [correcting, setCorrecting] = useState(false);
  if (!miles.data) return null;
  return (
    <Stack gap="2" borderTopWidth="1px" pt="4">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text fontWeight="semibold">Miles for driver pay</Text>
        <Button size="xs" variant="outline" onClick={() => setCorrecting(true)}>
          Correct miles
        </Button>
      </HStack>
      <HStack gap="6" wrap="wrap" fontSize="sm">
        <MilesFigure label="Loaded" miles={miles.data.loadedMiles} estimated={miles.data.loadedEstimated} />
        <MilesFigure label="Empty" miles={miles.data.emptyMiles} estimated={miles.data.emptyEstimated} />
      </HStack>
      {correcting ? <CorrectMilesDialog loadId={loadId} current={miles.data} onClose={() => setCorrecting(false)} /> : null}
    </Stack>
  );
}

function MilesFigure({ label, miles, estimated }: { label: string; miles: string | null; estimated: boolean }) {
  return (
    <HStack gap="2">
      <Text color="gray.700">{label}</Text>
      <Text fontWeight="medium">{miles === null ? '—' : formatNumber(miles, 'mi')}</Text>
      {estimated && miles !== null ? (
        <Badge variant="subtle" colorPalette="orange" size="sm">
          estimated
        </Badge>
      ) : null}
    </HStack>
  );
}

function CorrectMilesDialog({ loadId, current, onClose }: { loadId: string; current: LoadMilesOutput; onClose: () => void }) {
  const utils = trpc.useUtils();
  const form = useZodForm(milesForm, {
    loadedMiles: current.loadedEstimated ? '' : (current.loadedMiles ?? ''),
    emptyMiles: current.emptyEstimated ? '' : (current.emptyMiles ?? ''),
  });
  const save = trpc.settlements.setLoadMiles.useMutation();
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(
      { loadId, ...values },
      {
        onSuccess: (next) => {
          utils.settlements.loadMiles.setData({ loadId }, next);
          notify.success('Miles saved', 'Draft settlements take them when the week is gathered again.');
          onClose();
        },
        onError: form.fail('Failed to save miles'),
      },
    ),
  );
  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Correct miles"
      description="Leave a figure blank to go back to the estimate from the lane."
      submitLabel="Save miles"
      busyLabel="Saving..."
      isPending={save.isPending}
      onSubmit={onSubmit}
    >
      <Stack gap="4">
        <FormField
          control={form.control}
          name="loadedMiles"
          label="Loaded miles"
          placeholder={estimateHint(current.loadedMiles, current.loadedEstimated)}
        />
        <FormField
          control={form.control}
          name="emptyMiles"
          label="Empty miles"
          placeholder={estimateHint(current.emptyMiles, current.emptyEstimated)}
        />
      </Stack>
    </FormDialog>
  );
}

const estimateHint = (miles: string | null, estimated: boolean) => (estimated && miles !== null ? `Estimate: ${miles}` : undefined);
