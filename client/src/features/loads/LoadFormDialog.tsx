import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Box, Button, chakra, Grid, Stack, Text } from '@chakra-ui/react';
import { useWatch, type Control } from 'react-hook-form';
import { clampSalesPercentage, SALES_PERCENTAGE } from '#shared/rules/sales-percentage.js';
import {
  createLoadInput,
  defaultLoadNumber,
  EQUIPMENT_LABELS,
  EQUIPMENT_TYPES,
  LOAD_LIMITS,
  type CreateLoadInput,
  type CreateLoadValues,
  type LoadDetail,
  type PickOption,
} from '#shared/schemas/loads.js';
import { DISPATCHER_ROLES, DISPATCHER_TEXTS } from '#shared/schemas/loads-dispatcher.js';
import { AccessorialFields, blankStop, StopsFields, stopValuesOf } from './LoadStopsFields';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { SalesAgentField } from '../../components/SalesAgentField';
import { Wide } from '../../components/records/record-parts';
import { SelectField, type SelectOption } from '../../components/SelectField';
import { notify } from '../../components/toaster';
import { ToggleField } from '../../components/ToggleField';
import { useFailureToast } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/use-form';
import { useDistanceEstimate } from '../maps/use-distance-estimate';
import { useReadMark } from './rate-con/read-marks';

/**
 * A new load's values: every field empty but the load number and a 0 % sales percentage. The load
 * number starts as the spec's default and becomes the company's next one (its own pattern) once
 * the form's options arrive, unless the user has typed one.
 */
function emptyValues(dispatcherId: string): CreateLoadInput {
  return {
    loadNumber: defaultLoadNumber(),
    referenceNumber: '',
    stops: [blankStop('pickup'), blankStop('drop')],
    equipmentType: '',
    temperature: '',
    commodity: '',
    weight: '',
    distance: '',
    lineHaul: '',
    accessorials: [],
    driverId: '',
    brokerId: '',
    carrierId: '',
    truckId: '',
    trailerId: '',
    salesUserId: '',
    dispatcherId,
    salesPercentage: '0',
    factoring: false,
    notes: '',
  };
}

/** An existing load in the form, every field as it is now. */
function valuesOf(load: LoadDetail): CreateLoadInput {
  const text = (value: string | null) => value ?? '';
  return {
    loadNumber: load.loadNumber,
    referenceNumber: text(load.referenceNumber),
    stops: load.stops.map(stopValuesOf),
    equipmentType: load.equipmentType ?? '',
    temperature: text(load.temperature),
    commodity: text(load.commodity),
    weight: text(load.weight),
    distance: text(load.distance),
    // A load written before it had a line haul has no charges: its rate is its line haul.
    lineHaul: text(load.lineHaul ?? load.rate),
    accessorials: load.accessorials.map((charge) => ({ type: charge.type, description: text(charge.description), amount: charge.amount })),
    driverId: text(load.driverId),
    brokerId: text(load.brokerId),
    carrierId: text(load.carrierId),
    truckId: text(load.truckId),
    trailerId: text(load.trailerId),
    salesUserId: text(load.salesUserId),
    dispatcherId: text(load.dispatcherId),
    salesPercentage: load.salesPercentage === null ? '0' : clampSalesPercentage(load.salesPercentage),
    factoring: load.factoring,
    notes: text(load.notes),
  };
}

/** Who hauls the load and for whom: each a pick list of the user's own records. */
const ASSIGNMENTS = [
  { kind: 'driver', label: 'Driver' },
  { kind: 'broker', label: 'Broker' },
  { kind: 'carrier', label: 'Carrier' },
] as const;

/** The pick list, plus the load's current choice when the list lacks it (deleted since, or not the viewer's own). */
function pickList(
  list: PickOption[] | undefined,
  currentId: string | null | undefined,
  currentName: string | null | undefined,
): SelectOption[] {
  const choices = (list ?? []).map((option) => ({ value: option.id, label: option.name }));
  if (currentId && !choices.some((choice) => choice.value === currentId)) {
    choices.unshift({ value: currentId, label: currentName ?? 'Current assignment' });
  }
  return choices;
}

/**
 * A new load's values read from a document (an imported rate con, issue 29: rate-con/prefill.ts):
 * they replace the empty ones, and `top` is shown above the fields (where the values came from, a
 * possible duplicate, the broker), able to choose the broker. Each field read carries its mark
 * (rate-con/read-marks.tsx: the import wraps this dialog in its ReadMarksProvider).
 */
export interface LoadFormPrefill {
  values: Partial<CreateLoadInput>;
  top?: (actions: { setBrokerId: (brokerId: string) => void }) => ReactNode;
}

/**
 * The Create Load dialog, and the same form prefilled to edit a load. Mount it when it opens,
 * so each new load gets a fresh default load number (the company's next, from loads.formOptions).
 * A load number the company already uses is refused next to the field ("Load number already
 * exists"); the form then asks for the next free number again.
 */
