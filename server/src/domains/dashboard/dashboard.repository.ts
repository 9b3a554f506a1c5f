import { sql, type Kysely } from 'kysely';
import { ACTIVE_LOAD_STATUSES } from '#shared/constants.js';
import { ACTIVE_DRIVER_STATUSES, conversionRate, REVENUE_LOAD_STATUSES } from '#shared/rules/figures.js';
import {
  DASHBOARD_RECENT_LOADS,
  DISPATCH_ACTIVE_LOADS,
  DISPATCH_DRIVER_LOCATIONS,
  SALES_DASHBOARD_LOADS,
  type DashboardSummary,
  type DispatchDashboard,
  type SalesDashboard,
} from '#shared/schemas/dashboard.js';
import type { Database } from '../../db/schema.js';
import { readable, type Scope } from '../../db/scope.js';
import { isoTimestamp, isoTimestampOrNull } from '../../db/sql.js';

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

const DASHBOARD_LOAD_COLUMNS = [
  'loads.id',
  'loads.loadNumber',
  'loads.pickupCity',
  'loads.pickupState',
  'loads.deliveryCity',
  'loads.deliveryState',
  'loads.driverName',
  'loads.brokerName',
  'loads.status',
  'loads.rate',
] as const;

/** The latest active loads (assigned, picked, in transit) the scope reads, newest first. */
function latestActiveLoads(db: Db, scope: Scope, limit: number) {
  return db
    .selectFrom('loads')
    .select(DASHBOARD_LOAD_COLUMNS)
    .select(isoTimestamp('loads.createdAt').as('createdAt'))
    .where(readable(scope, 'loads'))
    .where('loads.status', 'in', ACTIVE_LOAD_STATUSES)
    .orderBy('loads.createdAt', 'desc')
    .orderBy('loads.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * The Sales Dashboard: Carriers Onboarded and Drivers Onboarded (the user's own, sales_agent_id),
 * the Conversion Rate (of those drivers, the active ones: shared/src/rules/figures.ts), My Commission (the shared rule, per load rounded to the cent,
 * summed over the loads the user sells that are not cancelled) and My Active Loads. The four
 * counters are one statement; the loads a second. See docs/dashboards.md.
 */
export async function salesDashboard(db: Db, scope: Scope): Promise<SalesDashboard> {
  const counters = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('carriers').select(eb.fn.countAll<number>().as('n')).where(readable(scope, 'carriers')).as('carriersOnboarded'),
      eb.selectFrom('drivers').select(eb.fn.countAll<number>().as('n')).where(readable(scope, 'drivers')).as('driversOnboarded'),
      eb
        .selectFrom('drivers')
        .select(eb.fn.countAll<number>().as('n'))
        .where(readable(scope, 'drivers'))
        .where('drivers.status', 'in', ACTIVE_DRIVER_STATUSES)
        .as('convertedDrivers'),
      eb
        .selectFrom('loads')
        .select(
          sql<string>`coalesce(sum(round(loads.rate * coalesce(loads.sales_percentage, 0) / 100, 2)), 0)::numeric(14, 2)::text`.as('c'),
        )
        .where('loads.companyId', '=', scope.companyId)
        .where('loads.salesUserId', '=', scope.userId)
        .where('loads.status', 'in', REVENUE_LOAD_STATUSES)
        .as('commission'),
    ])
    .executeTakeFirstOrThrow();
  const driversOnboarded = Number(counters.driversOnboarded ?? 0);
  const convertedDrivers = Number(counters.convertedDrivers ?? 0);
  return {
    carriersOnboarded: Number(counters.carriersOnboarded ?? 0),
    driversOnboarded,
    convertedDrivers,
    conversionRate: conversionRate(convertedDrivers, driversOnboarded),
    commission: counters.commission ?? '0.00',
    activeLoads: await latestActiveLoads(db, scope, SALES_DASHBOARD_LOADS),
  };
}

/**
 * The Dispatch Dashboard: Active Loads, Available Drivers, In Transit and Pending WIP in one
 * statement, then the latest active loads with driver and broker names, and the drivers whose
 * location was reported last (never-reported ones after them).
 */
export async function dispatchDashboard(db: Db, scope: Scope): Promise<DispatchDashboard> {
  const counters = await db
    .selectNoFrom((eb) => [
      // Counted on (company_id, status, ...): only the active loads are read, not the whole company's.
      eb
        .selectFrom('loads')
        .select(eb.fn.countAll<number>().as('n'))
        .where(readable(scope, 'loads'))
        .where('loads.status', 'in', ACTIVE_LOAD_STATUSES)
        .as('activeLoads'),
      eb
        .selectFrom('loads')
        .select(eb.fn.countAll<number>().as('n'))
        .where(readable(scope, 'loads'))
        .where('loads.status', '=', 'in_transit')
        .as('inTransit'),
      eb
        .selectFrom('drivers')
        .select(eb.fn.countAll<number>().as('n'))
        .where(readable(scope, 'drivers'))
        .where('drivers.status', '=', 'available')
        .as('availableDrivers'),
      eb
        .selectFrom('wipAssignments')
        .select(eb.fn.countAll<number>().as('n'))
        .where(readable(scope, 'wipAssignments'))
        .where('wipAssignments.status', '=', 'pending')
        .as('pendingWip'),
    ])
    .executeTakeFirstOrThrow();
  const activeLoadList = await latestActiveLoads(db, scope, DISPATCH_ACTIVE_LOADS);
  const driverLocations = await db
    .selectFrom('drivers')
    .select([
      'drivers.id',
      sql<string>`drivers.first_name || ' ' || drivers.last_name`.as('name'),
      'drivers.status',
      sql<string | null>`drivers.current_location_lat::text`.as('lat'),
      sql<string | null>`drivers.current_location_lng::text`.as('lng'),
      isoTimestampOrNull('drivers.lastLocationUpdate').as('lastLocationUpdate'),
    ])
    .where(readable(scope, 'drivers'))
    .orderBy(sql`drivers.last_location_update desc nulls last`)
    .orderBy('drivers.id', 'desc')
    .limit(DISPATCH_DRIVER_LOCATIONS)
    .execute();
  return {
    activeLoads: Number(counters.activeLoads ?? 0),
    availableDrivers: Number(counters.availableDrivers ?? 0),
    inTransit: Number(counters.inTransit ?? 0),
    pendingWip: Number(counters.pendingWip ?? 0),
    activeLoadList,
    driverLocations,
  };
}
