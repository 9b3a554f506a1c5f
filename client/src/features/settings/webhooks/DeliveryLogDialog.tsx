import { Badge, Button, Stack, Text } from '@chakra-ui/react';
import type { WebhookDeliveryItem, WebhookEndpointItem } from '#shared/schemas/webhooks.js';
import { DataTable, type Column } from '../../../components/DataTable';
import { LoadMore } from '../../../components/records/LoadMore';
import { notify } from '../../../components/toaster';
import { ViewDialog } from '../../../components/ViewDialog';
import { reportFailure } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { trpc } from '../../../lib/trpc';
import { usePagedList } from '../../../lib/use-paged-list';

const STATUS_PALETTE = { pending: 'yellow', succeeded: 'green', failed: 'red' } as const;
const STATUS_LABEL = { pending: 'Pending', succeeded: 'Succeeded', failed: 'Failed' } as const;

/** An endpoint's delivery log (event, status, status code, time, attempts; "Load more"), with Resend per delivery and Send test event. */
export function DeliveryLogDialog({ endpoint, onClose }: { endpoint: WebhookEndpointItem; onClose: () => void }) {
  const utils = trpc.useUtils();
  const { rows, query } = usePagedList(trpc.webhooks.listDeliveries, { endpointId: endpoint.id });
  const refresh = () => void utils.webhooks.listDeliveries.invalidate({ endpointId: endpoint.id });
  const resend = trpc.webhooks.resend.useMutation({
    onSuccess: () => {
      notify.success('Delivery queued', 'The event will be sent again in a moment.');
      refresh();
    },
    onError: (error) => reportFailure('Failed to resend', error),
  });
  const sendTest = trpc.webhooks.sendTest.useMutation({
    onSuccess: () => {
      notify.success('Test event queued', 'A webhook.test event will be sent in a moment.');
      refresh();
    },
    onError: (error) => reportFailure('Failed to send test event', error),
  });

  const columns: Column<WebhookDeliveryItem>[] = [
    {
      key: 'event',
      header: 'Event',
      cell: (delivery) => (
        <Text fontFamily="mono" fontSize="sm">
          {delivery.eventType}
        </Text>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (delivery) => (
        <Stack gap="0.5" align="flex-start">
          <Badge colorPalette={STATUS_PALETTE[delivery.status]} variant="subtle">
            {STATUS_LABEL[delivery.status]}
          </Badge>
          {delivery.lastError ? (
            <Text fontSize="xs" color="gray.700">
              {delivery.lastError}
            </Text>
          ) : null}
          {delivery.status === 'pending' && delivery.nextAttemptAt ? (
            <Text fontSize="xs" color="gray.700">
              Next try {formatDateTime(delivery.nextAttemptAt)}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { key: 'code', header: 'Status code', cell: (delivery) => (delivery.lastStatusCode === null ? '—' : String(delivery.lastStatusCode)) },
    { key: 'time', header: 'Time', cell: (delivery) => <Text whiteSpace="nowrap">{formatDateTime(delivery.createdAt)}</Text> },
    { key: 'attempts', header: 'Attempts', cell: (delivery) => String(delivery.attempts) },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      cell: (delivery) => (
        <Button
          size="xs"
          variant="outline"
          disabled={!endpoint.enabled}
          loading={resend.isPending && resend.variables.id === delivery.id}
          onClick={() => resend.mutate({ id: delivery.id })}
          aria-label={`Resend ${delivery.eventType} of ${formatDateTime(delivery.createdAt)}`}
        >
          Resend
        </Button>
      ),
    },
  ];

  return (
    <ViewDialog
      title="Delivery log"
      description={endpoint.url}
      size="xl"
      onClose={onClose}
      actions={
        <>
          <Button variant="outline" onClick={refresh} loading={query.isRefetching} loadingText="Refreshing...">
            Refresh
          </Button>
          <Button
            colorPalette="blue"
            disabled={!endpoint.enabled}
            onClick={() => sendTest.mutate({ id: endpoint.id })}
            loading={sendTest.isPending}
            loadingText="Sending..."
          >
            Send test event
          </Button>
        </>
      }
    >
      <DataTable
        label="Deliveries"
        columns={columns}
        rows={query.isPending ? undefined : rows}
        rowKey={(delivery) => delivery.id}
        isLoading={query.isPending}
        error={query.error}
        loadingText="Loading deliveries..."
        emptyText="No deliveries yet. Send a test event to try the endpoint."
        onRetry={() => void query.refetch()}
      />
      <LoadMore hasMore={query.hasNextPage} isLoading={query.isFetchingNextPage} onLoad={() => void query.fetchNextPage()} />
    </ViewDialog>
  );
}
