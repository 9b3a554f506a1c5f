import { z } from 'zod';
import { sessionsOutput } from '#shared/schemas/settings.js';
import { permitted } from '../../trpc/procedures.js';
import { listSessions } from './sessions.repository.js';

/** The Security card's list: one's own live sessions, this device first and marked. */
export const listSessionsProcedure = permitted('self', 'sessions')
  .input(z.void())
  .output(sessionsOutput)
  .query(({ ctx }) => listSessions(ctx.db, ctx.session.user.id, ctx.sessionId));
