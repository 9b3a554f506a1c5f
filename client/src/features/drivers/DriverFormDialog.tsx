import { Grid, Stack } from '@chakra-ui/react';
import { createDriverInput, DRIVER_LIMITS, DRIVER_STATUSES, type CreateDriverInput, type Driver } from '#shared/schemas/drivers.js';
import { EMAIL_MAX, PHONE_MAX } from '#shared/schemas/people-fields.js';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { SelectField } from '../../components/SelectField';
import { statusLabel } from '../../components/StatusBadge';
import { notify } from '../../components/toaster';
import { useForm } from '../../lib/use-form';
import { trpc } from '../../lib/trpc';

/** The form's values: every field as text, as typed. */
type DriverFormValues = Required<{ [Key in keyof CreateDriverInput]: string }>;

const STATUS_OPTIONS = DRIVER_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }));

function valuesOf(driver: Driver | null): DriverFormValues {
  const text = (value: string | null | undefined) => value ?? '';
  return {
    firstName: text(driver?.firstName),
    lastName: text(driver?.lastName),
    email: text(driver?.email),
    phone: text(driver?.phone),
    licenseNumber: text(driver?.licenseNumber),
    licenseExpiry: text(driver?.licenseExpiry),
    status: driver?.status ?? 'available',
    notes: text(driver?.notes),
    carrierId: text(driver?.carrierId),
  };
}

/** Add Driver, or edit one: first and last name required; an empty license expiry or carrier is saved as none. */
export function DriverFormDialog({ driver, onClose }: { driver: Driver | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const form = useForm(createDriverInput, valuesOf(driver) as CreateDriverInput);
  const values = form.values as DriverFormValues;
  const carriers = trpc.carriers.options.useQuery();
  const create = trpc.drivers.create.useMutation();
  const update = trpc.drivers.update.useMutation();
  const isEditing = driver !== null;

  const carrierOptions = (carriers.data ?? []).map((carrier) => ({ value: carrier.id, label: carrier.name }));
  // A driver's carrier this user may not pick (another sales agent's) still shows by its id rather than vanishing.
  if (values.carrierId && carriers.data && !carrierOptions.some((option) => option.value === values.carrierId)) {
    carrierOptions.unshift({ value: values.carrierId, label: 'Current carrier' });
  }

  const onSuccess = (title: string) => {
    void utils.drivers.invalidate();
    notify.success(title);
    onClose();
  };
  const onError = (error: unknown) => notify.error('Error', form.applyServerError(error));

  const submit = () => {
    const input = form.validate();
    if (!input) return;
    if (driver) {
      update.mutate({ id: driver.id, ...input }, { onSuccess: () => onSuccess('Driver updated successfully'), onError });
    } else {
      create.mutate(input, { onSuccess: () => onSuccess('Driver created successfully'), onError });
    }
  };

  const field = (name: keyof DriverFormValues) => ({
    name,
    value: values[name],
    onChange: (value: string) => form.setField(name, value),
    error: form.errors[name],
  });

  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={isEditing ? 'Edit Driver' : 'Add Driver'}
      description={isEditing ? 'Update the driver’s details.' : 'Add a driver to your fleet.'}
      submitLabel={isEditing ? 'Save Changes' : 'Add Driver'}
      busyLabel={isEditing ? 'Saving...' : 'Adding...'}
      isPending={create.isPending || update.isPending}
      onSubmit={submit}
      size="lg"
    >
      <Stack gap="4">
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
          <FormField label="First Name" required autoComplete="off" maxLength={DRIVER_LIMITS.name} {...field('firstName')} />
          <FormField label="Last Name" required autoComplete="off" maxLength={DRIVER_LIMITS.name} {...field('lastName')} />
          <FormField label="Email" type="email" autoComplete="off" maxLength={EMAIL_MAX} {...field('email')} />
          <FormField label="Phone" type="tel" autoComplete="off" maxLength={PHONE_MAX} {...field('phone')} />
          <FormField label="License Number" autoComplete="off" maxLength={DRIVER_LIMITS.licenseNumber} {...field('licenseNumber')} />
          <FormField label="License Expiry" type="date" {...field('licenseExpiry')} />
          <SelectField label="Status" options={STATUS_OPTIONS} {...field('status')} />
          <SelectField label="Carrier" options={carrierOptions} placeholder="No carrier" {...field('carrierId')} />
        </Grid>
        <FormField label="Notes" multiline={3} maxLength={DRIVER_LIMITS.notes} {...field('notes')} />
      </Stack>
    </FormDialog>
  );
}
