import { notificationListInput, notificationListOutput } from '#shared/schemas/notifications.js';
import { permitted } from '../../trpc/procedures.js';
import { listNotifications } from './notifications.repository.js';

/** The caller's notifications, newest first (every signed-in user has them, a driver too). */
export const listNotificationsProcedure = permitted('self', 'notifications')
  .input(notificationListInput)
  .output(notificationListOutput)
  .query(({ ctx, input }) => listNotifications(ctx.db, ctx.scope, input.unreadOnly ?? false, input));
