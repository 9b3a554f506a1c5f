import { useEffect, useState } from 'react';
import { Box, Button, CloseButton, HStack, Stack, Text } from '@chakra-ui/react';
import { Download } from 'lucide-react';
import { PRODUCT_NAME, PWA_INSTALL_DISMISSED_KEY } from '#shared/constants.js';
import { notify } from '../../components/toaster';

interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const isStandalone = () => window.matchMedia('(display-mode: standalone)').matches;

/** Shown only when the browser offers installation, it was never dismissed, and the app is not installed. */
export function InstallBanner() {
  const [promptEvent, setPromptEvent] = useState<BeforeInstallPromptEvent | null>(null);

  useEffect(() => {
    if (localStorage.getItem(PWA_INSTALL_DISMISSED_KEY) || isStandalone()) return;
    const onPrompt = (event: Event) => {
      event.preventDefault();
      setPromptEvent(event as BeforeInstallPromptEvent);
    };
    window.addEventListener('beforeinstallprompt', onPrompt);
    return () => window.removeEventListener('beforeinstallprompt', onPrompt);
  }, []);

  if (!promptEvent) return null;

  const install = async () => {
    await promptEvent.prompt();
    const choice = await promptEvent.userChoice;
    if (choice.outcome === 'accepted') notify.success('App Installed!', `You can now use ${PRODUCT_NAME} from your home screen`);
    setPromptEvent(null);
  };
  const dismiss = () => {
    localStorage.setItem(PWA_INSTALL_DISMISSED_KEY, 'true');
    setPromptEvent(null);
  };

  return (
    <Box
      role="region"
      aria-label="Install app"
      position="fixed"
      bottom="4"
      left="4"
      right={{ base: '4', sm: 'auto' }}
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
          <Download size={22} />
        </Box>
        <Stack gap="2" flex="1">
          <Text fontWeight="semibold">Install {PRODUCT_NAME}</Text>
          <Text fontSize="sm" color="gray.700">
            Install our app for quick access and offline support
          </Text>
          <HStack>
            <Button size="sm" colorPalette="blue" onClick={() => void install()}>
              Install
            </Button>
          </HStack>
        </Stack>
        <CloseButton size="sm" aria-label="Dismiss install banner" onClick={dismiss} />
      </HStack>
    </Box>
  );
}
