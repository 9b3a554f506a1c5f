import { z } from 'zod';
import { signOutInput } from '#shared/schemas/auth.js';
import { luciaOn } from '../../services/lucia.js';
import { permitted } from '../../trpc/procedures.js';

/**
 * Signs out here, or everywhere ('global'); ending sessions closes their sockets (realtime bus).
 * An account whose address is not verified yet may sign out too.
 */
export const signOutProcedure = permitted('self', 'session')
  .input(signOutInput)
  .output(z.object({ success: z.literal(true) }))
  .mutation(async ({ ctx, input }) => {
    const lucia = luciaOn(ctx.db, ctx.services.config);
    if (input.scope === 'global') await lucia.invalidateUserSessions(ctx.session.user.id);
    else await lucia.invalidateSession(ctx.sessionId);
    ctx.setCookie?.(lucia.createBlankSessionCookie().serialize());
    return { success: true as const };
  });
