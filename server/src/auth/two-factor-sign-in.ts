import { sql, type Kysely } from 'kysely';
import {
  TWO_FACTOR_CODE_TTL_SECONDS,
  type TwoFactorMethod,
  type TwoFactorRequiredOutput,
  type VerifySignInInput,
} from '#shared/schemas/two-factor.js';
import type { Database } from '../db/schema.js';
import { asUser, commitThenFail } from '../db/transactions.js';
import { AppError } from '../errors.js';
import type { Mailer } from '../services/mail/mailer.js';
import { hitRateLimit } from '../services/rate-limit.js';
import type { RequestInfo } from './request-info.js';
import { consumeCode, invalidCode, issueCode, newChallengeToken, sha256Hex } from './two-factor.js';

/**
 * The second step of a sign-in for accounts with two-factor authentication on. The password
 * step creates no session: it stores a short-lived challenge (10 minutes, the code's life) and
 * sends a code. Only the right code with that challenge creates the session.
 *
 * The challenge travels in the answer and comes back in the verify call, rather than in a
 * cookie: the tRPC context exposes no request cookies besides the session's, and the client
 * keeps the token in memory only (never storage), so it dies with the tab. It is worth nothing
 * without the code, single use, and stored only as its SHA-256.
 */

/** Verification tries per address per 15 minutes, on top of the 5 tries each code allows. */
export const VERIFY_MAX_PER_IP = 30;
const VERIFY_WINDOW_SECONDS = 15 * 60;
const RESEND_MAX_PER_IP = 20;

export interface TwoFactorAccount {
  userId: string;
  method: TwoFactorMethod;
  email: string;
  phone: string | null;
}

type Db = Kysely<Database>;

/**
 * Where a code goes: for sms, the number proven by a code when two-factor was turned on
 * (profiles.two_factor_phone), never the profile's phone as edited since; the account's email
 * otherwise (and when no number was proven).
 */
async function destination(db: Db, account: TwoFactorAccount): Promise<{ method: TwoFactorMethod; to: string }> {
  if (account.method === 'sms') {
    // profiles_self_read shows a user their own profile.
    const row = await asUser(db, account.userId, (tx) =>
      tx.selectFrom('profiles').select('twoFactorPhone').where('userId', '=', account.userId).executeTakeFirst(),
    );
    if (row?.twoFactorPhone) return { method: 'sms', to: row.twoFactorPhone };
  }
  return { method: 'email', to: account.email };
}

/** On the sign-in call's transaction: the challenge and its code are stored, and the code queued, together. */
export async function startTwoFactorSignIn(db: Db, mailer: Mailer, account: TwoFactorAccount): Promise<TwoFactorRequiredOutput> {
  const challenge = newChallengeToken();
  const { method, to } = await destination(db, account);
  await db.deleteFrom('pendingSignIns').where('userId', '=', account.userId).where('expiresAt', '<=', new Date()).execute();
  await db
    .insertInto('pendingSignIns')
    .values({
      id: sha256Hex(challenge),
      userId: account.userId,
      method,
      expiresAt: sql<Date>`now() + make_interval(secs => ${TWO_FACTOR_CODE_TTL_SECONDS})`,
    })
    .execute();
  const sent = await issueCode(db, mailer, { userId: account.userId, purpose: 'sign_in', method, to, reuseRecent: true });
  return { status: 'two_factor_required', method: sent.method, challenge, resendAfterSeconds: sent.resendAfterSeconds };
}

async function findPendingSignIn(db: Db, challenge: string) {
  return db
    .selectFrom('pendingSignIns')
    .select(['id', 'userId', 'method'])
    .where('id', '=', sha256Hex(challenge))
    .where('expiresAt', '>', new Date())
    .executeTakeFirst();
}

async function limitPerIp(db: Db, action: string, request: RequestInfo, limit: number): Promise<void> {
  const allowed = await hitRateLimit(db, `two-factor-${action}:ip:${request.ip}`, limit, VERIFY_WINDOW_SECONDS);
  if (!allowed) throw new AppError('TOO_MANY_REQUESTS', 'Too many verification attempts. Please wait 15 minutes and try again.');
}

/**
 * The right code for a live challenge answers the account to start a session for; anything else,
 * "invalid or expired". Runs on the call's transaction; a wrong answer commits what it counted
 * (the address's try, the code's attempt) before it is answered.
 */
export async function verifyTwoFactorSignIn(db: Db, input: VerifySignInInput, request: RequestInfo): Promise<{ userId: string }> {
  await limitPerIp(db, 'verify', request, VERIFY_MAX_PER_IP);
  const pending = await findPendingSignIn(db, input.challenge);
  if (!pending) throw commitThenFail(invalidCode());
  const used = await consumeCode(db, pending.userId, 'sign_in', input.code);
  if (!used) throw commitThenFail(invalidCode());
  const ended = await db.deleteFrom('pendingSignIns').where('id', '=', pending.id).executeTakeFirst();
  // A challenge is single use: two right answers at once start one session.
  if (Number(ended.numDeletedRows) === 0) throw invalidCode();
  return { userId: pending.userId };
}

/** Sends a new code for a live challenge, no sooner than 60 seconds after the last one. */
export async function resendTwoFactorSignInCode(
  db: Db,
  mailer: Mailer,
  challenge: string,
  request: RequestInfo,
  readAccount: (userId: string) => Promise<TwoFactorAccount | null>,
): Promise<{ method: TwoFactorMethod; resendAfterSeconds: number }> {
  await limitPerIp(db, 'resend', request, RESEND_MAX_PER_IP);
  const pending = await findPendingSignIn(db, challenge);
  const account = pending ? await readAccount(pending.userId) : null;
  if (!pending || !account) {
    throw commitThenFail(new AppError('UNAUTHORIZED', 'The sign-in has expired. Please sign in again.', { field: 'challenge' }));
  }
  const { method, to } = await destination(db, account);
  return issueCode(db, mailer, { userId: pending.userId, purpose: 'sign_in', method, to });
}
