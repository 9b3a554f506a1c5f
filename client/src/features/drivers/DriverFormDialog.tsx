import { useWatch } from 'react-hook-form';
import { createDriverInput, DRIVER_LIMITS, DRIVER_STATUSES, type Driver } from '#shared/schemas/drivers.js';
import { EMAIL_MAX, PHONE_MAX } from '#shared/schemas/fields.js';
import { FormField } from '../../components/FormField';
import { driverDomain } from './driver-domain';
import { RecordFormDialog, type RecordFields, type RecordForm } from '../../components/records/RecordFormDialog';
import { Wide } from '../../components/records/record-parts';
import { SelectField } from '../../components/SelectField';
import { statusLabel } from '../../components/StatusBadge';
import { trpc } from '../../lib/trpc';

const STATUS_OPTIONS = DRIVER_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }));

/** First and last name required; an empty license expiry or carrier is saved as none. */
const DriverFields: RecordFields<Driver, typeof createDriverInput> = ({ control }) => {
  const carriers = trpc.carriers.options.useQuery();
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
      <FormField control={control} name="email" label="Email" type="email" autoComplete="off" maxLength={EMAIL_MAX} />
      <FormField control={control} name="phone" label="Phone" type="tel" autoComplete="off" maxLength={PHONE_MAX} />
      <FormField control={control} name="licenseNumber" label="License Number" autoComplete="off" maxLength={DRIVER_LIMITS.licenseNumber} />
      <FormField control={control} name="licenseExpiry" label="License Expiry" type="date" />
      <SelectField control={control} name="status" label="Status" options={STATUS_OPTIONS} />
      <SelectField control={control} name="carrierId" label="Carrier" options={carrierOptions} placeholder="No carrier" />
      <Wide>
        <FormField control={control} name="notes" label="Notes" multiline={3} maxLength={DRIVER_LIMITS.notes} />
      </Wide>
    </>
  );
};

export const driverForm: RecordForm<Driver, typeof createDriverInput> = {
  domain: driverDomain,
  addDescription: 'Add a driver to your fleet.',
  schema: createDriverInput,
  valuesOf: (driver) => ({
    firstName: driver?.firstName ?? '',
    lastName: driver?.lastName ?? '',
    email: driver?.email ?? '',
    phone: driver?.phone ?? '',
    licenseNumber: driver?.licenseNumber ?? '',
    licenseExpiry: driver?.licenseExpiry ?? '',
    status: driver?.status ?? 'available',
    notes: driver?.notes ?? '',
    carrierId: driver?.carrierId ?? '',
  }),
  Fields: DriverFields,
};

/** Add Driver, or edit one. */
export function DriverFormDialog(props: { record: Driver | null; onClose: () => void }) {
  return <RecordFormDialog config={driverForm} {...props} />;
}
