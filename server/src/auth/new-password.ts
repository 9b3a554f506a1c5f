import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import { asUser } from '../db/transactions.js';
import { luciaOn } from '../services/lucia.js';
import { hashPassword } from './password.js';
import { endPendingSignIns, expireCodes } from './two-factor.js';

/**
 * A password set by whoever proved they hold the account's mailbox (a verification link, a
 * password-reset link), on the call's transaction: the account's password becomes this one, and
 * everything that rested on the old one ends: every session (their sockets close), any sign-in
 * waiting for its code, any code sent, and the address's failed tries.
 */
export async function setPasswordFromMailbox(
  db: Kysely<Database>,
  config: Pick<Config, 'SESSION_IDLE_DAYS' | 'NODE_ENV'>,
  userId: string,
  password: string,
): Promise<void> {
  const passwordHash = await hashPassword(password);
  const user = await db
    .updateTable('users')
    .set({ passwordHash, passwordChangedAt: new Date() })
    .where('id', '=', userId)
    .returning('email')
    .executeTakeFirstOrThrow();
  await luciaOn(db, config).invalidateUserSessions(userId);
  await asUser(db, userId, (tx) => endPendingSignIns(tx, userId));
  await expireCodes(db, userId);
  await db.deleteFrom('signInFailures').where('email', '=', user.email).execute();
}
