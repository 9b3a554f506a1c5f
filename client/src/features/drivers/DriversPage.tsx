import { useState } from 'react';
import { Box, Text } from '@chakra-ui/react';
import { MapPin, UserPlus } from 'lucide-react';
import { can } from '#shared/permissions.js';
import type { SessionOutput } from '#shared/schemas/auth.js';
import type { createDriverInput } from '#shared/schemas/drivers.js';
import { ACCOUNT_INVITE_TEXTS } from '#shared/schemas/invitations.js';
import { driverName, type Driver } from '#shared/schemas/drivers.js';
import { contactColumns, ContactLines } from '../../components/records/record-parts';
import { editorsDelete, listFrom, RecordListPage, type RecordScreen } from '../../components/records/RecordListPage';
import { StatusBadge } from '../../components/StatusBadge';
import { formatDate } from '../../lib/format';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { driverForm } from './DriverForm';
import { DriverLocationDialog } from './DriverLocationDialog';
import { InviteDriverDialog } from './InviteDriverDialog';
import { driverPermissions, useDriverList } from './use-drivers';

const driverScreen: RecordScreen<Driver, typeof createDriverInput> = {
  domain: { noun: 'Driver', procedures: trpc.drivers, refresh: (utils) => utils.drivers.invalidate() },
  form: driverForm,
  subtitle: 'Your drivers, their status and where they were last seen',
  nameOf: driverName,
  columns: [
    ...contactColumns<Driver>(),
    { key: 'license', header: 'License', cell: (driver) => <License driver={driver} /> },
    { key: 'status', header: 'Status', cell: (driver) => <StatusBadge status={driver.status} /> },
    { key: 'dispatcher', header: 'Dispatcher', cell: (driver) => <Dispatcher driver={driver} /> },
  ],
  card: {
    badge: (driver) => <StatusBadge status={driver.status} />,
    details: (driver) => (
      <>
        <ContactLines row={driver} />
        <License driver={driver} />
        <Dispatcher driver={driver} labelled />
      </>
    ),
  },
  keptAfterDelete: 'Loads they hauled keep showing their name.',
  permissions: editorsDelete(driverPermissions),
  useList: listFrom(useDriverList, 'drivers'),
  useMoreActions: () => {
    const [locating, setLocating] = useState<Driver | null>(null);
    const [inviting, setInviting] = useState<Driver | null>(null);
    const mayInvite = useMayInvite();
    return {
      actions: (driver) => [
        { label: 'View location', icon: <MapPin aria-hidden="true" />, onClick: () => setLocating(driver) },
        ...(mayInvite(driver)
          ? [{ label: ACCOUNT_INVITE_TEXTS.inviteTitle, icon: <UserPlus aria-hidden="true" />, onClick: () => setInviting(driver) }]
          : []),
      ],
      dialogs: (
        <>
          {locating ? (
            <DriverLocationDialog driverId={locating.id} driverName={driverName(locating)} onClose={() => setLocating(null)} />
          ) : null}
          {inviting ? (
            <InviteDriverDialog driverId={inviting.id} driverName={driverName(inviting)} onClose={() => setInviting(null)} />
          ) : null}
        </>
      ),
    };
  },
};

/** The Drivers screen: the record list, plus each driver's license, status and last known location. */
export function DriversPage({ session }: { session: SessionOutput }) {
  return <RecordListPage screen={driverScreen} session={session} />;
}

/** Admins and dispatchers invite the drivers of their own company (a master admin only in theirs). */
function useMayInvite() {
  const session = useSession();
  return (driver: Driver) => can(session, 'drivers', 'invite') && driver.companyId === session.company.id;
}

function Dispatcher({ driver, labelled = false }: { driver: Driver; labelled?: boolean }) {
  if (!driver.dispatcherName) return labelled ? null : <Text color="gray.600">—</Text>;
  return <Text>{labelled ? `Dispatcher: ${driver.dispatcherName}` : driver.dispatcherName}</Text>;
}

function License({ driver }: { driver: Driver }) {
  if (!driver.licenseNumber && !driver.licenseExpiry) return <Text color="gray.600">—</Text>;
  return (
    <Box>
      <Text>{driver.licenseNumber ?? '—'}</Text>
      {driver.licenseExpiry ? (
        <Text fontSize="xs" color="gray.600">
          Expires {formatDate(driver.licenseExpiry)}
        </Text>
      ) : null}
    </Box>
  );
}
