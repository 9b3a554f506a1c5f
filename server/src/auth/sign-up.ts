import { sql, type Kysely } from 'kysely';
import type { SignUpInput } from '#shared/schemas/auth.js';
import { isPgError } from '../db/pg-errors.js';
import type { Database } from '../db/schema.js';
import { commitThenFail, transaction } from '../db/transactions.js';
import { AppError } from '../errors.js';
import { hashPassword } from './password.js';

const emailTaken = () => new AppError('CONFLICT', 'An account with this email already exists', { field: 'email' });

/**
 * Creates the account, its company, profile and admin role in one transaction (the spec's
 * create_company_for_user), so a failure leaves nothing half-made: on a pool handle a
 * transaction of its own, inside a call its transaction. A taken email answers CONFLICT beside
 * the field, after the call's counts commit.
 */
export async function signUp(
  db: Kysely<Database>,
  input: SignUpInput,
  options: {
    /** The platform flag: only with a verified address (the database refuses it otherwise). */
    isPlatformAdmin: boolean;
    passwordHash?: string;
    /** True only for accounts a seed or a test makes; a sign-up proves its address by a mailed link. */
    emailVerified: boolean;
  },
): Promise<{ userId: string; companyId: string }> {
  const passwordHash = options.passwordHash ?? (await hashPassword(input.password));
  try {
    return await transaction(db, async (tx) => {
      const taken = await tx.selectFrom('users').select('id').where('email', '=', input.email).executeTakeFirst();
      if (taken) throw commitThenFail(emailTaken());
      const user = await tx
        .insertInto('users')
        .values({ email: input.email, passwordHash, emailVerifiedAt: options.emailVerified ? new Date() : null })
        .returning('id')
        .executeTakeFirstOrThrow();
      const created = await sql<{ companyId: string }>`
        select create_company_for_user(${input.companyName}, ${user.id}::uuid, ${options.isPlatformAdmin},
                                       ${input.firstName}, ${input.lastName}) as company_id`.execute(tx);
      const companyId = created.rows[0]?.companyId;
      if (!companyId) throw new Error('create_company_for_user answered no company');
      return { userId: user.id, companyId };
    });
  } catch (error) {
    // Someone signed up with the address at the same moment.
    if (isPgError(error, 'unique')) throw emailTaken();
    throw error;
  }
}
