import { sql } from 'kysely';
import type { SignUpInput } from '#shared/schemas/auth.js';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';
import { hashPassword } from './password.js';
import { isPgError } from '../db/pg-errors.js';

/**
 * Creates the account, its company, profile and admin role in one transaction
 * (the spec's create_company_for_user), so a failure leaves nothing half-made.
 */
export async function signUp(
  db: Db,
  input: SignUpInput,
  options: { isPlatformAdmin: boolean },
): Promise<{ userId: string; companyId: string }> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction().execute(async (tx) => {
      const user = await tx
        .insertInto('users')
        .values({ email: input.email, passwordHash: passwordHash })
        .returning('id')
        .executeTakeFirst();
      if (!user) throw new AppError('BAD_REQUEST', 'User creation failed');
      const created = await sql<{ companyId: string }>`
        select create_company_for_user(${input.companyName}, ${user.id}::uuid, ${options.isPlatformAdmin},
                                       ${input.firstName}, ${input.lastName}) as company_id`.execute(tx);
      const companyId = created.rows[0]?.companyId;
      if (!companyId) throw new AppError('BAD_REQUEST', 'User creation failed');
      return { userId: user.id, companyId };
    });
  } catch (error) {
    if (isPgError(error, 'unique')) {
      throw new AppError('CONFLICT', 'An account with this email already exists', { field: 'email' });
    }
    throw error;
  }
}
