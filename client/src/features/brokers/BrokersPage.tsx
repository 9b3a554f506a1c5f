import { useState } from 'react';
import { Text } from '@chakra-ui/react';
import { Timer } from 'lucide-react';
import { can } from '#shared/permissions.js';
import type { SessionOutput } from '#shared/schemas/auth.js';
import type { createBrokerInput } from '#shared/schemas/brokers.js';
import { type Broker } from '#shared/schemas/brokers.js';
import { contactColumns, ContactLines, dash } from '../../components/records/record-parts';
import { listFrom, RecordListPage, type RecordScreen } from '../../components/records/RecordListPage';
import { trpc } from '../../lib/trpc';
import { useSession } from '../../lib/session';
import { BrokerDetentionDialog } from './BrokerDetentionDialog';
import { brokerForm } from './BrokerForm';
import { brokerPermissions, useBrokerList } from './use-brokers';

const brokerScreen: RecordScreen<Broker, typeof createBrokerInput> = {
  domain: { noun: 'Broker', procedures: trpc.brokers, refresh: (utils) => utils.brokers.invalidate() },
  form: brokerForm,
  subtitle: 'The brokers you haul for and their payment terms',
  nameOf: (broker) => broker.name,
  columns: [
    { key: 'company', header: 'Company', cell: (broker) => dash(broker.companyName) },
    { key: 'mc', header: 'MC #', cell: (broker) => dash(broker.mcNumber) },
    ...contactColumns<Broker>(),
    { key: 'terms', header: 'Payment Terms', cell: (broker) => dash(broker.paymentTerms) },
  ],
  card: {
    subtitle: (broker) => broker.companyName,
    details: (broker) => (
      <>
        <Text>MC #: {dash(broker.mcNumber)}</Text>
        <ContactLines row={broker} />
        <Text>Payment terms: {dash(broker.paymentTerms)}</Text>
      </>
    ),
  },
  keptAfterDelete: 'Loads booked through them keep showing their name.',
  /** Dispatchers edit brokers; only admins delete them (brokers carry payment history). */
  permissions: brokerPermissions,
  useList: listFrom(useBrokerList, 'brokers'),
  // Issue 31: the broker's detention terms (free hours, hourly rate), for those who edit brokers.
  useMoreActions: function useBrokerActions() {
    const session = useSession();
    const [editing, setEditing] = useState<Broker | null>(null);
    return {
      actions: (broker) =>
        can(session, 'brokers', 'write')
          ? [{ label: 'Detention terms', icon: <Timer aria-hidden="true" />, onClick: () => setEditing(broker) }]
          : [],
      dialogs: editing ? <BrokerDetentionDialog brokerId={editing.id} brokerName={editing.name} onClose={() => setEditing(null)} /> : null,
    };
  },
};

/** The Brokers screen: the record list with each broker's company and payment terms. */
export function BrokersPage({ session }: { session: SessionOutput }) {
  return <RecordListPage screen={brokerScreen} session={session} />;
}
