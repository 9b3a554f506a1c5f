import { endSessionInput, endSessionOutput } from '#shared/schemas/settings.js';
import { hashSessionId, luciaOn } from '../../services/lucia.js';
import { notFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { endSessionByFingerprint } from './sessions.repository.js';

/**
 * Signs out one of one's own sessions. Anybody else's session, or one that does not exist,
 * answers the same NOT_FOUND. Ending this device's own session signs it out here too.
 */
export const endSessionProcedure = permitted('self', 'sessions')
  .input(endSessionInput)
  .output(endSessionOutput)
  .mutation(async ({ ctx, input }) => {
    const ended = await endSessionByFingerprint(ctx.db, ctx.session.user.id, input.id);
    if (!ended) throw notFound('Session');
    if (ended === hashSessionId(ctx.sessionId))
      ctx.setCookie?.(luciaOn(ctx.db, ctx.services.config).createBlankSessionCookie().serialize());
    return { id: input.id };
  });
