import { useState } from 'react';
import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { can } from '#shared/permissions.js';
import type { WebhookEndpointItem } from '#shared/schemas/webhooks.js';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type Column } from '../../components/DataTable';
import { notify } from '../../components/toaster';
import { reportFailure, useFailureToast } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { SettingsCard } from './SettingsCard';
import { AddEndpointDialog } from './webhooks/AddEndpointDialog';
import { DeliveryLogDialog } from './webhooks/DeliveryLogDialog';
import { SecretDialog } from './webhooks/SecretDialog';

/**
 * Settings → Webhooks (admins): the company's endpoints, adding one (its secret shown once),
 * enabling and disabling, deleting (after a confirmation), and each endpoint's delivery log with
 * Resend and Send test event. Nothing for anyone the permission table does not let read webhooks.
 */
export function WebhooksSection() {
  const session = useSession();
  if (!can(session, 'webhooks', 'read')) return null;
  return <Webhooks canWrite={can(session, 'webhooks', 'write')} />;
}

function Webhooks({ canWrite }: { canWrite: boolean }) {
  const utils = trpc.useUtils();
  const endpoints = trpc.webhooks.listEndpoints.useQuery();
  useFailureToast(endpoints);
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<{ url: string; secret: string } | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpointItem | null>(null);
  const [viewing, setViewing] = useState<WebhookEndpointItem | null>(null);
  const refresh = () => void utils.webhooks.listEndpoints.invalidate();
  const update = trpc.webhooks.updateEndpoint.useMutation({
    onSuccess: (endpoint) => {
      notify.success(endpoint.enabled ? 'Endpoint enabled' : 'Endpoint disabled', endpoint.url);
      refresh();
    },
    onError: (error) => reportFailure('Failed to update endpoint', error),
  });
  const remove = trpc.webhooks.deleteEndpoint.useMutation({
    onSuccess: () => {
      notify.success('Endpoint deleted', 'It will receive no more events.');
      setDeleting(null);
      refresh();
    },
    onError: (error) => reportFailure('Failed to delete endpoint', error),
  });

  const columns: Column<WebhookEndpointItem>[] = [
    {
      key: 'url',
      header: 'Endpoint',
      cell: (endpoint) => (
        <Stack gap="0.5" align="flex-start" minW="0">
          <Text fontFamily="mono" fontSize="sm" wordBreak="break-all">
            {endpoint.url}
          </Text>
          {endpoint.description ? (
            <Text fontSize="sm" color="gray.700">
              {endpoint.description}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { key: 'events', header: 'Events', cell: (endpoint) => <Text fontSize="sm">{endpoint.events.join(', ')}</Text> },
    {
      key: 'status',
      header: 'Status',
      cell: (endpoint) => (
        <Stack gap="0.5" align="flex-start">
          <Badge colorPalette={endpoint.enabled ? 'green' : 'red'} variant="subtle">
            {endpoint.enabled ? 'Enabled' : 'Disabled'}
          </Badge>
          {!endpoint.enabled && endpoint.disabledReason ? (
            <Text fontSize="xs" color="gray.700">
              {endpoint.disabledReason}
            </Text>
          ) : null}
          {endpoint.enabled && endpoint.failureCount > 0 ? (
            <Text fontSize="xs" color="red.700">
              {endpoint.failureCount} failed attempts in a row
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      cell: (endpoint) => (
        <HStack gap="2" wrap="wrap" justify="flex-end">
          <Button size="xs" variant="outline" onClick={() => setViewing(endpoint)} aria-label={`Deliveries of ${endpoint.url}`}>
            Deliveries
          </Button>
          {canWrite ? (
            <>
              <Button
                size="xs"
                variant="outline"
                loading={update.isPending && update.variables.id === endpoint.id}
                onClick={() => update.mutate({ id: endpoint.id, enabled: !endpoint.enabled })}
                aria-label={`${endpoint.enabled ? 'Disable' : 'Enable'} ${endpoint.url}`}
              >
                {endpoint.enabled ? 'Disable' : 'Enable'}
              </Button>
              <Button
                size="xs"
                variant="outline"
                colorPalette="red"
                onClick={() => setDeleting(endpoint)}
                aria-label={`Delete ${endpoint.url}`}
              >
                Delete
              </Button>
            </>
          ) : null}
        </HStack>
      ),
    },
  ];

  return (
    <SettingsCard
      title="Webhooks"
      description="Send signed events (loads, documents, invoices, messages, driver positions) to your own systems as they happen."
    >
      <Stack gap="4">
        {canWrite ? (
          <Button colorPalette="blue" alignSelf="flex-start" onClick={() => setAdding(true)}>
            Add endpoint
          </Button>
        ) : null}
        <DataTable
          label="Webhook endpoints"
          columns={columns}
          rows={endpoints.data?.items}
          rowKey={(endpoint) => endpoint.id}
          isLoading={endpoints.isLoading}
          error={endpoints.error}
          loadingText="Loading endpoints..."
          emptyText="No webhook endpoints yet"
          onRetry={() => void endpoints.refetch()}
        />
      </Stack>
      {adding ? (
        <AddEndpointDialog
          onClose={() => setAdding(false)}
          onCreated={(endpoint) => {
            setAdding(false);
            setCreated(endpoint);
          }}
        />
      ) : null}
      {created ? <SecretDialog url={created.url} secret={created.secret} onClose={() => setCreated(null)} /> : null}
      {viewing ? <DeliveryLogDialog endpoint={viewing} onClose={() => setViewing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title="Delete this webhook endpoint?"
        description={deleting ? `${deleting.url} will receive no more events, and its delivery log is deleted. This cannot be undone.` : ''}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        isPending={remove.isPending}
        onConfirm={() => (deleting ? remove.mutate({ id: deleting.id }) : undefined)}
      />
    </SettingsCard>
  );
}
