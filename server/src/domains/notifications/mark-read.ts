import { z } from 'zod';
import { notificationMarkReadInput } from '#shared/schemas/notifications.js';
import { notFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { markAllNotificationsRead, markNotificationRead } from './notifications.repository.js';

/** Marks one of the caller's notifications read; anyone else's id answers like a missing one. */
export const markNotificationReadProcedure = permitted('self', 'notifications')
  .input(notificationMarkReadInput)
  .output(z.object({ id: z.uuid() }))
  .mutation(async ({ ctx, input }) => {
    if (!(await markNotificationRead(ctx.db, ctx.scope, input.id))) throw notFound('Notification');
    return { id: input.id };
  });

/** "Mark all read": every unread notification of the caller. */
export const markAllNotificationsReadProcedure = permitted('self', 'notifications')
  .output(z.object({ count: z.number().int().nonnegative() }))
  .mutation(async ({ ctx }) => ({ count: await markAllNotificationsRead(ctx.db, ctx.scope) }));
