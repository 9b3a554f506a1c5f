import { useState } from 'react';
import { Button, Card, Stack, Text, useBreakpointValue } from '@chakra-ui/react';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import type { SessionOutput } from '#shared/schemas/auth.js';
import type { Carrier } from '#shared/schemas/carriers.js';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type Column } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { notify } from '../../components/toaster';
import { errorDetails, trpc } from '../../lib/trpc';
import { ContactLink, LoadMore, RecordActions, type RecordAction } from '../drivers/record-parts';
import { CarrierFormDialog } from './CarrierFormDialog';
import { carrierPermissions, useCarrierList } from './use-carriers';

const dash = (value: string | null) => value || '—';

/** The Carriers screen: the table (cards on a phone), Add Carrier, edit, and delete with confirmation. */
export function CarriersPage({ session }: { session: SessionOutput }) {
  const permissions = carrierPermissions(session);
  const { query, carriers } = useCarrierList();
  const utils = trpc.useUtils();
  const remove = trpc.carriers.delete.useMutation();
  const isPhone = useBreakpointValue({ base: true, md: false }) ?? false;
  const [form, setForm] = useState<{ carrier: Carrier | null } | null>(null);
  const [deleting, setDeleting] = useState<Carrier | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(
      { id: deleting.id },
      {
        onSuccess: () => {
          notify.success('Carrier deleted successfully');
          setDeleting(null);
          void utils.carriers.invalidate();
          // Its drivers lose the link.
          void utils.drivers.invalidate();
        },
        onError: (error) => notify.error('Error', errorDetails(error).message),
      },
    );
  };

  const actions = (carrier: Carrier, withText: boolean) => {
    if (!permissions.canChange(carrier)) return null;
    const list: RecordAction[] = [
      { label: 'Edit', icon: <Pencil aria-hidden="true" />, onClick: () => setForm({ carrier }) },
      { label: 'Delete', icon: <Trash2 aria-hidden="true" />, onClick: () => setDeleting(carrier), isDestructive: true },
    ];
    return <RecordActions recordName={carrier.name} actions={list} withText={withText} />;
  };

  const columns: Column<Carrier>[] = [
    { key: 'name', header: 'Name', cell: (carrier) => <Text fontWeight="medium">{carrier.name}</Text> },
    { key: 'mc', header: 'MC Number', cell: (carrier) => dash(carrier.mcNumber) },
    { key: 'dot', header: 'DOT Number', cell: (carrier) => dash(carrier.dotNumber) },
    { key: 'phone', header: 'Phone', cell: (carrier) => <ContactLink kind="tel" value={carrier.phone} /> },
    { key: 'email', header: 'Email', cell: (carrier) => <ContactLink kind="mailto" value={carrier.email} /> },
  ];
  if (permissions.canAdd) columns.push({ key: 'actions', header: 'Actions', align: 'end', cell: (carrier) => actions(carrier, false) });
  const emptyText = permissions.canAdd ? 'No carriers yet. Add your first carrier to get started.' : 'No carriers yet.';
  const error = query.error && carriers.length === 0 ? { message: 'Failed to fetch data' } : null;

  return (
    <>
      <PageHeader
        title="Carriers"
        subtitle="The carriers you work with and their authority numbers"
        actions={
          permissions.canAdd ? (
            <Button colorPalette="blue" onClick={() => setForm({ carrier: null })} alignSelf={{ base: 'stretch', md: 'center' }}>
              <Plus aria-hidden="true" /> Add Carrier
            </Button>
          ) : null
        }
      />

      {isPhone ? (
        <QueryState
          isLoading={query.isLoading}
          error={error}
          isEmpty={carriers.length === 0}
          emptyText={emptyText}
          loadingText="Loading carriers..."
          onRetry={() => void query.refetch()}
        >
          <Stack as="ul" listStyleType="none" gap="3" aria-label="Carriers">
            {carriers.map((carrier) => (
              <Card.Root as="li" key={carrier.id} size="sm">
                <Card.Body gap="2">
                  <Text fontWeight="semibold">{carrier.name}</Text>
                  <Stack gap="1" fontSize="sm">
                    <Text>MC Number: {dash(carrier.mcNumber)}</Text>
                    <Text>DOT Number: {dash(carrier.dotNumber)}</Text>
                    <ContactLink kind="tel" value={carrier.phone} />
                    <ContactLink kind="mailto" value={carrier.email} />
                  </Stack>
                  {actions(carrier, true)}
                </Card.Body>
              </Card.Root>
            ))}
          </Stack>
        </QueryState>
      ) : (
        <DataTable
          label="Carriers"
          columns={columns}
          rows={carriers}
          rowKey={(carrier) => carrier.id}
          isLoading={query.isLoading}
          error={error}
          emptyText={emptyText}
          loadingText="Loading carriers..."
          onRetry={() => void query.refetch()}
        />
      )}
      <LoadMore hasMore={query.hasNextPage} isLoading={query.isFetchingNextPage} onLoad={() => void query.fetchNextPage()} />

      {form ? <CarrierFormDialog carrier={form.carrier} onClose={() => setForm(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title="Delete Carrier"
        description={
          deleting
            ? `Are you sure you want to delete this carrier (${deleting.name})? This action cannot be undone. Loads they hauled keep showing their name; their drivers are kept, without a carrier.`
            : ''
        }
        isPending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
