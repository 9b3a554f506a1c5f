import { Grid, Stack } from '@chakra-ui/react';
import { BROKER_LIMITS, createBrokerInput, type Broker, type CreateBrokerInput } from '#shared/schemas/brokers.js';
import { EMAIL_MAX, PHONE_MAX } from '#shared/schemas/people-fields.js';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { notify } from '../../components/toaster';
import { useForm } from '../../lib/use-form';
import { trpc } from '../../lib/trpc';

/** The form's values: every field as text, as typed. */
type BrokerFormValues = Required<{ [Key in keyof CreateBrokerInput]: string }>;

function valuesOf(broker: Broker | null): BrokerFormValues {
  const text = (value: string | null | undefined) => value ?? '';
  return {
    name: text(broker?.name),
    companyName: text(broker?.companyName),
    email: text(broker?.email),
    phone: text(broker?.phone),
    address: text(broker?.address),
    paymentTerms: text(broker?.paymentTerms),
    notes: text(broker?.notes),
  };
}

/** Add Broker, or edit one: the contact name is required. */
export function BrokerFormDialog({ broker, onClose }: { broker: Broker | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const form = useForm(createBrokerInput, valuesOf(broker));
  const values = form.values as BrokerFormValues;
  const create = trpc.brokers.create.useMutation();
  const update = trpc.brokers.update.useMutation();
  const isEditing = broker !== null;

  const onSuccess = (title: string) => {
    void utils.brokers.invalidate();
    notify.success(title);
    onClose();
  };
  const onError = (error: unknown) => notify.error('Error', form.applyServerError(error));

  const submit = () => {
    const input = form.validate();
    if (!input) return;
    if (broker) {
      update.mutate({ id: broker.id, ...input }, { onSuccess: () => onSuccess('Broker updated successfully'), onError });
    } else {
      create.mutate(input, { onSuccess: () => onSuccess('Broker created successfully'), onError });
    }
  };

  const field = (name: keyof BrokerFormValues) => ({
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
      title={isEditing ? 'Edit Broker' : 'Add Broker'}
      description={isEditing ? 'Update the broker’s details.' : 'Add a broker you haul loads for.'}
      submitLabel={isEditing ? 'Save Changes' : 'Add Broker'}
      busyLabel={isEditing ? 'Saving...' : 'Adding...'}
      isPending={create.isPending || update.isPending}
      onSubmit={submit}
      size="lg"
    >
      <Stack gap="4">
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
          <FormField label="Contact Name" required maxLength={BROKER_LIMITS.name} {...field('name')} />
          <FormField label="Company Name" maxLength={BROKER_LIMITS.companyName} {...field('companyName')} />
          <FormField label="Email" type="email" maxLength={EMAIL_MAX} {...field('email')} />
          <FormField label="Phone" type="tel" maxLength={PHONE_MAX} {...field('phone')} />
          <FormField label="Payment Terms" placeholder="e.g. Net 30" maxLength={BROKER_LIMITS.paymentTerms} {...field('paymentTerms')} />
          <FormField label="Address" maxLength={BROKER_LIMITS.address} {...field('address')} />
        </Grid>
        <FormField label="Notes" multiline={3} maxLength={BROKER_LIMITS.notes} {...field('notes')} />
      </Stack>
    </FormDialog>
  );
}
