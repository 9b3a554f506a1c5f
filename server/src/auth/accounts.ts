import type { Kysely } from 'kysely';
import type { StaffRole } from '#shared/constants.js';
import type { Database } from '../db/schema.js';
import { inCompany } from '../db/transactions.js';
import { hashPassword } from './password.js';

export interface NewMember {
  email: string;
  password: string;
  /** Already hashed (a seed that gives many accounts one password hashes it once). */
  passwordHash?: string;
  firstName: string;
  lastName: string;
  phone?: string | null;
  role: StaffRole | null;
  /**
   * The address is proven already: true only for accounts a seed or a test makes directly (no
   * mail is sent); anyone else proves it by a mailed link or by accepting an invitation.
   */
  emailVerified: boolean;
}

/**
 * Adds an account to an existing company with a role (or none, as drivers have), in one
 * transaction: its own on a pool handle, the caller's inside a call.
 */
export async function addMember(db: Kysely<Database>, companyId: string, member: NewMember): Promise<{ userId: string }> {
  const passwordHash = member.passwordHash ?? (await hashPassword(member.password));
  return inCompany(db, { companyId, userId: null }, async (tx) => {
    const user = await tx
      .insertInto('users')
      .values({ email: member.email.trim().toLowerCase(), passwordHash, emailVerifiedAt: member.emailVerified ? new Date() : null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('profiles')
      .values({ userId: user.id, companyId, firstName: member.firstName, lastName: member.lastName, phone: member.phone ?? null })
      .execute();
    if (member.role) await tx.insertInto('userRoles').values({ userId: user.id, companyId, role: member.role }).execute();
    return { userId: user.id };
  });
}
