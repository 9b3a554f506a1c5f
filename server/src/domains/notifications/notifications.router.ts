import { router } from '../../trpc/procedures.js';
import { listNotificationsProcedure } from './list-notifications.js';
import { markAllNotificationsReadProcedure, markNotificationReadProcedure } from './mark-read.js';
import { notificationPreferencesProcedure, setNotificationPreferenceProcedure } from './preferences.js';
import { pushKeyProcedure, subscribePushProcedure, unsubscribePushProcedure } from './push-subscriptions.js';
import { unreadNotificationsProcedure } from './unread-notifications.js';

/**
 * The notification centre: every signed-in user's own notifications (a driver's too), made by
 * the server's fan-out triggers in the transaction of each change (load assigned, load status,
 * new message, WIP request decided; invoice payment status through notify_company_roles).
 */
export const notificationsRouter = router({
  list: listNotificationsProcedure,
  unreadCount: unreadNotificationsProcedure,
  markRead: markNotificationReadProcedure,
  markAllRead: markAllNotificationsReadProcedure,
  preferences: notificationPreferencesProcedure,
  setPreference: setNotificationPreferenceProcedure,
  /** Web Push: the VAPID public key, and this browser's subscription on or off. */
  pushKey: pushKeyProcedure,
  subscribePush: subscribePushProcedure,
  unsubscribePush: unsubscribePushProcedure,
});
