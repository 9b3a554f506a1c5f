import { z } from 'zod';
import { endSessionInput, endSessionOutput, sessionsOutput } from '#shared/schemas/settings.js';
import { notFound } from '../../errors.js';
import { companyProcedure } from '../../trpc/procedures.js';
import { endSessionByFingerprint, listSessions } from './sessions.repository.js';

/** The Security card's list: one's own live sessions, this device first and marked. */
export const listSessionsProcedure = companyProcedure
  .input(z.void())
  .output(sessionsOutput)
  .query(({ ctx }) => listSessions(ctx.db, ctx.session.user.id, ctx.sessionId));

/**
 * Signs out one of one's own sessions. Anybody else's session, or one that does not exist,
 * answers the same NOT_FOUND. Ending this device's own session signs it out here too.
 */
export const endSessionProcedure = companyProcedure
  .input(endSessionInput)
  .output(endSessionOutput)
  .mutation(async ({ ctx, input }) => {
    const ended = await endSessionByFingerprint(ctx.db, ctx.session.user.id, input.id);
    if (!ended) throw notFound('Session');
    if (ended === ctx.sessionId) ctx.setCookie?.(ctx.services.lucia.createBlankSessionCookie().serialize());
    return { id: input.id };
  });
