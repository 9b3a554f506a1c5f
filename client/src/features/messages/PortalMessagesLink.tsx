import { Badge, Button, chakra } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { MessageSquare } from 'lucide-react';
import { MESSAGE_TEXTS } from '#shared/schemas/messages.js';
import { useMayMessage, useUnreadMessages } from './use-messages';

/**
 * The portals' way to Messages, beside their title (a driver on a phone sees it without opening the
 * navigation): the same Messages screen as staff, with the unread count. Nothing for someone who
 * has no messages.
 */
export function PortalMessagesLink() {
  const mayMessage = useMayMessage();
  const unread = useUnreadMessages(mayMessage);
  if (!mayMessage) return null;
  return (
    <Button asChild variant="outline" colorPalette="blue">
      <Link to="/messages" data-testid="portal-messages-link">
        <MessageSquare aria-hidden /> {MESSAGE_TEXTS.title}
        {unread > 0 ? (
          <Badge colorPalette="red" variant="solid" borderRadius="full">
            {unread > 99 ? '99+' : unread}
            <chakra.span srOnly> unread</chakra.span>
          </Badge>
        ) : null}
      </Link>
    </Button>
  );
}