export function LoadFormDialog({
  load,
  onClose,
  onSaved,
  prefill,
}: {
  load?: LoadDetail;
  onClose: () => void;
  onSaved?: (load: LoadDetail) => void;
  /** A new load read from a document (LoadFormPrefill). */
  prefill?: LoadFormPrefill;
}) {
  const isEdit = load !== undefined;
  const session = useSession();
  // A new load is dispatched by its creator when their role dispatches (as the server's default), else by nobody until chosen.
  const ownDispatcher = session.role !== null && (DISPATCHER_ROLES as readonly string[]).includes(session.role) ? session.user.id : '';
  const [initialValues] = useState(() => (load ? valuesOf(load) : { ...emptyValues(ownDispatcher), ...prefill?.values }));
  const marks = {
    referenceNumber: useReadMark('referenceNumber'),
    commodity: useReadMark('commodity'),
    weight: useReadMark('weight'),
    brokerId: useReadMark('brokerId'),
  };
  const form = useZodForm(createLoadInput, initialValues);
  const { control } = form;
  const utils = trpc.useUtils();
  const options = trpc.loads.formOptions.useQuery();
  useFailureToast(options);
  const create = trpc.loads.create.useMutation();
  const update = trpc.loads.update.useMutation();

  // A new load starts with the company's next number, unless the user has typed another one: the
  // field still holds what was last offered (the spec's default first, then each next number).
  const nextLoadNumber = options.data?.nextLoadNumber;
  const offered = useRef(initialValues.loadNumber);
  useEffect(() => {
    if (isEdit || nextLoadNumber === undefined || form.getValues('loadNumber') !== offered.current) return;
    offered.current = nextLoadNumber;
    form.setValue('loadNumber', nextLoadNumber);
  }, [form, isEdit, nextLoadNumber]);

  const done = (title: string) => (saved: LoadDetail) => {
    notify.success(title);
    void utils.loads.list.invalidate();
    // The next load number moves on; the load's timeline holds the change.
    void utils.loads.formOptions.invalidate();
    void utils.loads.history.invalidate({ id: saved.id });
    utils.loads.get.setData({ id: saved.id }, saved);
    onSaved?.(saved);
    onClose();
  };
  // A number taken meanwhile (someone saved it first): the next free one is asked for again, for the user to take.
  const failCreate = form.fail('Failed to create load');
  const onCreateError = (error: unknown) => {
    failCreate(error);
    void utils.loads.formOptions.invalidate();
  };
  // A temperature belongs to a reefer: choosing other equipment clears it.
  const equipmentType = useWatch({ control, name: 'equipmentType' });
  useEffect(() => {
    if (equipmentType !== 'reefer' && form.getValues('temperature')) form.setValue('temperature', '');
  }, [equipmentType, form]);

  // Issue 31: a driver chosen while the truck is empty brings the truck they drive now (the server does the same).
  const driverId = useWatch({ control, name: 'driverId' });
  const chosenDriver = useRef(driverId);
  useEffect(() => {
    if (driverId === chosenDriver.current) return;
    chosenDriver.current = driverId;
    const theirs = options.data?.trucks.find((truck) => truck.driverId === driverId);
    if (driverId && theirs && !form.getValues('truckId')) form.setValue('truckId', theirs.id);
  }, [driverId, form, options.data]);

  const onSubmit = form.handleSubmit((input) => {
    if (load) {
      update.mutate(
        { ...input, id: load.id, loadNumber: input.loadNumber ?? load.loadNumber },
        { onSuccess: done('Load updated successfully'), onError: form.fail('Failed to update load') },
      );
    } else {
      create.mutate(input, { onSuccess: done('Load created successfully'), onError: onCreateError });
    }
  });

  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={isEdit ? 'Edit Load' : 'Create Load'}
      description={
        isEdit
          ? `Change the details of ${load.loadNumber}.`
          : prefill
            ? 'Check the details read from the rate con, then create the load.'
            : 'Enter the details of the new load.'
      }
      submitLabel={isEdit ? 'Save Changes' : 'Create Load'}
      busyLabel={isEdit ? 'Saving...' : 'Creating...'}
      isPending={create.isPending || update.isPending}
      onSubmit={(event) => void onSubmit(event)}
      size="xl"
    >
      <Stack gap="6">
        {prefill?.top?.({ setBrokerId: (brokerId) => form.setValue('brokerId', brokerId, { shouldDirty: true }) })}
        <Section title="Load">
          <FormField control={control} name="loadNumber" label="Load Number" required maxLength={LOAD_LIMITS.loadNumber} />
          <FormField
            control={control}
            name="referenceNumber"
            label="Reference Number"
            maxLength={LOAD_LIMITS.referenceNumber}
            helperText={marks.referenceNumber}
          />
        </Section>
        <chakra.fieldset minW="0">
          <chakra.legend fontWeight="semibold" fontSize="md" mb="3" color="gray.800">
            Stops
          </chakra.legend>
          <StopsFields control={control} setValue={form.setValue} />
        </chakra.fieldset>

        <Section title="Freight">
          <Wide>
            <FormField control={control} name="commodity" label="Commodity" helperText={marks.commodity} />
          </Wide>
          <SelectField
            control={control}
            name="equipmentType"
            label="Equipment"
            placeholder="Not set"
            options={EQUIPMENT_TYPES.map((type) => ({ value: type, label: EQUIPMENT_LABELS[type] }))}
          />
          {equipmentType === 'reefer' ? (
            <FormField control={control} name="temperature" label="Temperature (°F)" type="number" step={0.1} />
          ) : null}
          <FormField control={control} name="weight" label="Weight (lbs)" type="number" min={0} step={0.01} helperText={marks.weight} />
          <FormField
            control={control}
            name="distance"
            label="Distance (miles)"
            type="number"
            min={0}
            step={0.01}
            helperText={<DistanceEstimate control={control} onUse={(miles) => form.setValue('distance', miles)} />}
          />
        </Section>

        <chakra.fieldset minW="0">
          <chakra.legend fontWeight="semibold" fontSize="md" mb="3" color="gray.800">
            Rate
          </chakra.legend>
          <AccessorialFields control={control} />
        </chakra.fieldset>

        <Section title="Assignment">
          {ASSIGNMENTS.map(({ kind, label }) => (
            <SelectField
              key={kind}
              control={control}
              name={`${kind}Id`}
              label={label}
              placeholder="None"
              options={pickList(options.data?.[`${kind}s`], load?.[`${kind}Id`], load?.[`${kind}Name`])}
              helperText={kind === 'broker' ? marks.brokerId : undefined}
            />
          ))}
          <SelectField
            control={control}
            name="truckId"
            label="Truck"
            placeholder="None"
            options={pickList(options.data?.trucks, load?.truckId, load?.truckUnit)}
            helperText="The driver's current truck unless you choose another"
          />
          <SelectField
            control={control}
            name="trailerId"
            label="Trailer"
            placeholder="None"
            options={pickList(options.data?.trailers, load?.trailerId, load?.trailerUnit)}
          />
          <SelectField
            control={control}
            name="dispatcherId"
            label={DISPATCHER_TEXTS.label}
            placeholder={DISPATCHER_TEXTS.none}
            options={pickList(options.data?.dispatchers, load?.dispatcherId, load?.dispatcherName ?? DISPATCHER_TEXTS.former)}
          />
        </Section>

        <Section title="Sales and billing">
          {/* Admins and dispatchers choose who earns the commission; a sales user's own load is theirs (no select). */}
          <Wide>
            <SalesAgentField control={control} name="salesUserId" helperText="Earns the commission on this load" />
          </Wide>
          {/* The spec's clamp when the field is left: non-numeric or negative becomes 0, above 100 becomes 100. */}
          <Box onBlur={() => form.setValue('salesPercentage', clampSalesPercentage(form.getValues('salesPercentage')))}>
            <FormField
              control={control}
              name="salesPercentage"
              label="Sales Percentage (%)"
              type="number"
              min={SALES_PERCENTAGE.min}
              max={SALES_PERCENTAGE.max}
              step={SALES_PERCENTAGE.step}
              helperText="From 0 to 100, in steps of 0.1"
            />
          </Box>
          <ToggleField control={control} name="factoring" label="Factoring" kind="switch" />
          <Wide>
            <FormField control={control} name="notes" label="Notes" multiline={3} />
          </Wide>
        </Section>
      </Stack>
    </FormDialog>
  );
}

