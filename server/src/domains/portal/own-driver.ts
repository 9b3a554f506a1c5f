import type { Kysely } from 'kysely';
import { AppError } from '../../errors.js';
import type { Scope } from '../../db/scope.js';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database>;

/**
 * The signed-in user's own driver record in their company (drivers.user_id), the newest when an
 * account was linked more than once. Drivers reach the driver portal only through it; carrier users
 * have none (findOwnCarrier).
 * `lock`: held until the call's transaction ends (a report and a consent change do not cross).
 */
export async function findOwnDriver(db: Db, scope: Scope, options: { lock?: boolean } = {}) {
  let query = db
    .selectFrom('drivers')
    .select(['drivers.id', 'drivers.companyId', 'drivers.carrierId', 'drivers.gpsConsent', 'drivers.dispatcherId'])
    .where('drivers.companyId', '=', scope.companyId)
    .where('drivers.userId', '=', scope.userId)
    .orderBy('drivers.createdAt', 'desc')
    .orderBy('drivers.id', 'desc')
    .limit(1);
  if (options.lock) query = query.forUpdate();
  return (await query.executeTakeFirst()) ?? null;
}

/**
 * The carrier whose user the signed-in account is (carrier_users, issue 24 item 3), or null. A
 * carrier user is linked to the carrier itself; a driver whose record has a carrier is a driver,
 * never this carrier's user.
 */
export async function findOwnCarrier(db: Db, scope: Scope): Promise<string | null> {
  const row = await db
    .selectFrom('carrierUsers')
    .select('carrierId')
    .where('companyId', '=', scope.companyId)
    .where('userId', '=', scope.userId)
    .executeTakeFirst();
  return row?.carrierId ?? null;
}

/** An account with no driver record may not do what only a driver does: the guards' own refusal. */
export const notADriver = () => new AppError('FORBIDDEN', 'You do not have permission to do this');
