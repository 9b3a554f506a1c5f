import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { LOAD_STATUSES, type LoadStatus } from '#shared/constants.js';
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

const WEEK = sql`date_trunc('week', loads.created_at at time zone 'UTC')`;
const LANE = sql`loads.pickup_city, loads.pickup_state, loads.delivery_city, loads.delivery_state`;

/** Which grouping set a row of the statement belongs to. */
type Kind = 'total' | 'status' | 'driver' | 'broker' | 'week' | 'lane';

/**
 * Analytics: every widget group from ONE statement, one pass over the loads the scope reads (a
 * sales user their own: My Performance) created within the range (index company_id, created_at):
 * GROUPING SETS give the totals, each status, each driver, each broker, each week and each lane;
 * a window keeps the top 5 drivers, brokers (by revenue) and lanes (by volume) in SQL.
 */
export async function analyticsReport(db: Db, scope: Scope, range: DateRange): Promise<AnalyticsReport> {
  const inRange = (eb: ExpressionBuilder<Database, 'loads'>) =>
    eb.and([
      readable(scope, 'loads')(eb),
      eb('loads.createdAt', '>=', new Date(`${range.from}T00:00:00Z`)),
      eb('loads.createdAt', '<', new Date(`${range.until}T00:00:00Z`)),
    ]);

  // Room to hash every grouping set in memory (a year of a large company's loads), for this transaction only.
  await sql`set local work_mem = '16MB'`.execute(db);
  const grouped = db
    .selectFrom('loads')
    .where(inRange)
    .select([
      sql<Kind>`case
        when grouping(loads.status) = 0 then 'status'
        when grouping(loads.driver_id) = 0 then 'driver'
        when grouping(loads.broker_id) = 0 then 'broker'
        when grouping(${WEEK}) = 0 then 'week'
        when grouping(${LANE}) = 0 then 'lane'
        else 'total' end`.as('kind'),
      sql<LoadStatus | null>`loads.status`.as('status'),
      sql<string | null>`coalesce(loads.driver_id, loads.broker_id)::text`.as('id'),
      sql<string | null>`case when grouping(loads.driver_id) = 0 then max(loads.driver_name)
        when grouping(loads.broker_id) = 0 then max(loads.broker_name) end`.as('name'),
      sql<string | null>`to_char(${WEEK}, 'YYYY-MM-DD')`.as('week'),
      sql<string | null>`loads.pickup_city || ', ' || loads.pickup_state`.as('pickup'),
      sql<string | null>`loads.delivery_city || ', ' || loads.delivery_state`.as('delivery'),
      sql<string>`count(*)`.as('loads'),
      sql<string>`coalesce(sum(loads.rate), 0)`.as('amount'),
      revenueSum().as('revenue'),
      sql<string>`coalesce(round(avg(loads.rate), 2), 0)::numeric(14, 2)::text`.as('average'),
      sql<string>`count(*) filter (where loads.status = 'delivered')`.as('delivered'),
      sql<string>`count(*) filter (where loads.status = 'delivered' and loads.delivery_date is not null)`.as('dated'),
      sql<string>`count(*) filter (where loads.status = 'delivered' and loads.delivery_date is not null
        and (coalesce(loads.status_updated_at, loads.created_at) at time zone 'UTC')::date <= loads.delivery_date)`.as('ontime'),
    ])
    .groupBy(sql`grouping sets ((loads.status), (loads.driver_id), (loads.broker_id), (${WEEK}), (${LANE}), ())`);

  const ranked = db
    .selectFrom(grouped.as('g'))
    .selectAll('g')
    .select([
      sql<number>`row_number() over (partition by g.kind order by
        case when g.kind = 'lane' then g.loads end desc nulls last, g.amount desc, g.name, g.pickup, g.delivery, g.id)`.as('rank'),
      // Distinct drivers and brokers on the loads: their groups, less the one of loads without.
      sql<string>`count(*) filter (where g.kind = 'driver' and g.id is not null) over ()`.as('drivers'),
      sql<string>`count(*) filter (where g.kind = 'broker' and g.id is not null) over ()`.as('brokers'),
    ]);
  const rows = await db
    .selectFrom(ranked.as('r'))
    .selectAll('r')
    .where((eb) =>
      eb.or([
        eb('r.kind', 'in', ['total', 'status', 'week']),
        eb.and([eb('r.kind', 'in', ['driver', 'broker']), eb('r.id', 'is not', null), eb('r.rank', '<=', ANALYTICS_TOP + 1)]),
        eb.and([eb('r.kind', '=', 'lane'), eb('r.rank', '<=', ANALYTICS_TOP_LANES)]),
      ]),
    )
    .execute();

  const n = Number;
  const of = (kind: Kind) => rows.filter((row) => row.kind === kind);
  const total = of('total')[0];
  // Drivers and brokers: the unassigned loads' group (id null) is dropped, then the top 5 in rank order.
  const leaders = (kind: 'driver' | 'broker') =>
    of(kind)
      .filter((row) => row.id !== null)
      .sort((a, b) => n(a.rank) - n(b.rank))
      .slice(0, ANALYTICS_TOP)
      .map((row) => ({ id: row.id ?? '', name: row.name ?? 'Unknown', loads: n(row.loads), revenue: row.revenue }));
  const dated = n(total?.dated ?? 0);
  const onTime = n(total?.ontime ?? 0);
  return {
    range,
    revenueBasis: revenueBasis(),
    overview: {
      totalRevenue: total?.revenue ?? '0.00',
      averagePerLoad: total?.average ?? '0.00',
      totalLoads: n(total?.loads ?? 0),
      completedLoads: n(total?.delivered ?? 0),
      activeDrivers: n(total?.drivers ?? 0),
      activeBrokers: n(total?.brokers ?? 0),
      deliveredWithDate: dated,
      deliveredOnTime: onTime,
      onTimeRate: dated === 0 ? null : Math.round((onTime / dated) * 100),
    },
    byStatus: of('status')
      .map((row) => ({ status: row.status as LoadStatus, loads: n(row.loads), revenue: row.revenue }))
      .sort((a, b) => LOAD_STATUSES.indexOf(a.status) - LOAD_STATUSES.indexOf(b.status)),
    topDrivers: leaders('driver'),
    topBrokers: leaders('broker'),
    weekly: of('week')
      .map((row) => ({ week: row.week ?? '', loads: n(row.loads), revenue: row.revenue }))
      .sort((a, b) => a.week.localeCompare(b.week)),
    topLanes: of('lane')
      .sort((a, b) => n(a.rank) - n(b.rank))
      .map((row) => ({ pickup: row.pickup ?? '', delivery: row.delivery ?? '', loads: n(row.loads), revenue: row.revenue })),
  };
}