export type LoadControl = Control<CreateLoadInput, unknown, CreateLoadValues>;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <chakra.fieldset minW="0">
      <chakra.legend fontWeight="semibold" fontSize="md" mb="3" color="gray.800">
        {title}
      </chakra.legend>
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
        {children}
      </Grid>
    </chakra.fieldset>
  );
}

/** With distance left empty and both ends named, the straight-line estimate from the offline gazetteer, to use with one click. */
function DistanceEstimate({ control, onUse }: { control: LoadControl; onUse: (miles: string) => void }) {
  const [distance, stops] = useWatch({ control, name: ['distance', 'stops'] });
  const isWanted = String(distance ?? '').trim() === '';
  const first = stops?.[0];
  const last = stops?.[stops.length - 1];
  // Pickup to delivery, straight: the stops between are not counted.
  const { query: estimate, isComplete } = useDistanceEstimate(
    { city: first?.city ?? '', state: first?.state ?? '' },
    { city: last?.city ?? '', state: last?.state ?? '' },
    { debounceMs: 400, enabled: isWanted },
  );
  if (!isWanted || !isComplete || !estimate.data) return null;
  const miles = String(Math.round(estimate.data.miles));
  return (
    <Text as="span">
      Estimated: {miles} mi —{' '}
      <Button
        variant="plain"
        size="xs"
        colorPalette="blue"
        px="0"
        h="auto"
        textDecoration="underline"
        aria-label={`Use the estimated ${miles} miles`}
        onClick={() => onUse(miles)}
      >
        Use
      </Button>
    </Text>
  );
}
