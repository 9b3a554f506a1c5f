import { useState } from 'react';
import { Box, IconButton, Popover, Portal } from '@chakra-ui/react';
import { Bell } from 'lucide-react';
import { NotificationList } from './NotificationList';
import { useUnreadNotifications } from './use-notifications';
import { useAutoPush } from './use-push';

/** The shell's bell: the count of unread notifications (live), opening the notification list. */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const count = useUnreadNotifications();
  useAutoPush();
  const label = count > 0 ? `Notifications, ${count} unread` : 'Notifications';
  return (
    <Popover.Root
      open={open}
      onOpenChange={(details) => setOpen(details.open)}
      positioning={{ placement: 'bottom-start' }}
      lazyMount
      unmountOnExit
    >
      <Popover.Trigger asChild>
        <IconButton aria-label={label} variant="ghost" size="sm" position="relative" data-testid="notification-bell">
          <Bell aria-hidden />
          {count > 0 ? (
            <Box
              aria-hidden
              position="absolute"
              top="0"
              right="0"
              minW="4.5"
              h="4.5"
              px="1"
              borderRadius="full"
              bg="red.600"
              color="white"
              fontSize="2xs"
              fontWeight="bold"
              lineHeight="1"
              display="flex"
              alignItems="center"
              justifyContent="center"
              data-testid="notification-count"
            >
              {count > 99 ? '99+' : count}
            </Box>
          ) : null}
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w={{ base: 'calc(100vw - 2rem)', sm: '96' }} aria-label="Notifications">
            <Popover.Body p="4">
              <NotificationList onNavigate={() => setOpen(false)} />
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
