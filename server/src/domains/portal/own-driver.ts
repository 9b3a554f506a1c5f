import type { Kysely } from 'kysely';
import { AppError } from '../../errors.js';
import type { Scope } from '../../db/scope.js';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database>;

/**
 * The signed-in user's own driver record in their company (drivers.user_id), the newest when an
 * account was linked more than once. Drivers and carrier users reach the portals only through it.
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

/** An account with no driver record may not do what only a driver does: the guards' own refusal. */
export const notADriver = () => new AppError('FORBIDDEN', 'You do not have permission to do this');
