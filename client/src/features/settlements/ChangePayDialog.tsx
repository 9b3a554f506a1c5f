import { useEffect } from 'react';
import { Button, Grid, Heading, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { can } from '#shared/permissions.js';
import type { SessionOutput } from '#shared/schemas/auth.js';
import {
  DRIVER_PAY_TYPE_LABELS,
  DRIVER_PAY_TYPES,
  PAY_BASES,
  PAY_BASIS_LABELS,
  PAY_ITEM_KIND_LABELS,
  PAY_ITEM_KINDS,
  setProfileInput,
  type PayProfile,
} from '#shared/schemas/settlements.js';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { SelectField, type SelectOption } from '../../components/SelectField';
import { notify } from '../../components/toaster';
import { useFailureToast } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/use-form';
import { localToday } from '#shared/schemas/invoices.js';
import { RATE_UNITS } from './settlement-rules';
import { blankAsNull, useRefreshSettlements } from './use-settlements';

/** The form: a company driver's empty carrier is none. */
const changePayForm = setProfileInput.extend({ carrierId: blankAsNull(setProfileInput.shape.carrierId).optional() });

const TYPE_OPTIONS = DRIVER_PAY_TYPES.map((type) => ({ value: type, label: DRIVER_PAY_TYPE_LABELS[type] }));
const BASIS_OPTIONS = PAY_BASES.map((basis) => ({ value: basis, label: PAY_BASIS_LABELS[basis] }));
const ITEM_OPTIONS = PAY_ITEM_KINDS.map((kind) => ({ value: kind, label: PAY_ITEM_KIND_LABELS[kind] }));

/** The company's drivers (a page of the largest size: pay is set for a small carrier's drivers), with the carrier each is linked to. */
function useDrivers() {
  const drivers = trpc.drivers.list.useQuery({ limit: 100 });
  useFailureToast(drivers);
  return (drivers.data?.items ?? []).map((driver) => ({
    id: driver.id,
    name: `${driver.firstName} ${driver.lastName}`,
    carrierId: driver.carrierId,
  }));
}

/**
 * The carriers an owner-operator may be linked to: the carriers list for those who may read it
 * (admins); for treasury, who may not, the carriers already named on pay profiles and the chosen
 * driver's own carrier.
 */
function useCarrierOptions(session: SessionOutput, profiles: PayProfile[], driverCarrierId: string | null): SelectOption[] {
  const mayRead = can(session, 'carriers', 'read');
  const carriers = trpc.carriers.list.useQuery({ limit: 100 }, { enabled: mayRead });
  const known = new Map<string, string>();
  for (const carrier of carriers.data?.items ?? []) known.set(carrier.id, carrier.name);
  for (const profile of profiles) if (profile.carrierId && profile.carrierName) known.set(profile.carrierId, profile.carrierName);
  const options = [...known].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
  return driverCarrierId && !known.has(driverCarrierId) ? [{ value: driverCarrierId, label: "The driver's carrier" }, ...options] : options;
}

/**
 * "Change pay": a new version of a driver's pay from a date (company driver or owner-operator with
 * their carrier, the basis, the rate with its unit, the default extra items per load). Settlements
 * already approved never change.
 */
export function ChangePayDialog({
  driverId,
  profiles,
  session,
  onClose,
}: {
  driverId: string | undefined;
  profiles: PayProfile[];
  session: SessionOutput;
  onClose: () => void;
}) {
  const latest = profiles.find((profile) => profile.driverId === driverId);
  const drivers = useDrivers();
  const refresh = useRefreshSettlements();
  const save = trpc.settlements.setProfile.useMutation({ onSettled: refresh });
  const form = useZodForm(changePayForm, {
    driverId: driverId ?? '',
    effectiveFrom: localToday(),
    driverType: latest?.driverType ?? 'company',
    carrierId: latest?.carrierId ?? '',
    payBasis: latest?.payBasis ?? 'loaded_mile',
    rate: latest?.rate ?? '',
    extraItems: latest?.extraItems ?? [],
  });
  const { control } = form;
  const [chosenDriverId, driverType, payBasis] = useWatch({ control, name: ['driverId', 'driverType', 'payBasis'] });
  const driverCarrierId = drivers.find((driver) => driver.id === chosenDriverId)?.carrierId ?? null;
  const carriers = useCarrierOptions(session, profiles, driverCarrierId);
  // An owner-operator is linked to their own carrier unless another is chosen.
  useEffect(() => {
    if (driverType === 'owner_operator' && driverCarrierId && !form.getValues('carrierId')) form.setValue('carrierId', driverCarrierId);
  }, [driverType, driverCarrierId, form]);
  const items = useFieldArray({ control, name: 'extraItems' });
  const onSubmit = form.handleSubmit((input) =>
    save.mutate(
      { ...input, carrierId: input.driverType === 'owner_operator' ? input.carrierId || null : null },
      {
        onSuccess: (profile) => {
          notify.success('Pay changed', `${profile.driverName}: from ${formatDate(profile.effectiveFrom)}`);
          onClose();
        },
        onError: form.fail('Failed to change pay'),
      },
    ),
  );
  const driverOptions: SelectOption[] = drivers.map((driver) => ({ value: driver.id, label: driver.name }));
  if (driverId && latest && !drivers.some((driver) => driver.id === driverId))
    driverOptions.unshift({ value: driverId, label: latest.driverName });
  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Change pay"
      description="A new version of the driver's pay from its date. Approved settlements never change."
      submitLabel="Save pay"
      busyLabel="Saving..."
      isPending={save.isPending}
      onSubmit={(event) => void onSubmit(event)}
      size="lg"
    >
      <Stack gap="4">
        <SelectField control={control} name="driverId" label="Driver" required options={driverOptions} placeholder="Choose a driver" />
        <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="4">
          <SelectField control={control} name="driverType" label="Type" required options={TYPE_OPTIONS} />
          {driverType === 'owner_operator' ? (
            <SelectField control={control} name="carrierId" label="Carrier" required options={carriers} placeholder="Choose a carrier" />
          ) : null}
          <SelectField control={control} name="payBasis" label="Basis" required options={BASIS_OPTIONS} />
          <FormField
            control={control}
            name="rate"
            label="Rate"
            type="number"
            step="any"
            min={0}
            required
            helperText={payBasis ? RATE_UNITS[payBasis] : undefined}
          />
          <FormField control={control} name="effectiveFrom" label="Effective from" type="date" required />
        </Grid>
        <Stack as="fieldset" gap="3">
          <Heading as="legend" size="sm" mb="2">
            Extra items per load
          </Heading>
          {items.fields.length === 0 ? (
            <Text fontSize="sm" color="gray.700">
              None: stop pay, detention, layover and the like can be added here.
            </Text>
          ) : null}
          {items.fields.map((field, index) => (
            <HStack key={field.id} align="end" gap="2" wrap={{ base: 'wrap', sm: 'nowrap' }}>
              <SelectField control={control} name={`extraItems.${index}.kind`} label="Item" options={ITEM_OPTIONS} />
              <FormField control={control} name={`extraItems.${index}.description`} label="Description" maxLength={200} />
              <FormField control={control} name={`extraItems.${index}.amount`} label="Amount" type="number" step={0.01} min={0} />
              <IconButton
                variant="outline"
                colorPalette="red"
                aria-label={`Remove extra item ${index + 1}`}
                onClick={() => items.remove(index)}
              >
                <Trash2 aria-hidden="true" />
              </IconButton>
            </HStack>
          ))}
          <Button
            variant="outline"
            size="sm"
            alignSelf="start"
            onClick={() => items.append({ kind: 'stop_pay', description: PAY_ITEM_KIND_LABELS.stop_pay, amount: '' })}
          >
            <Plus aria-hidden="true" /> Add extra item
          </Button>
        </Stack>
      </Stack>
    </FormDialog>
  );
}
