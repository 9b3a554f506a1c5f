import { createHash, randomBytes, randomInt } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { PRODUCT_NAME } from '#shared/constants.js';
import {
  TWO_FACTOR_CODE_LENGTH,
  TWO_FACTOR_CODE_TTL_SECONDS,
  TWO_FACTOR_MAX_ATTEMPTS,
  TWO_FACTOR_RESEND_SECONDS,
  TWO_FACTOR_TEXT,
  type TwoFactorMethod,
} from '#shared/schemas/two-factor.js';
import type { Database, TwoFactorCodesTable } from '../db/schema.js';
import { asUser } from '../db/transactions.js';
import { AppError } from '../errors.js';
import type { Mailer } from '../services/mail/mailer.js';
import { hashPassword, verifyPassword } from './password.js';

/**
 * One-time codes for two-factor authentication, shared by turning it on (Settings) and by
 * signing in. A code is 6 digits from crypto.randomInt, lives 10 minutes, is single use, dies
 * after 5 tries, and the next one may be sent 60 seconds after the last.
 *
 * Codes are stored as argon2id hashes: a 6-digit code has only a million values, so a fast
 * hash of it would be reversed at once from a stolen table; argon2id makes that take far longer
 * than the code lives.
 */

/** Codes sent to one account per hour, whatever the purpose: a cap on SMS pumping and guessing. */
export const MAX_CODES_PER_HOUR = 10;

export type TwoFactorPurpose = TwoFactorCodesTable['purpose'];

export const invalidCode = () => new AppError('UNAUTHORIZED', TWO_FACTOR_TEXT.invalidMessage, { field: 'code' });

export function generateCode(): string {
  return String(randomInt(0, 10 ** TWO_FACTOR_CODE_LENGTH)).padStart(TWO_FACTOR_CODE_LENGTH, '0');
}

export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

