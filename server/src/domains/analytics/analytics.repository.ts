import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { LOAD_STATUSES } from '#shared/constants.js';
import { ANALYTICS_TOP, ANALYTICS_TOP_LANES, type AnalyticsReport } from '#shared/schemas/analytics.js';
import type { Database } from '../../db/schema.js';
import { readable, type Scope } from '../../db/scope.js';
import { revenueBasis, revenueSum } from './revenue.js';

type Db = Kysely<Database>;
export interface DateRange {
  /** First day, inclusive (UTC). */
  from: string;
  /** The day after the last, exclusive (UTC). */
  until: string;
}

/**
 * Analytics: every figure in SQL, one statement per widget group, over the loads the scope reads
 * (a sales user their own: My Performance) created within the range (index company_id, created_at).
 */
export async function analyticsReport(db: Db, scope: Scope, range: DateRange): Promise<AnalyticsReport> {
  const inRange = (eb: ExpressionBuilder<Database, 'loads'>) =>
    eb.and([
      readable(scope, 'loads')(eb),
      eb('loads.createdAt', '>=', new Date(`${range.from}T00:00:00Z`)),
      eb('loads.createdAt', '<', new Date(`${range.until}T00:00:00Z`)),
    ]);
  const loads = () => db.selectFrom('loads').where(inRange);

  const overview = await loads()
    .select((eb) => [
      revenueSum().as('totalRevenue'),
      sql<string>`coalesce(round(avg(loads.rate), 2), 0)::numeric(14, 2)::text`.as('averagePerLoad'),
      eb.fn.countAll<string>().as('totalLoads'),
      eb.fn.countAll<string>().filterWhere('loads.status', '=', 'delivered').as('completedLoads'),
      sql<string>`count(distinct loads.driver_id)`.as('activeDrivers'),
      sql<string>`count(distinct loads.broker_id)`.as('activeBrokers'),
      sql<string>`count(*) filter (where loads.status = 'delivered' and loads.delivery_date is not null)`.as('deliveredWithDate'),
      sql<string>`count(*) filter (where loads.status = 'delivered' and loads.delivery_date is not null
        and (coalesce(loads.status_updated_at, loads.created_at) at time zone 'UTC')::date <= loads.delivery_date)`.as('deliveredOnTime'),
    ])
    .executeTakeFirstOrThrow();

  const byStatus = await loads()
    .select((eb) => ['loads.status', eb.fn.countAll<string>().as('loads'), revenueSum().as('revenue')])
    .groupBy('loads.status')
    .execute();
  // In the order of a load's life (pending first), not alphabetically.
  byStatus.sort((a, b) => LOAD_STATUSES.indexOf(a.status) - LOAD_STATUSES.indexOf(b.status));

  const leaders = (column: 'driverId' | 'brokerId', name: 'driverName' | 'brokerName', kind: string) =>
    loads()
      .select((eb) => [
        sql.lit(kind).as('kind'),
        sql<string>`loads.${sql.ref(column)}::text`.as('id'),
        sql<string>`coalesce(max(${sql.ref(`loads.${name}`)}), 'Unknown')`.as('name'),
        eb.fn.countAll<string>().as('loads'),
        revenueSum().as('revenue'),
      ])
      .where(`loads.${column}`, 'is not', null)
      .groupBy(`loads.${column}`)
      .orderBy(sql`coalesce(sum(loads.rate), 0)`, 'desc')
      .orderBy(sql`max(${sql.ref(`loads.${name}`)})`)
      .limit(ANALYTICS_TOP);
  const leaderRows = await db
    .selectFrom(leaders('driverId', 'driverName', 'driver').as('d'))
    .selectAll()
    .unionAll(db.selectFrom(leaders('brokerId', 'brokerName', 'broker').as('b')).selectAll())
    .execute();

  const weekly = await loads()
    .select((eb) => [
      sql<string>`to_char(date_trunc('week', loads.created_at at time zone 'UTC'), 'YYYY-MM-DD')`.as('week'),
      eb.fn.countAll<string>().as('loads'),
      revenueSum().as('revenue'),
    ])
    .groupBy(sql`1`)
    .orderBy(sql`1`)
    .execute();

  const lanes = await loads()
    .select((eb) => [
      sql<string>`loads.pickup_city || ', ' || loads.pickup_state`.as('pickup'),
      sql<string>`loads.delivery_city || ', ' || loads.delivery_state`.as('delivery'),
      eb.fn.countAll<string>().as('loads'),
      revenueSum().as('revenue'),
    ])
    .groupBy(['loads.pickupCity', 'loads.pickupState', 'loads.deliveryCity', 'loads.deliveryState'])
    .orderBy(sql`count(*)`, 'desc')
    .orderBy(sql`1`)
    .orderBy(sql`2`)
    .limit(ANALYTICS_TOP_LANES)
    .execute();

  const n = Number;
  const deliveredWithDate = n(overview.deliveredWithDate);
  const deliveredOnTime = n(overview.deliveredOnTime);
  const leader = (row: (typeof leaderRows)[number]) => ({ id: row.id, name: row.name, loads: n(row.loads), revenue: row.revenue });
  return {
    range,
    revenueBasis: revenueBasis(),
    overview: {
      totalRevenue: overview.totalRevenue,
      averagePerLoad: overview.averagePerLoad,
      totalLoads: n(overview.totalLoads),
      completedLoads: n(overview.completedLoads),
      activeDrivers: n(overview.activeDrivers),
      activeBrokers: n(overview.activeBrokers),
      deliveredWithDate,
      deliveredOnTime,
      onTimeRate: deliveredWithDate === 0 ? null : Math.round((deliveredOnTime / deliveredWithDate) * 100),
    },
    byStatus: byStatus.map((row) => ({ status: row.status, loads: n(row.loads), revenue: row.revenue })),
    topDrivers: leaderRows.filter((row) => row.kind === 'driver').map(leader),
    topBrokers: leaderRows.filter((row) => row.kind === 'broker').map(leader),
    weekly: weekly.map((row) => ({ week: row.week, loads: n(row.loads), revenue: row.revenue })),
    topLanes: lanes.map((row) => ({ pickup: row.pickup, delivery: row.delivery, loads: n(row.loads), revenue: row.revenue })),
  };
}
