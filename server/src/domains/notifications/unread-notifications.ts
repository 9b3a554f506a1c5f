import { notificationCountOutput } from '#shared/schemas/notifications.js';
import { permitted } from '../../trpc/procedures.js';
import { countUnreadNotifications } from './notifications.repository.js';

/** The bell's count: the caller's unread notifications. */
export const unreadNotificationsProcedure = permitted('self', 'notifications')
  .output(notificationCountOutput)
  .query(async ({ ctx }) => ({ count: await countUnreadNotifications(ctx.db, ctx.scope) }));
