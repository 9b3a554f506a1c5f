import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { LOAD_STATUSES, type LoadStatus } from '#shared/constants.js';
import { ANALYTICS_TOP, ANALYTICS_TOP_LANES, type AnalyticsReport } from '#shared/schemas/analytics.js';
import type { Database } from '../../db/schema.js';
import { readable, type Scope } from '../../db/scope.js';
import { revenueBasis, revenueOf, revenueSum } from './revenue.js';

type Db = Kysely<Database>;
export interface DateRange {
  /** First day, inclusive (UTC). */
  from: string;
  /** The day after the last, exclusive (UTC). */
  until: string;
}

const WEEK = sql`date_trunc('week', loads.created_at at time zone 'UTC')`;
const LANE = sql`loads.pickup_city, loads.pickup_state, loads.delivery_city, loads.delivery_state`;
/** Delivered with a delivery date; and delivered (the status last changed, or creation) on or before that date. */
const DATED = sql`(loads.status = 'delivered' and loads.delivery_date is not null)`;
const ON_TIME = sql`(loads.status = 'delivered'
  and (coalesce(loads.status_updated_at, loads.created_at) at time zone 'UTC')::date <= loads.delivery_date)`;

/** Which part of the report a row of the statement is. */
type Kind = 'total' | 'status' | 'week' | 'driver' | 'broker' | 'lane';

interface ReportRow {
  kind: Kind;
  status: LoadStatus | null;
  week: string | null;
  id: string | null;
  name: string | null;
  pickup: string | null;
  delivery: string | null;
  loads: string;
  revenue: string;
  average: string | null;
  delivered: string | null;
  dated: string | null;
  ontime: string | null;
  drivers: string | null;
  brokers: string | null;
}

/**
 * Analytics: every widget group from ONE statement and ONE pass over the loads the scope reads (a
 * sales user their own: My Performance) created within the range, an index-only scan of
 * loads_company_created_analytics_idx. The pass groups the rows four ways at once (GROUPING SETS):
 * cells of (status, week, dated, on time), which the statement rolls up into the totals, each
 * status and each week; each driver; each broker; each lane. The top 5 drivers and brokers (by
 * revenue, their current names) and lanes (by volume) are kept in SQL, so about 70 rows come back.
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
  // The covering index, never the table: with a year of a large company the two cost about the same
  // to the planner, which then picks a sequential scan of every company's loads (about 2x slower, measured).
  await sql`set local enable_seqscan = off`.execute(db);
  const pass = db
    .selectFrom('loads')
    .where(inRange)
    .select([
      sql<string>`case when grouping(loads.driver_id) = 0 then 'driver' when grouping(loads.broker_id) = 0 then 'broker'
        when grouping(${LANE}) = 0 then 'lane' else 'cell' end`.as('kind'),
      sql`loads.status`.as('status'),
      sql`${WEEK}`.as('week'),
      sql`${DATED}`.as('dated'),
      sql`${ON_TIME}`.as('ontime'),
      sql`coalesce(loads.driver_id, loads.broker_id)`.as('id'),
      sql`loads.pickup_city || ', ' || loads.pickup_state`.as('pickup'),
      sql`loads.delivery_city || ', ' || loads.delivery_state`.as('delivery'),
      sql`count(*)`.as('loads'),
      sql`coalesce(sum(loads.rate), 0)`.as('amount'),
      sql`count(loads.rate)`.as('priced'),
    ])
    .groupBy(sql`grouping sets ((loads.status, ${WEEK}, ${DATED}, ${ON_TIME}), (loads.driver_id), (loads.broker_id), (${LANE}))`);

  const topOf = (kind: 'driver' | 'broker') =>
    sql`(select ${sql.lit(kind)}, null, null, g.id, coalesce(${kind === 'driver' ? sql`p.first_name || ' ' || p.last_name` : sql`p.name`}, 'Unknown'),
        null, null, g.loads, ${revenueOf('g.amount')}, null, null, null, null, null, null
      from g left join ${sql.table(kind === 'driver' ? 'drivers' : 'brokers')} as p on p.id = g.id
      where g.kind = ${kind} and g.id is not null
      order by g.amount desc, 5, g.id limit ${sql.lit(ANALYTICS_TOP)})`;

  const { rows } = await sql<ReportRow>`
    with g as (${pass}),
    cells as (select * from g where g.kind = 'cell')
    (select case when grouping(c.status) = 0 then 'status' when grouping(c.week) = 0 then 'week' else 'total' end as kind,
        c.status, to_char(c.week, 'YYYY-MM-DD') as week, null::uuid as id, null as name, null as pickup, null as delivery,
        sum(c.loads) as loads, ${revenueSum('c.amount')} as revenue,
        coalesce(round(sum(c.amount) / nullif(sum(c.priced), 0), 2), 0)::numeric(14, 2)::text as average,
        coalesce(sum(c.loads) filter (where c.status = 'delivered'), 0) as delivered,
        coalesce(sum(c.loads) filter (where c.dated), 0) as dated,
        coalesce(sum(c.loads) filter (where c.dated and c.ontime), 0) as ontime,
        (select count(*) from g where g.kind = 'driver' and g.id is not null) as drivers,
        (select count(*) from g where g.kind = 'broker' and g.id is not null) as brokers
      from cells as c group by grouping sets ((c.status), (c.week), ()))
    union all ${topOf('driver')}
    union all ${topOf('broker')}
    union all (select 'lane', null, null, null, null, g.pickup, g.delivery, g.loads, ${revenueOf('g.amount')},
        null, null, null, null, null, null
      from g where g.kind = 'lane' order by g.loads desc, g.amount desc, g.pickup, g.delivery limit ${sql.lit(ANALYTICS_TOP_LANES)})
  `.execute(db);

  const n = Number;
  const of = (kind: Kind) => rows.filter((row) => row.kind === kind);
  const total = of('total')[0];
  // The statement picked the top 5s; UNION ALL does not promise their order, so they are put back in it here.
  const leaders = (kind: 'driver' | 'broker') =>
    of(kind)
      .map((row) => ({ id: row.id ?? '', name: row.name ?? 'Unknown', loads: n(row.loads), revenue: row.revenue }))
      .sort((a, b) => n(b.revenue) - n(a.revenue) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
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
      .map((row) => ({ pickup: row.pickup ?? '', delivery: row.delivery ?? '', loads: n(row.loads), revenue: row.revenue }))
      .sort(
        (a, b) =>
          b.loads - a.loads || n(b.revenue) - n(a.revenue) || a.pickup.localeCompare(b.pickup) || a.delivery.localeCompare(b.delivery),
      ),
  };
}
