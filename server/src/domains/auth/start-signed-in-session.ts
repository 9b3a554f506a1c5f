import type { Kysely } from 'kysely';
import type { SessionOutput } from '#shared/schemas/auth.js';
import { readIdentity } from '../../auth/session-context.js';
import { luciaOn } from '../../services/lucia.js';
import { startSession } from '../../auth/sign-in.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import type { RequestInfo } from '../../auth/request-info.js';

/**
 * The end of every way in (sign-up, sign-in, a verified code, an accepted invitation): a session
 * on the call's transaction, its cookie set, and who is now signed in. The session this browser
 * held before, whoever's it was, ends: one browser, one session.
 */
export async function startSignedInSession(
  ctx: {
    db: Kysely<Database>;
    services: { config: Config };
    request: RequestInfo;
    setCookie: ((serialized: string) => void) | null;
    /** The session the request's cookie carried, if it was valid. */
    sessionId?: string | null;
  },
  userId: string,
): Promise<SessionOutput> {
  if (ctx.sessionId) await luciaOn(ctx.db, ctx.services.config).invalidateSession(ctx.sessionId);
  ctx.setCookie?.(await startSession({ db: ctx.db, config: ctx.services.config }, userId, ctx.request));
  const identity = await readIdentity(ctx.db, userId);
  if (!identity) throw new Error(`the account ${userId} that just signed in has no company`);
  return identity;
}
