import type { Kysely } from 'kysely';
import type { LoadStatus } from '#shared/constants.js';
import { AppError, notFound } from '../../errors.js';
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

/**
 * A load of the signed-in driver's own, locked until the call's transaction ends (a step and its
 * undo never cross), with the driver it belongs to. Not a driver: refused; another driver's load,
 * or another company's: not found.
 */
export async function lockOwnLoad(db: Db, scope: Scope, loadId: string) {
  const driver = await findOwnDriver(db, scope);
  if (!driver) throw notADriver();
  const load = await db
    .selectFrom('loads')
    .select(['id', 'status'])
    .where('companyId', '=', driver.companyId)
    .where('driverId', '=', driver.id)
    .where('id', '=', loadId)
    .forUpdate()
    .executeTakeFirst();
  if (!load) throw notFound('Load');
  return { driver, load };
}

/** Sets the status of a load lockOwnLoad answered, and says what it now is. */
export async function setOwnLoadStatus(db: Db, companyId: string, loadId: string, status: LoadStatus) {
  await db.updateTable('loads').set({ status }).where('companyId', '=', companyId).where('id', '=', loadId).execute();
  return { id: loadId, status };
}
