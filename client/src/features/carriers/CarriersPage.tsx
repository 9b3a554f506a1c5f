import { Text } from '@chakra-ui/react';
import type { SessionOutput } from '#shared/schemas/auth.js';
import type { createCarrierInput } from '#shared/schemas/carriers.js';
import { type Carrier } from '#shared/schemas/carriers.js';
import { contactColumns, ContactLines, dash } from '../../components/records/record-parts';
import { editorsDelete, listFrom, RecordListPage, type RecordScreen } from '../../components/records/RecordListPage';
import { trpc } from '../../lib/trpc';
import { carrierForm } from './CarrierForm';
import { carrierPermissions, useCarrierList } from './use-carriers';

const carrierScreen: RecordScreen<Carrier, typeof createCarrierInput> = {
  domain: {
    noun: 'Carrier',
    procedures: trpc.carriers,
    // A deleted carrier's drivers lose the link.
    refresh: (utils) => Promise.all([utils.carriers.invalidate(), utils.drivers.invalidate()]),
  },
  form: carrierForm,
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
  permissions: editorsDelete(carrierPermissions),
  useList: listFrom(useCarrierList, 'carriers'),
};

/** The Carriers screen: the record list with each carrier's MC and DOT numbers. */
export function CarriersPage({ session }: { session: SessionOutput }) {
  return <RecordListPage screen={carrierScreen} session={session} />;
}
