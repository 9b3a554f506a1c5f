import { useState } from 'react';
import { Button, CloseButton } from '@chakra-ui/react';
import { Download } from 'lucide-react';
import { PRODUCT_NAME, PWA_INSTALL_DISMISSED_KEY } from '#shared/constants.js';
import { notify } from '../../components/toaster';
import type { BeforeInstallPromptEvent } from './install-prompt';
import { PromptCard } from './PromptCard';

/**
 * Shown only when the browser offers installation, it was never dismissed, and the app is not
 * installed: main.tsx loads it when install-prompt.ts caught the browser's offer.
 */
export function InstallBanner({ offer }: { offer: BeforeInstallPromptEvent }) {
  const [promptEvent, setPromptEvent] = useState<BeforeInstallPromptEvent | null>(offer);

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
    <PromptCard
      label="Install app"
      corner="bottom-left"
      icon={<Download size={22} />}
      title={`Install ${PRODUCT_NAME}`}
      text="Install our app for quick access and offline support"
      actions={
        <Button size="sm" colorPalette="blue" onClick={() => void install()}>
          Install
        </Button>
      }
      close={<CloseButton size="sm" aria-label="Dismiss install banner" onClick={dismiss} />}
    />
  );
}
