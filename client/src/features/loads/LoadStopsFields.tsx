import { Box, Button, Grid, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useController, useFieldArray, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { totalRate } from '#shared/rules/load-rate.js';
import {
  ACCESSORIAL_LABELS,
  ACCESSORIAL_TYPES,
  LOAD_ACCESSORIALS_MAX,
  LOAD_LIMITS,
  LOAD_STOPS_MAX,
  STOP_LIMITS,
  type CreateLoadInput,
  type CreateLoadValues,
  type LoadStop,
  type LoadStopInput,
  type StopType,
} from '#shared/schemas/loads.js';
import { FieldFrame, FormField } from '../../components/FormField';
import { SelectField } from '../../components/SelectField';
import { ToggleField } from '../../components/ToggleField';
import { formatMoney } from '../../lib/format';
import { useReadMark } from './rate-con/read-marks';

type LoadControl = Control<CreateLoadInput, unknown, CreateLoadValues>;

/** A new stop of the form: every field empty. */
export function blankStop(type: StopType): LoadStopInput {
  return {
    type,
    facilityName: '',
    address: '',
    city: '',
    state: '',
    zip: '',
    contactName: '',
    contactPhone: '',
    date: '',
    fromTime: '',
    toTime: '',
    firstComeFirstServed: false,
    poNumber: '',
    pickupNumber: '',
    notes: '',
  };
}

/** A load's stop in the form, every field as it is now. */
export function stopValuesOf(stop: LoadStop): LoadStopInput {
  const text = (value: string | null) => value ?? '';
  return {
    type: stop.type,
    facilityName: text(stop.facilityName),
    address: stop.address,
    city: stop.city,
    state: stop.state,
    zip: text(stop.zip),
    contactName: text(stop.contactName),
    contactPhone: text(stop.contactPhone),
    date: text(stop.date),
    fromTime: text(stop.fromTime),
    toTime: text(stop.toTime),
    firstComeFirstServed: stop.firstComeFirstServed,
    poNumber: text(stop.poNumber),
    pickupNumber: text(stop.pickupNumber),
    notes: text(stop.notes),
  };
}

/**
 * What a stop is called in the form: its labels start with it, so the first and the last keep the
 * spec's labels ("Pickup City", "Delivery Date") and a stop between is "Stop 2 City".
 */
export const stopTitle = (index: number, count: number) =>
  index === 0 ? 'Pickup' : index === count - 1 ? 'Delivery' : `Stop ${index + 1}`;

const STOP_TYPE_OPTIONS = [
  { value: 'pickup', label: 'Pickup' },
  { value: 'drop', label: 'Drop' },
];

/**
 * The load's stops, in order: add a stop (before the delivery), remove one (two at least), move
 * one up or down. The first is always a pickup and the last a drop (the delivery); a stop between
 * is a pickup or a drop. One column on a phone.
 */
export function StopsFields({ control, setValue }: { control: LoadControl; setValue: UseFormSetValue<CreateLoadInput> }) {
  const { fields, insert, remove, move } = useFieldArray({ control, name: 'stops' });
  const count = fields.length;
  // After a change of order the ends take their kinds again.
  const settleEnds = (length: number) => {
    if (length === 0) return;
    setValue('stops.0.type', 'pickup');
    setValue(`stops.${length - 1}.type`, 'drop');
  };
  return (
    <Stack gap="4">
      <Stack as="ol" gap="4" listStyleType="none" m="0" p="0">
        {fields.map((field, index) => {
          const title = stopTitle(index, count);
          return (
            <Box as="li" key={field.id} borderWidth="1px" borderColor="gray.200" borderRadius="md" p={{ base: '3', md: '4' }} minW="0">
              <HStack justify="space-between" mb="3" gap="2" wrap="wrap">
                <Text fontWeight="semibold" data-testid="stop-title">
                  {index + 1}. {index === 0 ? 'Pickup' : index === count - 1 ? 'Delivery' : `Stop ${index + 1}`}
                </Text>
                <HStack gap="1">
                  <IconButton
                    size="sm"
                    variant="ghost"
                    aria-label={`Move ${title} up`}
                    disabled={index === 0}
                    onClick={() => {
                      move(index, index - 1);
                      settleEnds(count);
                    }}
                  >
                    <ArrowUp aria-hidden="true" />
                  </IconButton>
                  <IconButton
                    size="sm"
                    variant="ghost"
                    aria-label={`Move ${title} down`}
                    disabled={index === count - 1}
                    onClick={() => {
                      move(index, index + 1);
                      settleEnds(count);
                    }}
                  >
                    <ArrowDown aria-hidden="true" />
                  </IconButton>
                  <IconButton
                    size="sm"
                    variant="ghost"
                    colorPalette="red"
                    aria-label={`Remove ${title}`}
                    disabled={count <= 2}
                    onClick={() => {
                      remove(index);
                      settleEnds(count - 1);
                    }}
                  >
                    <Trash2 aria-hidden="true" />
                  </IconButton>
                </HStack>
              </HStack>
              <StopFields control={control} index={index} title={title} isEnd={index === 0 || index === count - 1} />
            </Box>
          );
        })}
      </Stack>
      <Button
        variant="outline"
        alignSelf="start"
        disabled={count >= LOAD_STOPS_MAX}
        onClick={() => {
          insert(Math.max(count - 1, 0), blankStop('drop'));
        }}
      >
        <Plus aria-hidden="true" /> Add stop
      </Button>
    </Stack>
  );
}

function StopFields({ control, index, title, isEnd }: { control: LoadControl; index: number; title: string; isEnd: boolean }) {
  const name = `stops.${index}` as const;
  const fcfs = useWatch({ control, name: `${name}.firstComeFirstServed` });
  // What an imported rate con filled (rate-con/read-marks.tsx): nothing outside an import.
  const marks = {
    address: useReadMark(`${name}.address`),
    city: useReadMark(`${name}.city`),
    state: useReadMark(`${name}.state`),
    date: useReadMark(`${name}.date`),
    window: useReadMark(`${name}.fromTime`),
  };
  return (
    <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="3">
      {isEnd ? null : <SelectField control={control} name={`${name}.type`} label={`${title} Type`} options={STOP_TYPE_OPTIONS} />}
      <FormField control={control} name={`${name}.facilityName`} label={`${title} Facility`} maxLength={STOP_LIMITS.facilityName} />
      <Box gridColumn={{ md: 'span 2' }}>
        <FormField
          control={control}
          name={`${name}.address`}
          label={`${title} Address`}
          required
          autoComplete="off"
          maxLength={LOAD_LIMITS.location}
          helperText={marks.address}
        />
      </Box>
      <FormField
        control={control}
        name={`${name}.city`}
        label={`${title} City`}
        required
        maxLength={LOAD_LIMITS.city}
        helperText={marks.city}
      />
      <Grid templateColumns="1fr 1fr" gap="3">
        <FormField control={control} name={`${name}.state`} label={`${title} State`} required maxLength={2} helperText={marks.state} />
        <FormField control={control} name={`${name}.zip`} label={`${title} ZIP`} maxLength={STOP_LIMITS.zip} />
      </Grid>
      <FormField control={control} name={`${name}.date`} label={`${title} Date`} type="date" helperText={marks.date} />
      <Stack gap="2" justify="end">
        <ToggleField control={control} name={`${name}.firstComeFirstServed`} label={`${title}: first come, first served`} />
        {marks.window}
      </Stack>
      {fcfs ? null : (
        <Grid templateColumns="1fr 1fr" gap="3" gridColumn={{ md: 'span 2' }}>
          <TimeField control={control} name={`${name}.fromTime`} label={`${title} From`} />
          <TimeField control={control} name={`${name}.toTime`} label={`${title} To`} />
        </Grid>
      )}
      <FormField control={control} name={`${name}.contactName`} label={`${title} Contact`} maxLength={STOP_LIMITS.contactName} />
      <FormField control={control} name={`${name}.contactPhone`} label={`${title} Phone`} type="tel" />
      <FormField control={control} name={`${name}.poNumber`} label={`${title} PO #`} maxLength={STOP_LIMITS.poNumber} />
      <FormField control={control} name={`${name}.pickupNumber`} label={`${title} Pickup #`} maxLength={STOP_LIMITS.pickupNumber} />
      <Box gridColumn={{ md: 'span 2' }}>
        <FormField control={control} name={`${name}.notes`} label={`${title} Notes`} multiline={2} maxLength={LOAD_LIMITS.notes} />
      </Box>
    </Grid>
  );
}

/** A time of day ("HH:MM") of an appointment window, its error beside it. */
function TimeField({ control, name, label }: { control: LoadControl; name: `stops.${number}.${'fromTime' | 'toTime'}`; label: string }) {
  const { field, fieldState } = useController({ control, name });
  const error = fieldState.error?.message;
  return (
    <FieldFrame label={label} name={name} error={error}>
      <Input
        ref={field.ref}
        name={field.name}
        type="time"
        value={field.value ?? ''}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={field.onBlur}
        bg="white"
        aria-describedby={error ? `${name}-error` : undefined}
      />
    </FieldFrame>
  );
}

const ACCESSORIAL_OPTIONS = ACCESSORIAL_TYPES.map((type) => ({ value: type, label: ACCESSORIAL_LABELS[type] }));

/** The line haul, the accessorial charges beside it (type and amount, each removable) and the total: the load's rate. */
export function AccessorialFields({ control }: { control: LoadControl }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'accessorials' });
  const [lineHaul, charges] = useWatch({ control, name: ['lineHaul', 'accessorials'] });
  const lineHaulMark = useReadMark('lineHaul');
  const total = totalRate(
    typeof lineHaul === 'number' || typeof lineHaul === 'string' ? lineHaul : null,
    (charges ?? []).map((charge) => ({
      amount: typeof charge.amount === 'number' || typeof charge.amount === 'string' ? charge.amount : null,
    })),
  );
  return (
    <Stack gap="3">
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="3">
        <FormField control={control} name="lineHaul" label="Line Haul (USD)" type="number" min={0} step={0.01} helperText={lineHaulMark} />
      </Grid>
      {fields.length > 0 ? (
        <Stack as="ul" gap="3" listStyleType="none" m="0" p="0" aria-label="Accessorial charges">
          {fields.map((field, index) => (
            <Grid
              as="li"
              key={field.id}
              templateColumns={{ base: '1fr auto', md: '1fr 1fr 1fr auto' }}
              gap="3"
              alignItems="end"
              data-testid="accessorial"
            >
              <SelectField
                control={control}
                name={`accessorials.${index}.type`}
                label={`Charge ${index + 1}`}
                options={ACCESSORIAL_OPTIONS}
              />
              <Box gridRow={{ base: '2', md: 'auto' }}>
                <FormField
                  control={control}
                  name={`accessorials.${index}.amount`}
                  label={`Charge ${index + 1} Amount (USD)`}
                  type="number"
                  min={0}
                  step={0.01}
                />
              </Box>
              <Box gridRow={{ base: '3', md: 'auto' }}>
                <FormField
                  control={control}
                  name={`accessorials.${index}.description`}
                  label={`Charge ${index + 1} Description`}
                  maxLength={STOP_LIMITS.description}
                />
              </Box>
              <IconButton
                size="sm"
                variant="ghost"
                colorPalette="red"
                aria-label={`Remove charge ${index + 1}`}
                onClick={() => remove(index)}
              >
                <Trash2 aria-hidden="true" />
              </IconButton>
            </Grid>
          ))}
        </Stack>
      ) : null}
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Button
          variant="outline"
          disabled={fields.length >= LOAD_ACCESSORIALS_MAX}
          onClick={() => append({ type: 'fuel_surcharge', description: '', amount: '' })}
        >
          <Plus aria-hidden="true" /> Add charge
        </Button>
        <Text fontWeight="semibold" data-testid="rate-total" aria-live="polite">
          Total rate: {formatMoney(total)}
        </Text>
      </HStack>
    </Stack>
  );
}
