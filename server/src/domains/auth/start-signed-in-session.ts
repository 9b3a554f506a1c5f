import type { Kysely } from 'kysely';
import type { SessionOutput } from '#shared/schemas/auth.js';
import { readIdentity } from '../../auth/session-context.js';
import { startSession } from '../../auth/sign-in.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import type { RequestInfo } from '../../trpc/context.js';

/**
 * The end of every way in (sign-up, sign-in, a verified code, an accepted invitation): a session
 * on the call's transaction, its cookie set, and who is now signed in.
 */
export async function startSignedInSession(
  ctx: { db: Kysely<Database>; services: { config: Config }; request: RequestInfo; setCookie: ((serialized: string) => void) | null },
  userId: string,
): Promise<SessionOutput> {
  ctx.setCookie?.(await startSession({ db: ctx.db, config: ctx.services.config }, userId, ctx.request));
  const identity = await readIdentity(ctx.db, userId);
  if (!identity) throw new Error(`the account ${userId} that just signed in has no company`);
  return identity;
}
