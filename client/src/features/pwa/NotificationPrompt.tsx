import { useEffect, useState } from 'react';
import { Button } from '@chakra-ui/react';
import { Bell } from 'lucide-react';
import { NOTIFICATION_DISMISSED_KEY, NOTIFICATION_PROMPT_DELAY_MS } from '#shared/constants.js';
import { queryClient } from '../../lib/trpc';
import { notificationPromptWanted } from './notification-permission';
import { PromptCard } from './PromptCard';

/**
 * The domains whose changes notifications are about (load assignments, status changes, messages,
 * documents, invoices, requests): a successful change in one of them is the moment the prompt
 * becomes useful. Settings, sign-in and the like are not.
 */
const SERVED = new Set(['loads', 'messages', 'wip', 'documents', 'invoices', 'portal', 'positions', 'drivers', 'tracking']);

/** Whether a mutation's key (tRPC's: its procedure path first, as ['loads', 'create']) names a served domain. */
function servesNotifications(mutationKey: readonly unknown[] | undefined): boolean {
  const path = mutationKey?.[0];
  return Array.isArray(path) && typeof path[0] === 'string' && SERVED.has(path[0]);
}

const dialogOpen = () => document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;

/**
 * The spec's prompt (top-right, 3 seconds, only while permission is undecided and Later was never
 * pressed), asked at a moment it serves (issue 27, item 5): only in the signed-in shell, and its 3
 * seconds start once the user has made a change notifications are about (a load created or moved,
 * a message sent, a document uploaded). Never over a dialog: while one is open it waits, and it
 * steps aside when one opens. Enable only asks the browser; the push subscription is the shell's
 * (use-push.ts).
 */
export function NotificationPrompt() {
  const [due, setDue] = useState(false);
  const [isVisible, setVisible] = useState(false);

  // The moment: the first successful change in a served domain, then the spec's 3 seconds.
  useEffect(() => {
    if (!notificationPromptWanted()) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = queryClient.getMutationCache().subscribe((event) => {
      if (timer || event.type !== 'updated' || event.action.type !== 'success') return;
      if (!servesNotifications(event.mutation.options.mutationKey)) return;
      timer = setTimeout(() => setDue(true), NOTIFICATION_PROMPT_DELAY_MS);
    });
    return () => {
      unsubscribe();
      if (timer) clearTimeout(timer);
    };
  }, []);

  // Shown while no dialog is open (checked each second once due: dialogs come and go).
  useEffect(() => {
    if (!due) return;
    const check = () => setVisible(notificationPromptWanted() && !dialogOpen());
    check();
    const interval = setInterval(check, 1000);
    return () => clearInterval(interval);
  }, [due]);

  if (!isVisible) return null;

  const enable = async () => {
    setDue(false);
    setVisible(false);
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') console.info(`Notification permission: ${permission}`);
  };
  const later = () => {
    localStorage.setItem(NOTIFICATION_DISMISSED_KEY, 'true');
    setDue(false);
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
