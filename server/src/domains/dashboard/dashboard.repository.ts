import type { Kysely } from 'kysely';
import { ACTIVE_LOAD_STATUSES } from '#shared/constants.js';
import { DASHBOARD_RECENT_LOADS, type DashboardSummary } from '#shared/schemas/dashboard.js';
import type { Database } from '../../db/schema.js';
import { readable, type Scope } from '../../db/scope.js';

type Db = Kysely<Database>;

/**
 * The dashboard counts exactly what the lists show (server/src/db/scope.ts): a sales user their
 * own loads and drivers, everyone else the whole company. Counted in SQL on the indexes that
 * start with company_id.
 */
export async function dashboardSummary(db: Db, scope: Scope): Promise<DashboardSummary> {
  // One transaction, one connection: the reads run one after another.
  const loads = await db
    .selectFrom('loads')
    .select((eb) => [
      eb.fn.countAll<number>().as('totalLoads'),
      eb.fn.countAll<number>().filterWhere('loads.status', 'in', ACTIVE_LOAD_STATUSES).as('activeLoads'),
    ])
    .where(readable(scope, 'loads'))
    .executeTakeFirstOrThrow();
  const drivers = await db
    .selectFrom('drivers')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(readable(scope, 'drivers'))
    .executeTakeFirstOrThrow();
  const brokers = await db
    .selectFrom('brokers')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(readable(scope, 'brokers'))
    .executeTakeFirstOrThrow();
  const recentLoads = await db
    .selectFrom('loads')
    .select([
      'loads.id',
      'loads.loadNumber',
      'loads.pickupCity',
      'loads.pickupState',
      'loads.deliveryCity',
      'loads.deliveryState',
      'loads.driverName',
      'loads.status',
      'loads.rate',
    ])
    .where(readable(scope, 'loads'))
    .orderBy('loads.createdAt', 'desc')
    .orderBy('loads.id', 'desc')
    .limit(DASHBOARD_RECENT_LOADS)
    .execute();
  return { ...loads, drivers: drivers.count, brokers: brokers.count, recentLoads };
}