/** Serialises code requests of one account, so two at once cannot both pass the cooldown. */
async function lockAccount(db: Kysely<Database>, userId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`two-factor:${userId}`}, 0))`.execute(db);
}

function message(purpose: TwoFactorPurpose, method: TwoFactorMethod, code: string) {
  const minutes = TWO_FACTOR_CODE_TTL_SECONDS / 60;
  const reason = purpose === 'sign_in' ? 'to sign in' : 'to turn on two-factor authentication';
  const ignore =
    purpose === 'sign_in'
      ? 'If you did not try to sign in, someone may know your password: change it in Settings.'
      : 'If you did not ask for it, you can ignore this message.';
  if (method === 'sms') {
    return { subject: '', text: `${PRODUCT_NAME} code: ${code}. Use it ${reason} within ${minutes} minutes. Never share it.` };
  }
  return {
    subject: `Your ${PRODUCT_NAME} verification code`,
    text: `Your ${PRODUCT_NAME} verification code is ${code}.\n\nUse it ${reason}. It expires in ${minutes} minutes and works once.\n\n${ignore}`,
  };
}

export interface IssueCodeRequest {
  userId: string;
  purpose: TwoFactorPurpose;
  method: TwoFactorMethod;
  /** Phone number (sms) or email address (email). */
  to: string;
  /**
   * Sign-in asks for a code each time the password is entered: a code of the same method sent
   * less than 60 seconds ago that is still usable is kept rather than refused or re-sent.
   */
  reuseRecent?: boolean;
}

/**
 * Issues a code and queues it (sms and email both go through the mailer, whose default provider
 * is the outbox), on the caller's transaction: the message leaves only if the code is committed,
 * and a provider's failure is retried by the job queue rather than answered here.
 */
export async function issueCode(
  db: Kysely<Database>,
  mailer: Mailer,
  request: IssueCodeRequest,
): Promise<{ method: TwoFactorMethod; resendAfterSeconds: number }> {
  // Codes are under row-level security: a user's own only, so this runs as that user.
  return asUser(db, request.userId, (tx) => issueOwnCode(tx, mailer, request));
}

async function issueOwnCode(
  tx: Kysely<Database>,
  mailer: Mailer,
  request: IssueCodeRequest,
): Promise<{ method: TwoFactorMethod; resendAfterSeconds: number }> {
  await lockAccount(tx, request.userId);
  // Only the last hour matters (cooldown, hourly cap): older codes of the account go.
  await tx
    .deleteFrom('twoFactorCodes')
    .where('userId', '=', request.userId)
    .where('createdAt', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
  const latest = await tx
    .selectFrom('twoFactorCodes')
    .select(['createdAt', 'consumedAt', 'expiresAt', 'attempts', 'method'])
    .where('userId', '=', request.userId)
    .where('purpose', '=', request.purpose)
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  const now = Date.now();
  if (latest && latest.consumedAt === null) {
    const waitSeconds = Math.ceil((new Date(latest.createdAt).getTime() + TWO_FACTOR_RESEND_SECONDS * 1000 - now) / 1000);
    if (waitSeconds > 0) {
      const usable = latest.attempts < TWO_FACTOR_MAX_ATTEMPTS && new Date(latest.expiresAt).getTime() > now;
      if (request.reuseRecent && usable && latest.method === request.method)
        return { method: request.method, resendAfterSeconds: waitSeconds };
      throw new AppError(
        'TOO_MANY_REQUESTS',
        `Please wait ${waitSeconds} ${waitSeconds === 1 ? 'second' : 'seconds'} before requesting a new code.`,
      );
    }
  }
  const sentLastHour = await tx
    .selectFrom('twoFactorCodes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('userId', '=', request.userId)
    .where('createdAt', '>', new Date(now - 3600 * 1000))
    .executeTakeFirstOrThrow();
  if (Number(sentLastHour.count) >= MAX_CODES_PER_HOUR) {
    throw new AppError('TOO_MANY_REQUESTS', 'Too many codes were requested. Please try again in an hour.');
  }
  // A new code replaces the previous one of the same purpose.
  await tx
    .updateTable('twoFactorCodes')
    .set({ expiresAt: new Date(now) })
    .where('userId', '=', request.userId)
    .where('purpose', '=', request.purpose)
    .where('consumedAt', 'is', null)
    .where('expiresAt', '>', new Date(now))
    .execute();
  const code = generateCode();
  await tx
    .insertInto('twoFactorCodes')
    .values({
      userId: request.userId,
      purpose: request.purpose,
      method: request.method,
      codeHash: await hashPassword(code),
      destination: request.to,
      // The database's clock for both ends of its life, as for created_at.
      expiresAt: sql<Date>`now() + make_interval(secs => ${TWO_FACTOR_CODE_TTL_SECONDS})`,
    })
    .execute();
  await mailer.send(tx, { channel: request.method, to: request.to, ...message(request.purpose, request.method, code) });
  return { method: request.method, resendAfterSeconds: TWO_FACTOR_RESEND_SECONDS };
}

/**
 * Checks a code against the account's current code of that purpose and uses it up when right.
 * Every try counts (the attempt is recorded before the check, so parallel guesses cannot pass
 * the limit); after 5 the code is dead, even for the right digits. Answers null for a wrong,
 * expired, used or dead code alike. The caller's transaction must commit on a null answer, or
 * the try is not counted: answer the failure, or throw it marked commitThenFail (db/transactions.ts).
 */
export async function consumeCode(
  db: Kysely<Database>,
  userId: string,
  purpose: TwoFactorPurpose,
  code: string,
): Promise<{ method: TwoFactorMethod; destination: string | null } | null> {
  return asUser(db, userId, (tx) => consumeOwnCode(tx, userId, purpose, code));
}

async function consumeOwnCode(
  tx: Kysely<Database>,
  userId: string,
  purpose: TwoFactorPurpose,
  code: string,
): Promise<{ method: TwoFactorMethod; destination: string | null } | null> {
  const current = await tx
    .selectFrom('twoFactorCodes')
    .select(['id', 'codeHash', 'method'])
    .where('userId', '=', userId)
    .where('purpose', '=', purpose)
    .where('consumedAt', 'is', null)
    .where('expiresAt', '>', new Date())
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!current) return null;
  const counted = await tx
    .updateTable('twoFactorCodes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', current.id)
    .where('attempts', '<', TWO_FACTOR_MAX_ATTEMPTS)
    .where('consumedAt', 'is', null)
    .returning('attempts')
    .executeTakeFirst();
  if (!counted) return null;
  if (!(await verifyPassword(current.codeHash, code))) return null;
  const used = await tx
    .updateTable('twoFactorCodes')
    .set({ consumedAt: new Date() })
    .where('id', '=', current.id)
    .where('consumedAt', 'is', null)
    .returning(['method', 'destination'])
    .executeTakeFirst();
  return used ? { method: used.method, destination: used.destination } : null;
}

/** Ends every outstanding code of the account (two-factor turned off, password changed). */
export async function expireCodes(db: Kysely<Database>, userId: string): Promise<void> {
  const now = new Date();
  await asUser(db, userId, (tx) =>
    tx
      .updateTable('twoFactorCodes')
      .set({ expiresAt: now })
      .where('userId', '=', userId)
      .where('consumedAt', 'is', null)
      .where('expiresAt', '>', now)
      .execute(),
  );
}

/** A fresh sign-in challenge token: 256 random bits; the server keeps only its SHA-256. */
export function newChallengeToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Drops the account's sign-ins waiting for a code (the password they proved has changed). */
export async function endPendingSignIns(tx: Kysely<Database>, userId: string): Promise<void> {
  await tx.deleteFrom('pendingSignIns').where('userId', '=', userId).execute();
}
