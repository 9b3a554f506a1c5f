import { useState } from 'react';
import { Box, Button, Card, Flex, Stack, Text, useBreakpointValue } from '@chakra-ui/react';
import { MapPin, Pencil, Plus, Trash2 } from 'lucide-react';
import type { SessionOutput } from '#shared/schemas/auth.js';
import { driverName, type Driver } from '#shared/schemas/drivers.js';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type Column } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { StatusBadge } from '../../components/StatusBadge';
import { notify } from '../../components/toaster';
import { formatDate } from '../../lib/format';
import { errorDetails, trpc } from '../../lib/trpc';
import { DriverFormDialog } from './DriverFormDialog';
import { DriverLocationDialog } from './DriverLocationDialog';
import { ContactLink, LoadMore, RecordActions, type RecordAction } from './record-parts';
import { driverPermissions, useDriverList } from './use-drivers';

/** The Drivers screen: the table (cards on a phone), Add Driver, edit, the location dialog and delete with confirmation. */
export function DriversPage({ session }: { session: SessionOutput }) {
  const permissions = driverPermissions(session);
  const { query, drivers } = useDriverList();
  const utils = trpc.useUtils();
  const remove = trpc.drivers.delete.useMutation();
  const isPhone = useBreakpointValue({ base: true, md: false }) ?? false;
  const [form, setForm] = useState<{ driver: Driver | null } | null>(null);
  const [locating, setLocating] = useState<Driver | null>(null);
  const [deleting, setDeleting] = useState<Driver | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(
      { id: deleting.id },
      {
        onSuccess: () => {
          notify.success('Driver deleted successfully');
          setDeleting(null);
          void utils.drivers.invalidate();
        },
        onError: (error) => notify.error('Error', errorDetails(error).message),
      },
    );
  };

  const actions = (driver: Driver, withText: boolean) => {
    const list: RecordAction[] = [{ label: 'View location', icon: <MapPin aria-hidden="true" />, onClick: () => setLocating(driver) }];
    if (permissions.canChange(driver)) {
      list.push({ label: 'Edit', icon: <Pencil aria-hidden="true" />, onClick: () => setForm({ driver }) });
      list.push({ label: 'Delete', icon: <Trash2 aria-hidden="true" />, onClick: () => setDeleting(driver), isDestructive: true });
    }
    return <RecordActions recordName={driverName(driver)} actions={list} withText={withText} />;
  };

  const columns: Column<Driver>[] = [
    { key: 'name', header: 'Name', cell: (driver) => <Text fontWeight="medium">{driverName(driver)}</Text> },
    { key: 'phone', header: 'Phone', cell: (driver) => <ContactLink kind="tel" value={driver.phone} /> },
    { key: 'email', header: 'Email', cell: (driver) => <ContactLink kind="mailto" value={driver.email} /> },
    { key: 'license', header: 'License', cell: (driver) => <License driver={driver} /> },
    { key: 'status', header: 'Status', cell: (driver) => <StatusBadge status={driver.status} /> },
    { key: 'actions', header: 'Actions', align: 'end', cell: (driver) => actions(driver, false) },
  ];
  const emptyText = permissions.canAdd ? 'No drivers yet. Add your first driver to get started.' : 'No drivers yet.';
  const error = query.error && drivers.length === 0 ? { message: 'Failed to fetch data' } : null;

  return (
    <>
      <PageHeader
        title="Drivers"
        subtitle="Your drivers, their status and where they were last seen"
        actions={
          permissions.canAdd ? (
            <Button colorPalette="blue" onClick={() => setForm({ driver: null })} alignSelf={{ base: 'stretch', md: 'center' }}>
              <Plus aria-hidden="true" /> Add Driver
            </Button>
          ) : null
        }
      />

      {isPhone ? (
        <QueryState
          isLoading={query.isLoading}
          error={error}
          isEmpty={drivers.length === 0}
          emptyText={emptyText}
          loadingText="Loading drivers..."
          onRetry={() => void query.refetch()}
        >
          <Stack as="ul" listStyleType="none" gap="3" aria-label="Drivers">
            {drivers.map((driver) => (
              <Card.Root as="li" key={driver.id} size="sm">
                <Card.Body gap="2">
                  <Flex justify="space-between" align="start" gap="2">
                    <Text fontWeight="semibold">{driverName(driver)}</Text>
                    <StatusBadge status={driver.status} />
                  </Flex>
                  <Stack gap="1" fontSize="sm">
                    <ContactLink kind="tel" value={driver.phone} />
                    <ContactLink kind="mailto" value={driver.email} />
                    <License driver={driver} />
                  </Stack>
                  {actions(driver, true)}
                </Card.Body>
              </Card.Root>
            ))}
          </Stack>
        </QueryState>
      ) : (
        <DataTable
          label="Drivers"
          columns={columns}
          rows={drivers}
          rowKey={(driver) => driver.id}
          isLoading={query.isLoading}
          error={error}
          emptyText={emptyText}
          loadingText="Loading drivers..."
          onRetry={() => void query.refetch()}
        />
      )}
      <LoadMore hasMore={query.hasNextPage} isLoading={query.isFetchingNextPage} onLoad={() => void query.fetchNextPage()} />

      {form ? <DriverFormDialog driver={form.driver} onClose={() => setForm(null)} /> : null}
      {locating ? (
        <DriverLocationDialog driverId={locating.id} driverName={driverName(locating)} onClose={() => setLocating(null)} />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title="Delete Driver"
        description={
          deleting
            ? `Are you sure you want to delete this driver (${driverName(deleting)})? This action cannot be undone. Loads they hauled keep showing their name.`
            : ''
        }
        isPending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
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
