import { z } from 'zod';
import { PUSH_UNSUPPORTED, pushKeyOutput, pushSubscriptionInput, pushUnsubscribeInput } from '#shared/schemas/notifications.js';
import { hashSessionId } from '../../services/lucia.js';
import { AppError } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { isPushServiceEndpoint, vapidKeys } from './web-push.js';

/** The server's VAPID public key: a browser subscribes to push with it. */
export const pushKeyProcedure = permitted('self', 'notifications')
  .output(pushKeyOutput)
  .query(({ ctx }) => ({ publicKey: vapidKeys(ctx.services.config).publicKey }));

/**
 * This browser receives the caller's notifications as system notifications (Web Push). Only the
 * browsers' own push services are accepted as endpoints: the server never posts to an address
 * a user typed. The subscription lasts as long as this session: signing out ends it.
 */
export const subscribePushProcedure = permitted('self', 'notifications')
  .input(pushSubscriptionInput)
  .output(z.object({ subscribed: z.literal(true) }))
  .mutation(async ({ ctx, input }) => {
    if (!isPushServiceEndpoint(input.endpoint, ctx.services.config.WEB_PUSH_EXTRA_HOSTS)) {
      throw new AppError('BAD_REQUEST', PUSH_UNSUPPORTED, { field: 'endpoint' });
    }
    // The subscription belongs to this session from now on (it ends when the session does).
    await ctx.db
      .deleteFrom('pushSubscriptions')
      .where('companyId', '=', ctx.scope.companyId)
      .where('userId', '=', ctx.scope.userId)
      .where('endpoint', '=', input.endpoint)
      .execute();
    await ctx.db
      .insertInto('pushSubscriptions')
      .values({
        companyId: ctx.scope.companyId,
        userId: ctx.scope.userId,
        endpoint: input.endpoint,
        ...input.keys,
        sessionId: hashSessionId(ctx.sessionId),
      })
      .execute();
    return { subscribed: true };
  });

/** This browser no longer receives the caller's notifications. */
export const unsubscribePushProcedure = permitted('self', 'notifications')
  .input(pushUnsubscribeInput)
  .output(z.object({ removed: z.number().int().nonnegative() }))
  .mutation(async ({ ctx, input }) => {
    const rows = await ctx.db
      .deleteFrom('pushSubscriptions')
      .where('companyId', '=', ctx.scope.companyId)
      .where('userId', '=', ctx.scope.userId)
      .where('endpoint', '=', input.endpoint)
      .returning('id')
      .execute();
    return { removed: rows.length };
  });
