import { BROKER_LIMITS, createBrokerInput, type Broker } from '#shared/schemas/brokers.js';
import { EMAIL_MAX, PHONE_MAX } from '#shared/schemas/fields.js';
import { FormField } from '../../components/FormField';
import { brokerDomain } from './broker-domain';
import { RecordFormDialog, type RecordFields, type RecordForm } from '../../components/records/RecordFormDialog';
import { Wide } from '../../components/records/record-parts';

/** The contact name is required. */
const BrokerFields: RecordFields<Broker, typeof createBrokerInput> = ({ control }) => (
  <>
    <FormField control={control} name="name" label="Contact Name" required autoComplete="off" maxLength={BROKER_LIMITS.name} />
    <FormField control={control} name="companyName" label="Company Name" autoComplete="off" maxLength={BROKER_LIMITS.companyName} />
    <FormField control={control} name="email" label="Email" type="email" autoComplete="off" maxLength={EMAIL_MAX} />
    <FormField control={control} name="phone" label="Phone" type="tel" autoComplete="off" maxLength={PHONE_MAX} />
    <FormField
      control={control}
      name="paymentTerms"
      label="Payment Terms"
      placeholder="e.g. Net 30"
      autoComplete="off"
      maxLength={BROKER_LIMITS.paymentTerms}
    />
    <FormField control={control} name="address" label="Address" autoComplete="off" maxLength={BROKER_LIMITS.address} />
    <Wide>
      <FormField control={control} name="notes" label="Notes" multiline={3} maxLength={BROKER_LIMITS.notes} />
    </Wide>
  </>
);

export const brokerForm: RecordForm<Broker, typeof createBrokerInput> = {
  domain: brokerDomain,
  addDescription: 'Add a broker you haul loads for.',
  schema: createBrokerInput,
  valuesOf: (broker) => ({
    name: broker?.name ?? '',
    companyName: broker?.companyName ?? '',
    email: broker?.email ?? '',
    phone: broker?.phone ?? '',
    address: broker?.address ?? '',
    paymentTerms: broker?.paymentTerms ?? '',
    notes: broker?.notes ?? '',
  }),
  Fields: BrokerFields,
};

/** Add Broker, or edit one. */
export function BrokerFormDialog(props: { record: Broker | null; onClose: () => void }) {
  return <RecordFormDialog config={brokerForm} {...props} />;
}
