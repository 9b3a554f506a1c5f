import { NOTIFICATION_DISMISSED_KEY } from '#shared/constants.js';

/**
 * Whether the notification prompt may show in this browser: notifications supported, permission
 * still undecided ('default') and Later never pressed. Kept apart from the prompt itself, so the
 * public pages can decide without loading the prompt (nor any push code).
 */
export function notificationPromptWanted(): boolean {
  if (typeof window === 'undefined' || !('Notification' in window)) {
    console.info('Notifications are not supported by this browser');
    return false;
  }
  return Notification.permission === 'default' && !localStorage.getItem(NOTIFICATION_DISMISSED_KEY);
}
