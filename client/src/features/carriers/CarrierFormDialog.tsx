import { Checkbox, Grid, Stack } from '@chakra-ui/react';
import { CARRIER_LIMITS, createCarrierInput, type Carrier, type CreateCarrierInput } from '#shared/schemas/carriers.js';
import { EMAIL_MAX, PHONE_MAX } from '#shared/schemas/people-fields.js';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { notify } from '../../components/toaster';
import { useForm } from '../../lib/use-form';
import { trpc } from '../../lib/trpc';

/** The form's values: text as typed, the contract box as a boolean. */
type CarrierFormValues = Required<{ [Key in keyof CreateCarrierInput]: Key extends 'contractSigned' ? boolean : string }>;
type CarrierTextField = Exclude<keyof CarrierFormValues, 'contractSigned'>;

function valuesOf(carrier: Carrier | null): CarrierFormValues {
  const text = (value: string | null | undefined) => value ?? '';
  return {
    name: text(carrier?.name),
    mcNumber: text(carrier?.mcNumber),
    dotNumber: text(carrier?.dotNumber),
    email: text(carrier?.email),
    phone: text(carrier?.phone),
    address: text(carrier?.address),
    insuranceExpiry: text(carrier?.insuranceExpiry),
    notes: text(carrier?.notes),
    contractSigned: carrier?.contractSigned ?? false,
  };
}

/** Add Carrier, or edit one: the name is required; an empty insurance expiry is saved as none. */
export function CarrierFormDialog({ carrier, onClose }: { carrier: Carrier | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const form = useForm(createCarrierInput, valuesOf(carrier));
  const values = form.values as CarrierFormValues;
  const create = trpc.carriers.create.useMutation();
  const update = trpc.carriers.update.useMutation();
  const isEditing = carrier !== null;

  const onSuccess = (title: string) => {
    void utils.carriers.invalidate();
    notify.success(title);
    onClose();
  };
  const onError = (error: unknown) => notify.error('Error', form.applyServerError(error));

  const submit = () => {
    const input = form.validate();
    if (!input) return;
    if (carrier) {
      update.mutate({ id: carrier.id, ...input }, { onSuccess: () => onSuccess('Carrier updated successfully'), onError });
    } else {
      create.mutate(input, { onSuccess: () => onSuccess('Carrier created successfully'), onError });
    }
  };

  const field = (name: CarrierTextField) => ({
    name,
    value: values[name],
    onChange: (value: string) => form.setField(name, value),
    error: form.errors[name],
    autoComplete: 'off',
  });

  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={isEditing ? 'Edit Carrier' : 'Add Carrier'}
      description={isEditing ? 'Update the carrier’s details.' : 'Add a carrier you work with.'}
      submitLabel={isEditing ? 'Save Changes' : 'Add Carrier'}
      busyLabel={isEditing ? 'Saving...' : 'Adding...'}
      isPending={create.isPending || update.isPending}
      onSubmit={submit}
      size="lg"
    >
      <Stack gap="4">
        <FormField label="Name" required maxLength={CARRIER_LIMITS.name} {...field('name')} />
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
          <FormField label="MC Number" maxLength={CARRIER_LIMITS.number} {...field('mcNumber')} />
          <FormField label="DOT Number" maxLength={CARRIER_LIMITS.number} {...field('dotNumber')} />
          <FormField label="Email" type="email" maxLength={EMAIL_MAX} {...field('email')} />
          <FormField label="Phone" type="tel" maxLength={PHONE_MAX} {...field('phone')} />
          <FormField label="Insurance Expiry" type="date" {...field('insuranceExpiry')} />
          <FormField label="Address" maxLength={CARRIER_LIMITS.address} {...field('address')} />
        </Grid>
        <FormField label="Notes" multiline={3} maxLength={CARRIER_LIMITS.notes} {...field('notes')} />
        <Checkbox.Root
          name="contractSigned"
          checked={values.contractSigned}
          onCheckedChange={(event) => form.setField('contractSigned', event.checked === true)}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Contract signed</Checkbox.Label>
        </Checkbox.Root>
      </Stack>
    </FormDialog>
  );
}
