import { BROKER_LIMITS, createBrokerInput } from '#shared/schemas/brokers.js';
import { FormField } from '../../components/FormField';
import type { RecordFields, RecordForm } from '../../components/records/RecordFormDialog';
import { ContactFields, NotesField } from '../../components/records/record-parts';

/** The contact name is required. */
const BrokerFields: RecordFields<typeof createBrokerInput> = ({ control }) => (
  <>
    <FormField control={control} name="name" label="Contact Name" required autoComplete="off" maxLength={BROKER_LIMITS.name} />
    <FormField control={control} name="companyName" label="Company Name" autoComplete="off" maxLength={BROKER_LIMITS.companyName} />
    <FormField
      control={control}
      name="mcNumber"
      label="MC #"
      placeholder="e.g. 123456"
      helperText="The broker's MC number, digits only; a rate con is matched to the broker by it."
      autoComplete="off"
      maxLength={20}
    />
    <ContactFields control={control} />
    <FormField
      control={control}
      name="paymentTerms"
      label="Payment Terms"
      placeholder="e.g. Net 30"
      helperText="Invoices fall due after the days these name (Net 30, 45 days, Due on receipt); 30 days when they name none."
      autoComplete="off"
      maxLength={BROKER_LIMITS.paymentTerms}
    />
    <FormField control={control} name="address" label="Address" autoComplete="off" maxLength={BROKER_LIMITS.address} />
    <NotesField control={control} maxLength={BROKER_LIMITS.notes} />
  </>
);

/** Add Broker, or edit one. */
export const brokerForm: RecordForm<typeof createBrokerInput> = {
  addDescription: 'Add a broker you haul loads for.',
  schema: createBrokerInput,
  Fields: BrokerFields,
};
