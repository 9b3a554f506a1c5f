import { Badge, chakra } from '@chakra-ui/react';
import { useUnreadMessages } from './use-messages';

/**
 * The navigation's red count of unread messages, beside "Messages" (over the link's row, not in
 * its text); nothing while there are none. Live through the one channel.
 */
export function UnreadMessagesBadge() {
  const count = useUnreadMessages();
  if (count === 0) return null;
  return (
    <Badge
      position="absolute"
      right="3"
      top="50%"
      transform="translateY(-50%)"
      pointerEvents="none"
      colorPalette="red"
      variant="solid"
      borderRadius="full"
      data-testid="nav-unread-messages"
    >
      {count > 99 ? '99+' : count}
      <chakra.span srOnly> unread messages</chakra.span>
    </Badge>
  );
}
