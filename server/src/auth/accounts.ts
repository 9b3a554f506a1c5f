import type { StaffRole } from '#shared/constants.js';
import type { Db } from '../db/database.js';
import { withCompany } from '../db/with-company.js';
import { hashPassword } from './password.js';

export interface NewMember {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phone?: string | null;
  role: StaffRole | null;
}

/** Adds an account to an existing company with a role (or none, as drivers have), in one transaction. */
export async function addMember(db: Db, companyId: string, member: NewMember): Promise<{ userId: string }> {
  const passwordHash = await hashPassword(member.password);
  return withCompany(db, { companyId, userId: null }, async (tx) => {
    const user = await tx
      .insertInto('users')
      .values({ email: member.email.trim().toLowerCase(), passwordHash: passwordHash })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('profiles')
      .values({
        userId: user.id,
        companyId: companyId,
        firstName: member.firstName,
        lastName: member.lastName,
        phone: member.phone ?? null,
      })
      .execute();
    if (member.role) await tx.insertInto('userRoles').values({ userId: user.id, companyId: companyId, role: member.role }).execute();
    return { userId: user.id };
  });
}
