import { sql, type Kysely } from 'kysely';
import { ACTIVE_LOAD_STATUSES } from '#shared/constants.js';
import { DASHBOARD_RECENT_LOADS, type DashboardSummary, type RecentLoad } from '#shared/schemas/dashboard.js';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database>;

/**
 * Whose records a reader sees: a sales user only their own loads ("own": sales_user_id or
 * created_by is the user) and their own drivers (sales_agent_id); everyone else the whole company.
 */
export interface DashboardScope {
  companyId: string;
  ownerUserId: string | null;
}

/** Total and active loads, counted in SQL on the (company_id, status, ...) index. */
export async function countLoads(db: Db, scope: DashboardScope): Promise<{ total: number; active: number }> {
  let query = db
    .selectFrom('loads')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.countAll<number>().filterWhere('status', 'in', ACTIVE_LOAD_STATUSES).as('active'),
    ])
    .where('companyId', '=', scope.companyId);
  if (scope.ownerUserId) query = query.where(ownedBy(scope.ownerUserId));
  const row = await query.executeTakeFirstOrThrow();
  return { total: Number(row.total), active: Number(row.active) };
}

export async function countDrivers(db: Db, scope: DashboardScope): Promise<number> {
  let query = db
    .selectFrom('drivers')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('companyId', '=', scope.companyId);
  if (scope.ownerUserId) query = query.where('salesAgentId', '=', scope.ownerUserId);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function countBrokers(db: Db, scope: DashboardScope): Promise<number> {
  const row = await db
    .selectFrom('brokers')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('companyId', '=', scope.companyId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The latest loads, newest first, on the (company_id, created_at desc, id desc) index. */
export async function recentLoads(db: Db, scope: DashboardScope, limit = DASHBOARD_RECENT_LOADS): Promise<RecentLoad[]> {
  let query = db
    .selectFrom('loads')
    .select(['id', 'loadNumber', 'pickupCity', 'pickupState', 'deliveryCity', 'deliveryState', 'driverName', 'status', 'rate'])
    .where('companyId', '=', scope.companyId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit);
  if (scope.ownerUserId) query = query.where(ownedBy(scope.ownerUserId));
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    loadNumber: row.loadNumber,
    pickupCity: row.pickupCity,
    pickupState: row.pickupState.trim(),
    deliveryCity: row.deliveryCity,
    deliveryState: row.deliveryState.trim(),
    driverName: row.driverName,
    status: row.status,
    rate: row.rate,
  }));
}

export async function dashboardSummary(db: Db, scope: DashboardScope): Promise<DashboardSummary> {
  // One transaction, one connection: the reads run one after another.
  const loads = await countLoads(db, scope);
  const drivers = await countDrivers(db, scope);
  const brokers = await countBrokers(db, scope);
  const recent = await recentLoads(db, scope);
  return { totalLoads: loads.total, activeLoads: loads.active, drivers, brokers, recentLoads: recent };
}

function ownedBy(userId: string) {
  return sql<boolean>`(loads.sales_user_id = ${userId} or loads.created_by = ${userId})`;
}
