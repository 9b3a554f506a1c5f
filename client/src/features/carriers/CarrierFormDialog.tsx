import { CARRIER_LIMITS, createCarrierInput, type Carrier } from '#shared/schemas/carriers.js';
import { EMAIL_MAX, PHONE_MAX } from '#shared/schemas/fields.js';
import { FormField } from '../../components/FormField';
import { carrierDomain } from './carrier-domain';
import { RecordFormDialog, type RecordFields, type RecordForm } from '../../components/records/RecordFormDialog';
import { Wide } from '../../components/records/record-parts';
import { ToggleField } from '../../components/ToggleField';

/** The name is required; an empty insurance expiry is saved as none. */
const CarrierFields: RecordFields<Carrier, typeof createCarrierInput> = ({ control }) => (
  <>
    <Wide>
      <FormField control={control} name="name" label="Name" required autoComplete="off" maxLength={CARRIER_LIMITS.name} />
    </Wide>
    <FormField control={control} name="mcNumber" label="MC Number" autoComplete="off" maxLength={CARRIER_LIMITS.number} />
    <FormField control={control} name="dotNumber" label="DOT Number" autoComplete="off" maxLength={CARRIER_LIMITS.number} />
    <FormField control={control} name="email" label="Email" type="email" autoComplete="off" maxLength={EMAIL_MAX} />
    <FormField control={control} name="phone" label="Phone" type="tel" autoComplete="off" maxLength={PHONE_MAX} />
    <FormField control={control} name="insuranceExpiry" label="Insurance Expiry" type="date" />
    <FormField control={control} name="address" label="Address" autoComplete="off" maxLength={CARRIER_LIMITS.address} />
    <Wide>
      <FormField control={control} name="notes" label="Notes" multiline={3} maxLength={CARRIER_LIMITS.notes} />
    </Wide>
    <ToggleField control={control} name="contractSigned" label="Contract signed" />
  </>
);

export const carrierForm: RecordForm<Carrier, typeof createCarrierInput> = {
  domain: carrierDomain,
  addDescription: 'Add a carrier you work with.',
  schema: createCarrierInput,
  valuesOf: (carrier) => ({
    name: carrier?.name ?? '',
    mcNumber: carrier?.mcNumber ?? '',
    dotNumber: carrier?.dotNumber ?? '',
    email: carrier?.email ?? '',
    phone: carrier?.phone ?? '',
    address: carrier?.address ?? '',
    insuranceExpiry: carrier?.insuranceExpiry ?? '',
    notes: carrier?.notes ?? '',
    contractSigned: carrier?.contractSigned ?? false,
  }),
  Fields: CarrierFields,
};

/** Add Carrier, or edit one. */
export function CarrierFormDialog(props: { record: Carrier | null; onClose: () => void }) {
  return <RecordFormDialog config={carrierForm} {...props} />;
}
