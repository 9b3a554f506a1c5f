import { useState } from 'react';
import { Button, Card, Stack, Text, useBreakpointValue } from '@chakra-ui/react';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import type { SessionOutput } from '#shared/schemas/auth.js';
import type { Broker } from '#shared/schemas/brokers.js';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type Column } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { notify } from '../../components/toaster';
import { errorDetails, trpc } from '../../lib/trpc';
import { ContactLink, LoadMore, RecordActions, type RecordAction } from '../drivers/record-parts';
import { BrokerFormDialog } from './BrokerFormDialog';
import { brokerPermissions, useBrokerList } from './use-brokers';

const dash = (value: string | null) => value || '—';

/** The Brokers screen: the table (cards on a phone), Add Broker, edit, and delete with confirmation for admins. */
export function BrokersPage({ session }: { session: SessionOutput }) {
  const permissions = brokerPermissions(session);
  const { query, brokers } = useBrokerList();
  const utils = trpc.useUtils();
  const remove = trpc.brokers.delete.useMutation();
  const isPhone = useBreakpointValue({ base: true, md: false }) ?? false;
  const [form, setForm] = useState<{ broker: Broker | null } | null>(null);
  const [deleting, setDeleting] = useState<Broker | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(
      { id: deleting.id },
      {
        onSuccess: () => {
          notify.success('Broker deleted successfully');
          setDeleting(null);
          void utils.brokers.invalidate();
        },
        onError: (error) => notify.error('Error', errorDetails(error).message),
      },
    );
  };

  const actions = (broker: Broker, withText: boolean) => {
    const list: RecordAction[] = [];
    if (permissions.canEdit(broker)) list.push({ label: 'Edit', icon: <Pencil aria-hidden="true" />, onClick: () => setForm({ broker }) });
    if (permissions.canDelete(broker)) {
      list.push({ label: 'Delete', icon: <Trash2 aria-hidden="true" />, onClick: () => setDeleting(broker), isDestructive: true });
    }
    return list.length > 0 ? <RecordActions recordName={broker.name} actions={list} withText={withText} /> : null;
  };

  const columns: Column<Broker>[] = [
    { key: 'name', header: 'Name', cell: (broker) => <Text fontWeight="medium">{broker.name}</Text> },
    { key: 'company', header: 'Company', cell: (broker) => dash(broker.companyName) },
    { key: 'phone', header: 'Phone', cell: (broker) => <ContactLink kind="tel" value={broker.phone} /> },
    { key: 'email', header: 'Email', cell: (broker) => <ContactLink kind="mailto" value={broker.email} /> },
    { key: 'terms', header: 'Payment Terms', cell: (broker) => dash(broker.paymentTerms) },
  ];
  if (permissions.canAdd) columns.push({ key: 'actions', header: 'Actions', align: 'end', cell: (broker) => actions(broker, false) });
  const emptyText = permissions.canAdd ? 'No brokers yet. Add your first broker to get started.' : 'No brokers yet.';
  const error = query.error && brokers.length === 0 ? { message: 'Failed to fetch data' } : null;

  return (
    <>
      <PageHeader
        title="Brokers"
        subtitle="The brokers you haul for and their payment terms"
        actions={
          permissions.canAdd ? (
            <Button colorPalette="blue" onClick={() => setForm({ broker: null })} alignSelf={{ base: 'stretch', md: 'center' }}>
              <Plus aria-hidden="true" /> Add Broker
            </Button>
          ) : null
        }
      />

      {isPhone ? (
        <QueryState
          isLoading={query.isLoading}
          error={error}
          isEmpty={brokers.length === 0}
          emptyText={emptyText}
          loadingText="Loading brokers..."
          onRetry={() => void query.refetch()}
        >
          <Stack as="ul" listStyleType="none" gap="3" aria-label="Brokers">
            {brokers.map((broker) => (
              <Card.Root as="li" key={broker.id} size="sm">
                <Card.Body gap="2">
                  <Stack gap="0">
                    <Text fontWeight="semibold">{broker.name}</Text>
                    {broker.companyName ? <Text color="gray.700">{broker.companyName}</Text> : null}
                  </Stack>
                  <Stack gap="1" fontSize="sm">
                    <ContactLink kind="tel" value={broker.phone} />
                    <ContactLink kind="mailto" value={broker.email} />
                    <Text>Payment terms: {dash(broker.paymentTerms)}</Text>
                  </Stack>
                  {actions(broker, true)}
                </Card.Body>
              </Card.Root>
            ))}
          </Stack>
        </QueryState>
      ) : (
        <DataTable
          label="Brokers"
          columns={columns}
          rows={brokers}
          rowKey={(broker) => broker.id}
          isLoading={query.isLoading}
          error={error}
          emptyText={emptyText}
          loadingText="Loading brokers..."
          onRetry={() => void query.refetch()}
        />
      )}
      <LoadMore hasMore={query.hasNextPage} isLoading={query.isFetchingNextPage} onLoad={() => void query.fetchNextPage()} />

      {form ? <BrokerFormDialog broker={form.broker} onClose={() => setForm(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title="Delete Broker"
        description={
          deleting
            ? `Are you sure you want to delete this broker (${deleting.name})? This action cannot be undone. Loads booked through them keep showing their name.`
            : ''
        }
        isPending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
