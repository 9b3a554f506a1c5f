import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { MESSAGE_ADDRESS, optionalText, optionalOneOf, optionalUuid, type RawSearch } from '../../lib/search-params';
import { MessagesPage, type MessagesView } from '../../features/messages/MessagesPage';

/** The mailbox, its search and the opened message live in the address (a notification links to ?id=); anything odd falls back. */
function messagesSearch(search: RawSearch): { box?: (typeof MESSAGE_ADDRESS.boxes)[number]; search?: string; id?: string } {
  return {
    box: optionalOneOf(search.box, MESSAGE_ADDRESS.boxes),
    search: optionalText(search.search, MESSAGE_ADDRESS.searchMax),
    id: optionalUuid(search.id),
  };
}

export const Route = createFileRoute('/_authed/messages')({
  validateSearch: messagesSearch,
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
