import { Badge, Button, Card, Flex, Heading, Stack, Text, useBreakpointValue } from '@chakra-ui/react';
import { RefreshCw } from 'lucide-react';
import { OUTBOX_PAGE_SIZE, type OutboxMessage } from '#shared/schemas/admin.js';
import { DataTable, type Column } from '../../components/DataTable';
import { StatusBadge } from '../../components/StatusBadge';
import { useFailureToast } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { trpc } from '../../lib/trpc';

const channelBadge = (message: OutboxMessage) => (
  <Badge variant="outline" colorPalette={message.channel === 'sms' ? 'purple' : 'blue'}>
    {message.channel.toUpperCase()}
  </Badge>
);

/** The subject (or what the message is). The body is never shown: it may hold an invitation link or a code. */
const messageSubject = (message: OutboxMessage) => (
  <Text fontWeight="medium" maxW="xl" overflowWrap="anywhere">
    {message.subject || (message.channel === 'sms' ? 'Text message' : 'No Subject')}
  </Text>
);

/** To whom, and for which company (none before any company applies: sign-up, the contact form). */
const recipientOf = (message: OutboxMessage) => (
  <Stack gap="0">
    <Text overflowWrap="anywhere">{message.recipient}</Text>
    {message.companyName ? (
      <Text fontSize="sm" color="gray.700">
        {message.companyName}
      </Text>
    ) : null}
  </Stack>
);

const deliveryStatus = (message: OutboxMessage) => (
  <Stack gap="1" align="flex-start">
    <StatusBadge status={message.status} />
    {message.error ? (
      <Text fontSize="xs" color="red.700" maxW="48">
        {message.error}
      </Text>
    ) : null}
  </Stack>
);

const wideColumns: Column<OutboxMessage>[] = [
  { key: 'created', header: 'Time', cell: (message) => <Text whiteSpace="nowrap">{formatDateTime(message.createdAt)}</Text> },
  { key: 'channel', header: 'Channel', cell: channelBadge },
  { key: 'recipient', header: 'To', cell: recipientOf },
  { key: 'message', header: 'Subject', cell: messageSubject },
  { key: 'status', header: 'Status', cell: deliveryStatus },
];

/** On a phone: one column with everything but the status, so nothing scrolls sideways. */
const compactColumns: Column<OutboxMessage>[] = [
  {
    key: 'message',
    header: 'Message',
    cell: (message) => (
      <Stack gap="1">
        <Flex gap="2" align="center" wrap="wrap">
          {channelBadge(message)}
          <Text fontSize="sm" color="gray.700">
            {formatDateTime(message.createdAt)}
          </Text>
        </Flex>
        <Text fontSize="sm" overflowWrap="anywhere">
          To {message.recipient}
          {message.companyName ? ` (${message.companyName})` : ''}
        </Text>
        {messageSubject(message)}
      </Stack>
    ),
  },
  { key: 'status', header: 'Status', cell: deliveryStatus },
];

/**
 * The mail and SMS outbox, newest first: who was sent what subject, for which company, when, and
 * whether it was delivered. No body: links and codes in it are secrets (outside production the
 * messages themselves are in the server's mail folder, HAULWISE_DATA_DIR/mail).
 */
export function OutboxCard() {
  const outbox = trpc.admin.outbox.useQuery();
  useFailureToast(outbox);
  const isCompact = useBreakpointValue({ base: true, md: false }) ?? false;
  return (
    <Card.Root variant="outline" bg="white" as="section" aria-labelledby="outbox-heading">
      <Card.Header pb="2">
        <Flex justify="space-between" align={{ base: 'stretch', sm: 'center' }} direction={{ base: 'column', sm: 'row' }} gap="3">
          <Stack gap="1">
            <Heading as="h2" size="lg" id="outbox-heading">
              Outbox
            </Heading>
            <Text color="gray.700">The newest {OUTBOX_PAGE_SIZE} emails and text messages the platform sent</Text>
          </Stack>
          <Button
            variant="outline"
            size="sm"
            onClick={() => void outbox.refetch()}
            loading={outbox.isRefetching}
            loadingText="Refreshing..."
          >
            <RefreshCw aria-hidden /> Refresh
          </Button>
        </Flex>
      </Card.Header>
      <Card.Body pt="2">
        <DataTable
          label="Outbox"
          columns={isCompact ? compactColumns : wideColumns}
          rows={outbox.data}
          rowKey={(message) => message.id}
          isLoading={outbox.isPending}
          error={outbox.error}
          emptyText="No messages sent yet"
          loadingText="Loading outbox..."
          onRetry={() => void outbox.refetch()}
        />
      </Card.Body>
    </Card.Root>
  );
}
