import { CARRIER_LIMITS, createCarrierInput } from '#shared/schemas/carriers.js';
import { FormField } from '../../components/FormField';
import { SalesAgentField } from '../../components/SalesAgentField';
import type { RecordFields, RecordForm } from '../../components/records/RecordFormDialog';
import { ContactFields, NotesField, Wide } from '../../components/records/record-parts';
import { ToggleField } from '../../components/ToggleField';

/** The name is required; an empty insurance expiry is saved as none. */
const CarrierFields: RecordFields<typeof createCarrierInput> = ({ control }) => (
  <>
    <Wide>
      <FormField control={control} name="name" label="Name" required autoComplete="off" maxLength={CARRIER_LIMITS.name} />
    </Wide>
    <FormField control={control} name="mcNumber" label="MC Number" autoComplete="off" maxLength={CARRIER_LIMITS.number} />
    <FormField control={control} name="dotNumber" label="DOT Number" autoComplete="off" maxLength={CARRIER_LIMITS.number} />
    <ContactFields control={control} />
    <FormField control={control} name="insuranceExpiry" label="Insurance Expiry" type="date" />
    <FormField control={control} name="address" label="Address" autoComplete="off" maxLength={CARRIER_LIMITS.address} />
    <SalesAgentField control={control} name="salesAgentId" helperText="Counts this carrier as onboarded by them" />
    <NotesField control={control} maxLength={CARRIER_LIMITS.notes} />
    <ToggleField control={control} name="contractSigned" label="Contract signed" />
  </>
);

/** Add Carrier, or edit one. */
export const carrierForm: RecordForm<typeof createCarrierInput> = {
  addDescription: 'Add a carrier you work with.',
  schema: createCarrierInput,
  defaults: { contractSigned: false },
  Fields: CarrierFields,
};
