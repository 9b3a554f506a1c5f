import { useWatch } from 'react-hook-form';
import { createDriverInput, DRIVER_LIMITS, DRIVER_STATUSES } from '#shared/schemas/drivers.js';
import { FormField } from '../../components/FormField';
import { SalesAgentField } from '../../components/SalesAgentField';
import type { RecordFields, RecordForm } from '../../components/records/RecordFormDialog';
import { ContactFields, NotesField } from '../../components/records/record-parts';
import { SelectField } from '../../components/SelectField';
import { statusLabel } from '../../components/StatusBadge';
import { trpc } from '../../lib/trpc';

const STATUS_OPTIONS = DRIVER_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }));

/** First and last name required; an empty license expiry or carrier is saved as none. */
const DriverFields: RecordFields<typeof createDriverInput> = ({ control }) => {
  const carriers = trpc.carriers.options.useQuery();
  const dispatchers = trpc.drivers.dispatcherOptions.useQuery();
  const dispatcherId = useWatch({ control, name: 'dispatcherId' });
  const dispatcherOptions = (dispatchers.data ?? []).map((user) => ({
    value: user.id,
    label: user.role === 'admin' ? `${user.name} (Admin)` : user.name,
  }));
  // A dispatcher who has since left the role still shows rather than vanishing (saving asks for another).
  if (dispatcherId && dispatchers.data && !dispatcherOptions.some((option) => option.value === dispatcherId)) {
    dispatcherOptions.unshift({ value: dispatcherId, label: 'Current dispatcher' });
  }
  const carrierId = useWatch({ control, name: 'carrierId' });
  const carrierOptions = (carriers.data ?? []).map((carrier) => ({ value: carrier.id, label: carrier.name }));
  // A driver's carrier this user may not pick (another sales agent's) still shows by its id rather than vanishing.
  if (carrierId && carriers.data && !carrierOptions.some((option) => option.value === carrierId)) {
    carrierOptions.unshift({ value: carrierId, label: 'Current carrier' });
  }
  return (
    <>
      <FormField control={control} name="firstName" label="First Name" required autoComplete="off" maxLength={DRIVER_LIMITS.name} />
      <FormField control={control} name="lastName" label="Last Name" required autoComplete="off" maxLength={DRIVER_LIMITS.name} />
      <ContactFields control={control} />
      <FormField control={control} name="licenseNumber" label="License Number" autoComplete="off" maxLength={DRIVER_LIMITS.licenseNumber} />
      <FormField control={control} name="licenseExpiry" label="License Expiry" type="date" />
      <SelectField control={control} name="status" label="Status" options={STATUS_OPTIONS} />
      <SelectField control={control} name="carrierId" label="Carrier" options={carrierOptions} placeholder="No carrier" />
      <SelectField control={control} name="dispatcherId" label="Dispatcher" options={dispatcherOptions} placeholder="No dispatcher" />
      <SalesAgentField control={control} name="salesAgentId" helperText="Counts this driver as onboarded by them" />
      <NotesField control={control} maxLength={DRIVER_LIMITS.notes} />
    </>
  );
};

/** Add Driver, or edit one. */
export const driverForm: RecordForm<typeof createDriverInput> = {
  addDescription: 'Add a driver to your fleet.',
  schema: createDriverInput,
  defaults: { status: 'available' },
  Fields: DriverFields,
};
