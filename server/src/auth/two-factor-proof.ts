import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.js';
import { commitThenFail } from '../db/transactions.js';
import { AppError } from '../errors.js';
import { hitRateLimit } from '../services/rate-limit.js';
import { ownPasswordHash } from './credentials.js';
import { verifyPassword } from './password.js';

/**
 * Proof that the person at the keyboard owns the account, asked before turning two-factor
 * authentication off or changing where its codes go: a stolen session alone must not be
 * enough to remove the second factor or send the codes to another phone (issue 10, item 7).
 */

/** Password checks per account per hour, so a stolen session cannot guess the password here. */
export const PROOF_CHECKS_PER_HOUR = 10;

export const PROOF_TEXT = {
  passwordRequired: 'Enter your current password',
  passwordIncorrect: 'Current password is incorrect',
  tooMany: 'Too many password attempts. Please try again in an hour.',
} as const;

export const currentPasswordProof = z.string({ error: PROOF_TEXT.passwordRequired }).min(1, PROOF_TEXT.passwordRequired).max(256);

/**
 * Checks the current password on the call's transaction. A wrong one is answered after its count
 * commits (commitThenFail), so guesses stay limited; the field named is `password`.
 */
export async function proveCurrentPassword(db: Kysely<Database>, userId: string, password: string | undefined): Promise<void> {
  if (!password) throw new AppError('BAD_REQUEST', PROOF_TEXT.passwordRequired, { field: 'password' });
  const allowed = await hitRateLimit(db, `two-factor-proof:user:${userId}`, PROOF_CHECKS_PER_HOUR, 3600);
  if (!allowed) throw new AppError('TOO_MANY_REQUESTS', PROOF_TEXT.tooMany);
  const hash = await ownPasswordHash(db, userId);
  if (!hash || !(await verifyPassword(hash, password))) {
    throw commitThenFail(new AppError('BAD_REQUEST', PROOF_TEXT.passwordIncorrect, { field: 'password' }));
  }
}
