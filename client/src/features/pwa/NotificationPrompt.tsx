import { useEffect, useState } from 'react';
import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Bell } from 'lucide-react';
import { NOTIFICATION_DISMISSED_KEY, NOTIFICATION_PROMPT_DELAY_MS } from '#shared/constants.js';

/** Top-right, 3 seconds after load, only while permission is undecided and never dismissed. */
export function NotificationPrompt() {
  const [isVisible, setVisible] = useState(false);

  useEffect(() => {
    if (!('Notification' in window)) {
      console.info('Notifications are not supported by this browser');
      return;
    }
    if (Notification.permission !== 'default' || localStorage.getItem(NOTIFICATION_DISMISSED_KEY)) return;
    const timer = setTimeout(() => setVisible(true), NOTIFICATION_PROMPT_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  if (!isVisible) return null;

  const enable = async () => {
    setVisible(false);
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') console.info(`Notification permission: ${permission}`);
  };
  const later = () => {
    localStorage.setItem(NOTIFICATION_DISMISSED_KEY, 'true');
    setVisible(false);
  };

  return (
    <Box
      role="region"
      aria-label="Enable notifications"
      position="fixed"
      top="4"
      right="4"
      left={{ base: '4', sm: 'auto' }}
      maxW="sm"
      zIndex="overlay"
      bg="white"
      borderWidth="1px"
      borderRadius="lg"
      shadow="lg"
      p="4"
    >
      <HStack align="start" gap="3">
        <Box color="blue.700" aria-hidden pt="1">
          <Bell size={22} />
        </Box>
        <Stack gap="2" flex="1">
          <Text fontWeight="semibold">Enable Notifications</Text>
          <Text fontSize="sm" color="gray.700">
            Get instant alerts for load assignments, status changes, and important updates
          </Text>
          <HStack>
            <Button size="sm" colorPalette="blue" onClick={() => void enable()}>
              Enable
            </Button>
            <Button size="sm" variant="outline" onClick={later}>
              Later
            </Button>
          </HStack>
        </Stack>
      </HStack>
    </Box>
  );
}
