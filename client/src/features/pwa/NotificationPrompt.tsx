import { useEffect, useState } from 'react';
import { Button } from '@chakra-ui/react';
import { Bell } from 'lucide-react';
import { NOTIFICATION_DISMISSED_KEY, NOTIFICATION_PROMPT_DELAY_MS } from '#shared/constants.js';
import { notificationPromptWanted } from './notification-permission';
import { PromptCard } from './PromptCard';

/**
 * Top-right, 3 seconds after load, only while permission is undecided and never dismissed: in the
 * signed-in shell, and on the public pages (routes/__root.tsx loads it lazily there). Enable only
 * asks the browser; the push subscription is the shell's (use-push.ts), once someone signs in.
 */
export function NotificationPrompt({ shown = false }: { shown?: boolean }) {
  // shown: rendered visible at build, as the public pages' prerendered prompt (scripts/prerender.ts, client/src/boot.ts).
  const [isVisible, setVisible] = useState(shown);

  useEffect(() => {
    if (!notificationPromptWanted()) return;
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
    <PromptCard
      label="Enable notifications"
      corner="top-right"
      icon={<Bell size={22} />}
      title="Enable Notifications"
      text="Get instant alerts for load assignments, status changes, and important updates"
      actions={
        <>
          <Button size="sm" colorPalette="blue" onClick={() => void enable()}>
            Enable
          </Button>
          <Button size="sm" variant="outline" onClick={later}>
            Later
          </Button>
        </>
      }
    />
  );
}
