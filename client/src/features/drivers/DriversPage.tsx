import { useState } from 'react';
import { Box, Text } from '@chakra-ui/react';
import { MapPin } from 'lucide-react';
import type { SessionOutput } from '#shared/schemas/auth.js';
import type { createDriverInput } from '#shared/schemas/drivers.js';
import { driverName, type Driver } from '#shared/schemas/drivers.js';
import { contactColumns, ContactLines } from '../../components/records/record-parts';
import { editorsDelete, listFrom, RecordListPage, type RecordScreen } from '../../components/records/RecordListPage';
import { StatusBadge } from '../../components/StatusBadge';
import { formatDate } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { driverForm } from './DriverForm';
import { DriverLocationDialog } from './DriverLocationDialog';
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
  ],
  card: {
    badge: (driver) => <StatusBadge status={driver.status} />,
    details: (driver) => (
      <>
        <ContactLines row={driver} />
        <License driver={driver} />
      </>
    ),
  },
  keptAfterDelete: 'Loads they hauled keep showing their name.',
  permissions: editorsDelete(driverPermissions),
  useList: listFrom(useDriverList, 'drivers'),
  useMoreActions: () => {
    const [locating, setLocating] = useState<Driver | null>(null);
    return {
      actions: (driver) => [{ label: 'View location', icon: <MapPin aria-hidden="true" />, onClick: () => setLocating(driver) }],
      dialogs: locating ? (
        <DriverLocationDialog driverId={locating.id} driverName={driverName(locating)} onClose={() => setLocating(null)} />
      ) : null,
    };
  },
};

/** The Drivers screen: the record list, plus each driver's license, status and last known location. */
export function DriversPage({ session }: { session: SessionOutput }) {
  return <RecordListPage screen={driverScreen} session={session} />;
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
