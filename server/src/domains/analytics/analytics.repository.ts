import { sql, type Expression, type ExpressionBuilder, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { LOAD_STATUSES, type LoadStatus } from '#shared/constants.js';
import { ACTIVE_DRIVER_STATUSES, OPEN_LOAD_STATUSES, onTimeRate, utcToday } from '#shared/rules/figures.js';
import { ANALYTICS_TOP, ANALYTICS_TOP_LANES, type AnalyticsReport } from '#shared/schemas/analytics.js';
import type { Database } from '../../db/schema.js';
import { readable, seesOnlyOwn, type Scope } from '../../db/scope.js';
import { countsAsRevenue, earnsNoRevenue, revenueBasis, revenueOf, revenueSum } from './revenue.js';

type Db = Kysely<Database>;

/** The cells' figures, grouped by status, by week and in total: the same in the live pass and over the roll-ups (cells as c). */
const CELL_FIGURES = sql`case when grouping(c.status) = 0 then 'status' when grouping(c.week) = 0 then 'week' else 'total' end as kind,
        c.status, to_char(c.week, 'YYYY-MM-DD') as week, null::uuid as id, null as name, null as pickup, null as delivery,
        sum(c.loads) as loads, ${revenueSum('c.amount', 'c.status')} as revenue,
        coalesce(round(sum(c.amount) filter (where ${countsAsRevenue('c.status')})
          / nullif(sum(c.priced) filter (where ${countsAsRevenue('c.status')}), 0), 2), 0)::numeric(14, 2)::text as average,
        coalesce(sum(c.loads) filter (where c.status = 'delivered'), 0) as delivered,
        coalesce(sum(c.loads) filter (where c.dated), 0) as dated,
        coalesce(sum(c.loads) filter (where c.dated and c.ontime), 0) as ontime`;

export interface DateRange {
  /** First day, inclusive (UTC). */
  from: string;
  /** The day after the last, exclusive (UTC). */
  until: string;
}

const WEEK = sql`date_trunc('week', loads.created_at at time zone 'UTC')`;
/** The unit separator joining a lane's four parts in analytics_load_months.key (the migration's LANE_KEY). */
const SEPARATOR = sql`E'\\x1f'`;
const LANE_KEY = sql`c.pickup_city || ${SEPARATOR} || rtrim(c.pickup_state) || ${SEPARATOR} || c.delivery_city || ${SEPARATOR} || rtrim(c.delivery_state)`;
const LANE = sql`loads.pickup_city, loads.pickup_state, loads.delivery_city, loads.delivery_state`;
/**
 * Delivered with a delivery date; and delivered (the status last changed, or creation) on or before
 * that date: onTimeOf() in shared/src/rules/figures.ts (the roll-up's trigger counts the same). The
 * overdue loads that count against on-time are counted apart (overdueAndActive), live.
 */
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
export async function liveAnalyticsReport(db: Db, scope: Scope, range: DateRange, today = utcToday()): Promise<AnalyticsReport> {
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
      // Revenue only (not cancelled): the drivers', brokers' and lanes' revenue; the cells filter again by their status.
      sql`coalesce(sum(loads.rate) filter (where ${countsAsRevenue('loads.status')}), 0)`.as('amount'),
      sql`count(loads.rate) filter (where ${countsAsRevenue('loads.status')})`.as('priced'),
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
    (select ${CELL_FIGURES},
        (select count(*) from g where g.kind = 'driver' and g.id is not null) as drivers,
        (select count(*) from g where g.kind = 'broker' and g.id is not null) as brokers
      from cells as c group by grouping sets ((c.status), (c.week), ()))
    union all ${topOf('driver')}
    union all ${topOf('broker')}
    union all (select 'lane', null, null, null, null, g.pickup, g.delivery, g.loads, ${revenueOf('g.amount')},
        null, null, null, null, null, null
      from g where g.kind = 'lane' order by g.loads desc, g.amount desc, g.pickup, g.delivery limit ${sql.lit(ANALYTICS_TOP_LANES)})
  `.execute(db);
  const now = await overdueAndActive(db, readable(scope, 'loads'), readable(scope, 'drivers'), range, today);
  return shapeReport(range, rows, now);
}

/** What no roll-up can hold: the overdue loads created in the range (today decides), and the active drivers (now). */
interface NowFigures {
  overdue: number;
  activeDrivers: number;
}

/**
 * The loads created in the range that are overdue today (OPEN_LOAD_STATUSES, a delivery date
 * before today; on the (company_id, status, created_at) index: open loads only), and the active
 * drivers (ACTIVE_DRIVER_STATUSES) the reader reads. One statement, the status lists as parameters.
 */
async function overdueAndActive(
  db: Db,
  loadsFilter: (eb: ExpressionBuilder<Database, 'loads'>) => Expression<SqlBool>,
  driversFilter: (eb: ExpressionBuilder<Database, 'drivers'>) => Expression<SqlBool>,
  range: DateRange,
  today: string,
): Promise<NowFigures> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('loads')
        .select(eb.fn.countAll<number>().as('n'))
        .where(loadsFilter)
        .where('loads.status', 'in', OPEN_LOAD_STATUSES)
        .where('loads.deliveryDate', 'is not', null)
        .where(sql<boolean>`loads.delivery_date < ${today}::date`)
        .where('loads.createdAt', '>=', at(range.from))
        .where('loads.createdAt', '<', at(range.until))
        .as('overdue'),
      eb
        .selectFrom('drivers')
        .select(eb.fn.countAll<number>().as('n'))
        .where(driversFilter)
        .where('drivers.status', 'in', ACTIVE_DRIVER_STATUSES)
        .as('activeDrivers'),
    ])
    .executeTakeFirstOrThrow();
  return { overdue: Number(row.overdue ?? 0), activeDrivers: Number(row.activeDrivers ?? 0) };
}

/**
 * Analytics for a date range. A scope that reads the whole company (admins, treasury, a master
 * admin in their own company) reads the roll-ups (analyticsFromRollups); a sales user's My
 * Performance counts their own loads, which no per-company roll-up can tell apart, so it stays the
 * live pass over their loads (about a tenth of a large company's, well inside the budget).
 */
export async function analyticsReport(db: Db, scope: Scope, range: DateRange, today = utcToday()): Promise<AnalyticsReport> {
  if (seesOnlyOwn(scope, 'loads') || scope.readsCompanyId === null) return liveAnalyticsReport(db, scope, range, today);
  return analyticsFromRollups(db, scope.readsCompanyId, range, today);
}

const at = (day: string) => new Date(`${day}T00:00:00Z`);

/** The first day of the month of an ISO date, and of the month after it. */
const monthOf = (day: string) => `${day.slice(0, 7)}-01`;
const nextMonth = (day: string) => {
  const date = new Date(`${monthOf(day)}T00:00:00Z`);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
};

/**
 * Whole UTC months inside the range, [first, end), read from the monthly roll-up; and the days
 * before and after them (a custom range's partial months), read live. Every preset range is whole
 * months, so it reads the roll-ups only.
 */
export function splitRange(range: DateRange): { months: { first: string; end: string } | null; live: DateRange[] } {
  const first = range.from.endsWith('-01') ? range.from : nextMonth(range.from);
  const end = monthOf(range.until);
  if (first >= end) return { months: null, live: [range] };
  const live = [
    { from: range.from, until: first },
    { from: end, until: range.until },
  ].filter((part) => part.from < part.until);
  return { months: { first, end }, live };
}

/**
 * The same report as liveAnalyticsReport, in ONE statement over the roll-ups (migration
 * 2026-11-26T0200_analytics_rollup, kept by triggers on loads in the writing transaction; each key
 * spread over slots, one per writing connection, 2026-11-29T1600_analytics_rollup_slots, summed here):
 * - analytics_load_days, the company's cells of (day, status, delivered with a date, on time) in
 *   the range, rolled up into the totals, each status and each week (a year: a few thousand rows);
 * - analytics_load_months, the company's (month, driver | broker | lane) counts and revenue for
 *   the whole months of the range, plus the partial months' loads grouped live from the covering
 *   index, summed per driver, broker and lane: the active counts and the top 5s.
 */
export async function analyticsFromRollups(db: Db, companyId: string, range: DateRange, today = utcToday()): Promise<AnalyticsReport> {
  const { months, live } = splitRange(range);
  const parts: RawBuilder<unknown>[] = [];
  if (months)
    parts.push(sql`select m.kind, m.key, m.loads, m.amount from analytics_load_months as m
      where m.company_id = ${companyId} and m.month >= ${months.first}::date and m.month < ${months.end}::date`);
  if (live.length > 0) {
    const within = sql.join(
      live.map((part) => sql`(c.created_at >= ${at(part.from)} and c.created_at < ${at(part.until)})`),
      sql` or `,
    );
    parts.push(sql`select k.kind, k.key, count(*) as loads, coalesce(sum(c.rate), 0) as amount
      from loads as c
      cross join lateral (values ('driver', c.driver_id::text), ('broker', c.broker_id::text), ('lane', ${LANE_KEY})) as k (kind, key)
      where c.company_id = ${companyId} and k.key is not null and (${within})
      group by k.kind, k.key`);
  }
  // The monthly roll-up sums every load's rate: the rates of the range's loads that earn no revenue
  // (cancelled ones) are taken off again, read live (few rows, on the (company_id, status, created_at) index).
  parts.push(sql`select k.kind, k.key, 0 as loads, -coalesce(sum(c.rate), 0) as amount
    from loads as c
    cross join lateral (values ('driver', c.driver_id::text), ('broker', c.broker_id::text), ('lane', ${LANE_KEY})) as k (kind, key)
    where c.company_id = ${companyId} and k.key is not null and ${earnsNoRevenue('c.status')}
      and c.created_at >= ${at(range.from)} and c.created_at < ${at(range.until)}
    group by k.kind, k.key`);
  const leaderOf = (kind: 'driver' | 'broker') =>
    sql`(select ${sql.lit(kind)}, null, null, d.key::uuid, coalesce(${kind === 'driver' ? sql`p.first_name || ' ' || p.last_name` : sql`p.name`}, 'Unknown'),
        null, null, d.loads, ${revenueOf('d.amount')}, null, null, null, null, null, null
      from dims as d left join ${sql.table(kind === 'driver' ? 'drivers' : 'brokers')} as p on p.id = d.key::uuid and p.company_id = ${companyId}
      where d.kind = ${kind}
      order by d.amount desc, 5, d.key limit ${sql.lit(ANALYTICS_TOP)})`;

  const { rows } = await sql<ReportRow>`
    with dims as (
      select d.kind, d.key, sum(d.loads) as loads, sum(d.amount) as amount
      from (${sql.join(parts, sql` union all `)}) as d
      group by d.kind, d.key having sum(d.loads) > 0
    ),
    cells as (
      select c.status, date_trunc('week', c.day::timestamp) as week, c.dated, c.on_time as ontime,
        sum(c.loads) as loads, sum(c.priced) as priced, sum(c.amount) as amount
      from analytics_load_days as c
      where c.company_id = ${companyId} and c.day >= ${range.from}::date and c.day < ${range.until}::date
      group by c.status, c.day, c.dated, c.on_time having sum(c.loads) <> 0
    )
    (select ${CELL_FIGURES},
        (select count(*) from dims where dims.kind = 'driver') as drivers,
        (select count(*) from dims where dims.kind = 'broker') as brokers
      from cells as c group by grouping sets ((c.status), (c.week), ()))
    union all ${leaderOf('driver')}
    union all ${leaderOf('broker')}
    union all (select 'lane', null, null, null, null,
        split_part(d.key, ${SEPARATOR}, 1) || ', ' || split_part(d.key, ${SEPARATOR}, 2),
        split_part(d.key, ${SEPARATOR}, 3) || ', ' || split_part(d.key, ${SEPARATOR}, 4),
        d.loads, ${revenueOf('d.amount')}, null, null, null, null, null, null
      from dims as d where d.kind = 'lane' order by d.loads desc, d.amount desc, 6, 7 limit ${sql.lit(ANALYTICS_TOP_LANES)})
  `.execute(db);
  const now = await overdueAndActive(
    db,
    (eb) => eb('loads.companyId', '=', companyId),
    (eb) => eb('drivers.companyId', '=', companyId),
    range,
    today,
  );
  return shapeReport(range, rows, now);
}

/** The statement's rows as the report: the live pass and the roll-ups return the same rows. */
function shapeReport(range: DateRange, rows: ReportRow[], now: NowFigures): AnalyticsReport {
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
      activeDrivers: now.activeDrivers,
      driversOnLoads: n(total?.drivers ?? 0),
      activeBrokers: n(total?.brokers ?? 0),
      deliveredWithDate: dated,
      deliveredOnTime: onTime,
      overdueLoads: now.overdue,
      onTimeRate: onTimeRate(onTime, dated + now.overdue),
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
