import { Text } from '@chakra-ui/react';
import type { SessionOutput } from '#shared/schemas/auth.js';
import type { Broker } from '#shared/schemas/brokers.js';
import { contactColumns, ContactLines, dash } from '../../components/records/record-parts';
import { RecordListPage, type RecordScreen } from '../../components/records/RecordListPage';
import { brokerDomain } from './broker-domain';
import { BrokerFormDialog } from './BrokerFormDialog';
import { brokerPermissions, useBrokerList } from './use-brokers';

const brokerScreen: RecordScreen<Broker> = {
  domain: brokerDomain,
  plural: 'Brokers',
  subtitle: 'The brokers you haul for and their payment terms',
  nameOf: (broker) => broker.name,
  columns: [
    { key: 'company', header: 'Company', cell: (broker) => dash(broker.companyName) },
    ...contactColumns<Broker>(),
    { key: 'terms', header: 'Payment Terms', cell: (broker) => dash(broker.paymentTerms) },
  ],
  card: {
    subtitle: (broker) => broker.companyName,
    details: (broker) => (
      <>
        <ContactLines row={broker} />
        <Text>Payment terms: {dash(broker.paymentTerms)}</Text>
      </>
    ),
  },
  keptAfterDelete: 'Loads booked through them keep showing their name.',
  /** Dispatchers edit brokers; only admins delete them (brokers carry payment history). */
  permissions: brokerPermissions,
  useList: () => {
    const { query, brokers } = useBrokerList();
    return { query, rows: brokers };
  },
  Form: BrokerFormDialog,
};

/** The Brokers screen: the record list with each broker's company and payment terms. */
export function BrokersPage({ session }: { session: SessionOutput }) {
  return <RecordListPage screen={brokerScreen} session={session} />;
}
