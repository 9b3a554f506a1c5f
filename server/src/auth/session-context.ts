import type { SessionOutput } from '#shared/schemas/auth.js';
import type { AppServices } from '../services/services.js';
import { withUser } from '../db/with-company.js';

/** Validates a session and reads who it belongs to: profile, role and company. */
export async function loadSessionContext(
  services: Pick<AppServices, 'lucia' | 'db'>,
  sessionId: string,
): Promise<{ session: SessionOutput; refreshedCookie: string | null } | null> {
  const { session, user } = await services.lucia.validateSession(sessionId);
  if (!session) return null;
  const identity = await readIdentity(services.db, user.id);
  if (!identity || identity.company.subscriptionStatus === 'suspended') {
    await services.lucia.invalidateSession(session.id);
    return null;
  }
  return {
    session: { ...identity, user: { ...identity.user, email: user.email } },
    refreshedCookie: session.fresh ? services.lucia.createSessionCookie(session.id).serialize() : null,
  };
}

export async function readIdentity(db: AppServices['db'], userId: string): Promise<SessionOutput | null> {
  return withUser(db, userId, async (tx) => {
    const row = await tx
      .selectFrom('profiles')
      .innerJoin('companies', 'companies.id', 'profiles.company_id')
      .innerJoin('users', 'users.id', 'profiles.user_id')
      .leftJoin('user_roles', 'user_roles.user_id', 'profiles.user_id')
      .select([
        'profiles.user_id',
        'profiles.first_name',
        'profiles.last_name',
        'profiles.is_master_admin',
        'users.email',
        'companies.id as company_id',
        'companies.name as company_name',
        'companies.subscription_status',
        'user_roles.role',
      ])
      .where('profiles.user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return null;
    // The drivers_self_read policy lets a user see their own driver record before the company is set.
    const driver = await tx.selectFrom('drivers').select('id').where('user_id', '=', userId).executeTakeFirst();
    const hasDriverRecord = driver !== undefined;
    return {
      user: { id: row.user_id, email: row.email, firstName: row.first_name, lastName: row.last_name },
      company: { id: row.company_id, name: row.company_name, subscriptionStatus: row.subscription_status },
      role: row.role ?? null,
      isMasterAdmin: row.is_master_admin,
      hasDriverRecord,
    };
  });
}
