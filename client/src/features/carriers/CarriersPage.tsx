import { Text } from '@chakra-ui/react';
import type { SessionOutput } from '#shared/schemas/auth.js';
import type { Carrier } from '#shared/schemas/carriers.js';
import { contactColumns, ContactLines, dash } from '../../components/records/record-parts';
import { RecordListPage, type RecordScreen } from '../../components/records/RecordListPage';
import { carrierDomain } from './carrier-domain';
import { CarrierFormDialog } from './CarrierFormDialog';
import { carrierPermissions, useCarrierList } from './use-carriers';

const carrierScreen: RecordScreen<Carrier> = {
  domain: carrierDomain,
  plural: 'Carriers',
  subtitle: 'The carriers you work with and their authority numbers',
  nameOf: (carrier) => carrier.name,
  columns: [
    { key: 'mc', header: 'MC Number', cell: (carrier) => dash(carrier.mcNumber) },
    { key: 'dot', header: 'DOT Number', cell: (carrier) => dash(carrier.dotNumber) },
    ...contactColumns<Carrier>(),
  ],
  card: {
    details: (carrier) => (
      <>
        <Text>MC Number: {dash(carrier.mcNumber)}</Text>
        <Text>DOT Number: {dash(carrier.dotNumber)}</Text>
        <ContactLines row={carrier} />
      </>
    ),
  },
  keptAfterDelete: 'Loads they hauled keep showing their name; their drivers are kept, without a carrier.',
  permissions: (session) => {
    const { canAdd, canChange } = carrierPermissions(session);
    return { canAdd, canEdit: canChange, canDelete: canChange };
  },
  useList: () => {
    const { query, carriers } = useCarrierList();
    return { query, rows: carriers };
  },
  Form: CarrierFormDialog,
};

/** The Carriers screen: the record list with each carrier's MC and DOT numbers. */
export function CarriersPage({ session }: { session: SessionOutput }) {
  return <RecordListPage screen={carrierScreen} session={session} />;
}
