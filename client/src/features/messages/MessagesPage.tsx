import { useRef, useState, type KeyboardEvent } from 'react';
import { Badge, Box, Button, Card, Grid, Heading, Stack, chakra } from '@chakra-ui/react';
import { ArrowLeft, Inbox, PenSquare, Send } from 'lucide-react';
import { MESSAGE_LIMITS, MESSAGE_TEXTS, type MessageBox } from '#shared/schemas/messages.js';
import { PageHeader } from '../../components/PageHeader';
import { PlainInput } from '../../components/PlainFields';
import { QueryState } from '../../components/QueryState';
import { LoadMore } from '../../components/records/record-parts';
import { useFailureToast } from '../../lib/errors';
import { useSearchBox } from '../../lib/use-paged-list';
import { ComposeDialog } from './ComposeDialog';
import { MessageRow } from './MessageRow';
import { ReadingPane } from './ReadingPane';
import { useMailbox, useUnreadMessages, type MessageFilters } from './use-messages';

export interface MessagesView extends MessageFilters {
  /** The opened message. */
  id: string | undefined;
}

/**
 * The Messages screen (platform.md, Messages): the Mailbox panel (Inbox with its red unread
 * badge, Sent), the mailbox's list (600 px high, the spec's loading and empty texts), a reading
 * pane with the thread and a reply box, search, and keyboard navigation (arrow keys, Home and End
 * move between rows; Enter opens). The mailbox, search and opened message live in the address (a
 * message's notification links to ?id=). Staff, drivers and carrier users share it. On a phone
 * (below lg) it is one column: the mailbox and its list, or, once a message is open, the message
 * alone with a way back to the list.
 */
export function MessagesPage({ view, onViewChange }: { view: MessagesView; onViewChange: (view: MessagesView) => void }) {
  const [composing, setComposing] = useState(false);
  const unread = useUnreadMessages();
  const [search, setSearch] = useSearchBox(view.search, (text) => onViewChange({ ...view, search: text }));
  const { rows, query } = useMailbox(view);
  useFailureToast(query);
  const listRef = useRef<HTMLDivElement>(null);

  const openBox = (box: MessageBox) => onViewChange({ box, search: '', id: undefined });
  const open = (id: string) => onViewChange({ ...view, id });
  const close = () => onViewChange({ ...view, id: undefined });
  // Below lg the open message takes the list's place (one column on a phone).
  const listDisplay = { base: view.id ? 'none' : 'flex', lg: 'flex' } as const;
  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
    if (!keys.includes(event.key)) return;
    const buttons = Array.from(listRef.current?.querySelectorAll<HTMLButtonElement>('[data-message-row]') ?? []);
    if (buttons.length === 0) return;
    event.preventDefault();
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? buttons.length - 1
          : Math.min(buttons.length - 1, Math.max(0, at + (event.key === 'ArrowDown' ? 1 : -1)));
    buttons[at === -1 && event.key === 'ArrowUp' ? 0 : next]?.focus();
  };

  return (
    <Stack gap="2">
      <PageHeader
        title={MESSAGE_TEXTS.title}
        subtitle={MESSAGE_TEXTS.subtitle}
        actions={
          <Button colorPalette="blue" onClick={() => setComposing(true)}>
            <PenSquare aria-hidden /> {MESSAGE_TEXTS.newMessage}
          </Button>
        }
      />
      <Grid templateColumns={{ base: '1fr', lg: '200px minmax(0, 1fr) minmax(0, 1.2fr)' }} gap="4" alignItems="start">
        <Card.Root variant="outline" bg="white" as="nav" aria-label={MESSAGE_TEXTS.mailbox} display={listDisplay}>
          <Card.Body gap="2" p="3">
            <Heading as="h2" size="sm" px="2">
              {MESSAGE_TEXTS.mailbox}
            </Heading>
            <Button
              variant={view.box === 'inbox' ? 'subtle' : 'ghost'}
              justifyContent="space-between"
              aria-current={view.box === 'inbox' ? 'page' : undefined}
              onClick={() => openBox('inbox')}
            >
              <Box display="flex" alignItems="center" gap="2">
                <Inbox size={16} aria-hidden /> {MESSAGE_TEXTS.inbox}
              </Box>
              {unread > 0 ? (
                <Badge colorPalette="red" variant="solid" borderRadius="full" data-testid="inbox-unread">
                  {unread}
                  <chakra.span srOnly> unread</chakra.span>
                </Badge>
              ) : null}
            </Button>
            <Button
              variant={view.box === 'sent' ? 'subtle' : 'ghost'}
              justifyContent="flex-start"
              aria-current={view.box === 'sent' ? 'page' : undefined}
              onClick={() => openBox('sent')}
            >
              <Send size={16} aria-hidden /> {MESSAGE_TEXTS.sent}
            </Button>
          </Card.Body>
        </Card.Root>
        <Card.Root variant="outline" bg="white" as="section" aria-labelledby="mailbox-title" display={listDisplay}>
          <Card.Body gap="3" p="3">
            <Heading as="h2" size="md" id="mailbox-title">
              {view.box === 'inbox' ? MESSAGE_TEXTS.inboxTitle : MESSAGE_TEXTS.sentTitle}
            </Heading>
            <PlainInput
              label="Search messages"
              name="message-search"
              placeholder="Search by name, subject, text or load"
              value={search}
              onChange={setSearch}
              maxLength={MESSAGE_LIMITS.search}
            />
            <Box ref={listRef} h="600px" overflowY="auto" onKeyDown={moveFocus} data-testid="message-list">
              <QueryState
                isLoading={query.isPending}
                error={query.error}
                isEmpty={rows.length === 0}
                loadingText={MESSAGE_TEXTS.loading}
                emptyText={MESSAGE_TEXTS.empty}
                onRetry={() => void query.refetch()}
              >
                <Stack
                  as="ul"
                  gap="2"
                  m="0"
                  p="0"
                  listStyleType="none"
                  aria-label={view.box === 'inbox' ? MESSAGE_TEXTS.inboxTitle : MESSAGE_TEXTS.sentTitle}
                >
                  {rows.map((message) => (
                    <li key={message.id}>
                      <MessageRow message={message} box={view.box} selected={message.id === view.id} onOpen={() => open(message.id)} />
                    </li>
                  ))}
                </Stack>
                <LoadMore hasMore={query.hasNextPage} isLoading={query.isFetchingNextPage} onLoad={() => void query.fetchNextPage()} />
              </QueryState>
            </Box>
          </Card.Body>
        </Card.Root>
        <Stack gap="2" display={{ base: view.id ? 'flex' : 'none', lg: 'flex' }} minW="0">
          {view.id ? (
            <Button hideFrom="lg" variant="ghost" alignSelf="flex-start" onClick={close}>
              <ArrowLeft aria-hidden /> Back to {view.box === 'inbox' ? MESSAGE_TEXTS.inboxTitle : MESSAGE_TEXTS.sentTitle}
            </Button>
          ) : null}
          <ReadingPane id={view.id} />
        </Stack>
      </Grid>
      <ComposeDialog open={composing} onOpenChange={setComposing} />
    </Stack>
  );
}
