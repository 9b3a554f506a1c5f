import { useState } from 'react';
import { Text } from '@chakra-ui/react';
import { UserPlus } from 'lucide-react';
import { can } from '#shared/permissions.js';
import type { SessionOutput } from '#shared/schemas/auth.js';
import type { createCarrierInput } from '#shared/schemas/carriers.js';
import { type Carrier } from '#shared/schemas/carriers.js';
import { contactColumns, ContactLines, dash } from '../../components/records/record-parts';
import { editorsDelete, listFrom, RecordListPage, type RecordScreen } from '../../components/records/RecordListPage';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { carrierForm } from './CarrierForm';
import { InviteCarrierUserDialog } from './InviteCarrierUserDialog';
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
  // Admins and dispatchers invite a carrier user (one of the carrier's drivers) to the carrier portal.
  useMoreActions: () => {
    const session = useSession();
    const [inviting, setInviting] = useState<Carrier | null>(null);
    const mayInvite = (carrier: Carrier) => can(session, 'carriers', 'invite') && carrier.companyId === session.company.id;
    return {
      actions: (carrier) =>
        mayInvite(carrier)
          ? [{ label: 'Invite carrier user', icon: <UserPlus aria-hidden="true" />, onClick: () => setInviting(carrier) }]
          : [],
      dialogs: inviting ? (
        <InviteCarrierUserDialog carrierId={inviting.id} carrierName={inviting.name} onClose={() => setInviting(null)} />
      ) : null,
    };
  },
};

/** The Carriers screen: the record list with each carrier's MC and DOT numbers. */
export function CarriersPage({ session }: { session: SessionOutput }) {
  return <RecordListPage screen={carrierScreen} session={session} />;
}
