import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { MESSAGE_BOXES, MESSAGE_LIMITS } from '#shared/schemas/messages.js';
import { MessagesPage, type MessagesView } from '../../features/messages/MessagesPage';

/** The mailbox, its search and the opened message live in the address (a notification links to ?id=); anything odd falls back. */
const messagesSearch = z.object({
  box: z.enum(MESSAGE_BOXES).optional().catch(undefined),
  search: z.string().max(MESSAGE_LIMITS.search).optional().catch(undefined),
  id: z.uuid().optional().catch(undefined),
});

export const Route = createFileRoute('/_authed/messages')({
  validateSearch: (search) => messagesSearch.parse(search),
  component: MessagesRoute,
});

function MessagesRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const view: MessagesView = { box: search.box ?? 'inbox', search: search.search ?? '', id: search.id };
  const onViewChange = useCallback(
    (next: MessagesView) =>
      void navigate({
        search: { box: next.box === 'inbox' ? undefined : next.box, search: next.search || undefined, id: next.id },
        replace: true,
      }),
    [navigate],
  );
  return <MessagesPage view={view} onViewChange={onViewChange} />;
}
