import type { Kysely, Transaction } from 'kysely';
import type { SessionOutput } from '#shared/schemas/auth.js';
import type { Database } from '../db/schema.js';
import { asUser } from '../db/transactions.js';
import type { AppServices } from '../services/services.js';

/** Validates a session and reads who it belongs to: profile, role and company. */
export async function loadSessionContext(
  services: Pick<AppServices, 'lucia' | 'db'>,
  sessionId: string,
): Promise<{ session: SessionOutput; refreshedCookie: string | null; endsAt: number } | null> {
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
    // When the session ends by itself (idle or absolute lifetime, whichever is first): a cache never keeps it past that.
    endsAt: Math.min(session.expiresAt.getTime(), session.absoluteExpiresAt.getTime()),
  };
}

/**
 * Who the user is (profile, role, company), read as that user (app.user_id): in a transaction of
 * its own on a pool handle, or inside the caller's transaction, whose scope is put back after.
 */
export async function readIdentity(db: Kysely<Database>, userId: string): Promise<SessionOutput | null> {
  return asUser(db, userId, (tx) => queryIdentity(tx, userId));
}

async function queryIdentity(tx: Transaction<Database>, userId: string): Promise<SessionOutput | null> {
  const row = await tx
    .selectFrom('profiles')
    .innerJoin('companies', 'companies.id', 'profiles.companyId')
    .innerJoin('users', 'users.id', 'profiles.userId')
    .leftJoin('userRoles', 'userRoles.userId', 'profiles.userId')
    .select([
      'profiles.userId',
      'profiles.firstName',
      'profiles.lastName',
      'profiles.isMasterAdmin',
      'users.email',
      'users.emailVerifiedAt',
      'companies.id as companyId',
      'companies.name as companyName',
      'companies.subscriptionStatus',
      'userRoles.role',
    ])
    .where('profiles.userId', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  // The self-read policies (drivers_self_read, carrier_users_self_read) let a user see their own
  // driver record and carrier link before the company is set. A carrier user is linked to the
  // carrier, a driver to a driver record: the two kinds never share a check (issue 24, item 3).
  const carrierUser = await tx.selectFrom('carrierUsers').select('carrierId').where('userId', '=', userId).executeTakeFirst();
  const driver = carrierUser ? undefined : await tx.selectFrom('drivers').select('id').where('userId', '=', userId).executeTakeFirst();
  const portal = carrierUser ? 'carrier' : driver ? 'driver' : null;
  const emailVerified = row.emailVerifiedAt !== null;
  return {
    user: { id: row.userId, email: row.email, firstName: row.firstName, lastName: row.lastName },
    company: { id: row.companyId, name: row.companyName, subscriptionStatus: row.subscriptionStatus },
    role: row.role ?? null,
    // The platform flag holds only while the address is proven (PLATFORM_ADMIN_EMAILS, make admin).
    isMasterAdmin: row.isMasterAdmin && emailVerified,
    portal,
    emailVerified,
  };
}
