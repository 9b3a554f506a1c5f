import { useEffect, useRef, useState } from 'react';
import { Badge, Box, Button, Card, Field, Flex, Heading, Stack, Text, Textarea } from '@chakra-ui/react';
import { MESSAGE_LIMITS, MESSAGE_TEXTS, type MessageItem } from '#shared/schemas/messages.js';
import { QueryState } from '../../components/QueryState';
import { reportFailure } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';

/**
 * The reading pane: the opened message's whole thread, oldest first, each body as plain text,
 * and a reply box. Opening a received unread message marks it read (the server does, in
 * messages.get); the badges follow through the live channel.
 */
export function ReadingPane({ id }: { id: string | undefined }) {
  if (!id) {
    return (
      <Card.Root variant="outline" bg="white" as="section" aria-label="Message" h="full">
        <Card.Body>
          <Text color="gray.700">Select a message to read it.</Text>
        </Card.Body>
      </Card.Root>
    );
  }
  return <OpenMessage key={id} id={id} />;
}

function OpenMessage({ id }: { id: string }) {
  const utils = trpc.useUtils();
  const query = trpc.messages.get.useQuery({ id });
  const opened = useRef(false);
  useEffect(() => {
    // Opening it marked it read on the server: the counts and the row's dot follow at once
    // (the live channel would re-read them too, a moment later).
    if (query.data && !opened.current) {
      opened.current = true;
      void utils.messages.unreadCount.invalidate();
      void utils.messages.inbox.invalidate();
    }
  }, [query.data, utils]);
  const message = query.data?.message;
  const heading = message ? (message.subject ?? MESSAGE_TEXTS.noSubject) : 'Message';
  return (
    <Card.Root variant="outline" bg="white" as="section" aria-label="Message" h="full">
      <Card.Body gap="4">
        <QueryState
          isLoading={query.isPending}
          error={query.error}
          isEmpty={!message}
          loadingText="Loading message..."
          emptyText="Message not found"
        >
          <Stack gap="1">
            <Heading as="h2" size="lg" wordBreak="break-word">
              {heading}
            </Heading>
            {message?.loadNumber ? (
              <Badge alignSelf="flex-start" colorPalette="blue" variant="subtle">
                Load: {message.loadNumber}
              </Badge>
            ) : null}
          </Stack>
          <Stack as="ol" gap="3" m="0" p="0" listStyleType="none" aria-label="Conversation">
            {query.data?.thread.map((item) => (
              <ThreadEntry key={item.id} message={item} current={item.id === id} />
            ))}
          </Stack>
          {message ? <ReplyBox message={message} /> : null}
        </QueryState>
      </Card.Body>
    </Card.Root>
  );
}

function ThreadEntry({ message, current }: { message: MessageItem; current: boolean }) {
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="3" borderColor={current ? 'blue.300' : 'gray.200'}>
      <Flex justify="space-between" gap="2" wrap="wrap">
        <Text fontWeight="semibold">
          {message.senderName}{' '}
          <Text as="span" fontWeight="normal" color="gray.700">
            to {message.recipientName}
          </Text>
        </Text>
        <Text fontSize="sm" color="gray.700">
          {formatDateTime(message.createdAt)}
        </Text>
      </Flex>
      {/* Plain text, never HTML: React escapes it, and line breaks are kept. */}
      <Text mt="2" whiteSpace="pre-wrap" wordBreak="break-word" data-testid="message-body">
        {message.body}
      </Text>
    </Box>
  );
}

function ReplyBox({ message }: { message: MessageItem }) {
  const session = useSession();
  const [body, setBody] = useState('');
  const reply = trpc.messages.reply.useMutation();
  const utils = trpc.useUtils();
  const other = message.senderId === session.user.id ? message.recipientName : message.senderName;
  const send = () =>
    reply.mutate(
      { id: message.id, body },
      {
        onSuccess: () => {
          setBody('');
          void utils.messages.get.invalidate();
          void utils.messages.sent.invalidate();
        },
        onError: (error) => reportFailure('Error', error),
      },
    );
  return (
    <Stack as="form" gap="2" onSubmit={(event) => (event.preventDefault(), send())} aria-label="Reply">
      <Field.Root>
        <Field.Label>Reply to {other}</Field.Label>
        <Textarea
          name="reply"
          rows={3}
          value={body}
          maxLength={MESSAGE_LIMITS.body}
          onChange={(event) => setBody(event.target.value)}
          bg="white"
        />
      </Field.Root>
      <Button
        type="submit"
        alignSelf="flex-end"
        colorPalette="blue"
        disabled={!body.trim()}
        loading={reply.isPending}
        loadingText="Sending..."
      >
        Send Reply
      </Button>
    </Stack>
  );
}
