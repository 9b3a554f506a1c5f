import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Scope } from '../../db/scope.js';
import { type Gap, MilesAccumulator, type TrackPoint } from './miles.js';

type Db = Kysely<Database>;

/**
 * The per-day roll-ups of IFTA miles (issue 31, item 5; docs/ifta.md): ifta_daily (miles per
 * truck per UTC day per jurisdiction) and ifta_gaps (gaps over 50 miles to review).
 *
 * - `rollUpTruckDays` recomputes a truck's days from truck_positions() (the positions of whoever
 *   drove it then), read a week at a time, so a quarter is never all in memory; then replaces the range's rows. A segment's miles count on the day its
 *   later position was recorded (UTC), so the position just before the range is read too.
 *   It then moves the cursors of the drivers it counted past what it read, so the live path does
 *   not count those positions again.
 * - `rollUpNewPositions` is the ingest's cheap path, run by the `ifta-rollup` job the ingest queues
 *   (rollup-tasks.ts): per driver it keeps the last position counted
 *   (ifta_driver_cursor), adds the new segments' miles to the days' rows with one upsert, and never
 *   reads the track again. Positions older than the cursor are left to a rebuild.
 */

interface PositionRow {
  /** Milliseconds since the epoch. */
  ms: number;
  lat: number;
  lng: number;
}

function dayStart(day: string): string {
  return `${day}T00:00:00Z`;
}

function addDays(day: string, days: number): string {
  const date = new Date(dayStart(day));
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const nextDay = (day: string) => addDays(day, 1);

/** The days of positions read per call to truck_positions(). */
const WINDOW_DAYS = 7;

/**
 * The truck's positions in [from, to) (one window: a week), coordinates as float8 and the instant
 * as epoch milliseconds, so no Date or decimal is parsed per row. A window per call keeps memory
 * bounded and reads each position once (a keyset with LIMIT over truck_positions() re-read the
 * rest of the range on every chunk: twice as slow in bench/ifta.ts).
 */
async function readWindow(db: Db, companyId: string, truckId: string, from: string, to: string): Promise<PositionRow[]> {
  const result = await sql<PositionRow>`
    select extract(epoch from recorded_at)::float8 * 1000 as ms, lat::float8 as lat, lng::float8 as lng
    from truck_positions(${companyId}::uuid, ${truckId}::uuid, ${from}::timestamptz, ${to}::timestamptz)
  `.execute(db);
  return result.rows;
}

async function positionBefore(db: Db, companyId: string, truckId: string, at: string): Promise<TrackPoint | null> {
  const result = await sql<{ recordedAt: Date; lat: number; lng: number }>`
    select recorded_at as "recordedAt", lat::float8 as lat, lng::float8 as lng
    from truck_positions(${companyId}::uuid, ${truckId}::uuid, ${at}::timestamptz - interval '1 day', ${at}::timestamptz)
    order by recorded_at desc
    limit 1
  `.execute(db);
  return result.rows[0] ?? null;
}

function gapRow(companyId: string, truckId: string, gap: Gap) {
  return {
    companyId,
    truckId,
    startedAt: gap.startedAt,
    endedAt: gap.endedAt,
    miles: gap.miles.toFixed(2),
    fromJurisdiction: gap.fromJurisdiction,
    toJurisdiction: gap.toJurisdiction,
    fromLat: gap.fromLat.toFixed(6),
    fromLng: gap.fromLng.toFixed(6),
    toLat: gap.toLat.toFixed(6),
    toLng: gap.toLng.toFixed(6),
  };
}

function dailyRows(companyId: string, truckId: string, days: Map<string, Map<string, number>>) {
  const rows: { companyId: string; truckId: string; day: string; jurisdiction: string; miles: string }[] = [];
  for (const [day, totals] of days) {
    for (const [jurisdiction, miles] of totals) {
      const text = miles.toFixed(3);
      if (text !== '0.000') rows.push({ companyId, truckId, day, jurisdiction, miles: text });
    }
  }
  return rows;
}

const INSERT_BATCH = 1_000;

/**
 * A company's roll-ups are written by one transaction at a time: a rebuild's truck (which replaces
 * days and moves cursors) and a live job (which adds to days past a cursor) would otherwise read
 * each other's half-done work and count a stretch twice or not at all. Both are short (a truck's
 * quarter, a driver's batch), so the others wait on this transaction-scoped advisory lock.
 */
async function lockCompanyRollups(db: Db, companyId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`ifta-rollups:${companyId}`}::text, 0))`.execute(db);
}

/**
 * Recomputes ifta_daily and ifta_gaps for one truck's days from..to (inclusive, UTC dates) from
 * its positions. Returns how many positions it read and day rows it wrote.
 */
export async function rollUpTruckDays(
  db: Db,
  scope: Pick<Scope, 'companyId'>,
  truckId: string,
  from: string,
  to: string,
): Promise<{ positions: number; days: number }> {
  const { companyId } = scope;
  await lockCompanyRollups(db, companyId);
  const start = dayStart(from);
  const end = dayStart(nextDay(to));
  const accumulator = new MilesAccumulator(await positionBefore(db, companyId, truckId, start));
  let positions = 0;
  let lastMs = -Infinity;
  // A week at a time (truck_positions() returns each window in time order; at one position per
  // 15 s a week is 40,320 positions a driver).
  for (let day = from; day <= to; day = addDays(day, WINDOW_DAYS)) {
    const until = addDays(day, WINDOW_DAYS) < end.slice(0, 10) ? addDays(day, WINDOW_DAYS) : end.slice(0, 10);
    const rows = await readWindow(db, companyId, truckId, dayStart(day), dayStart(until));
    for (const row of rows) accumulator.addAt(row.ms, row.lat, row.lng);
    positions += rows.length;
    const last = rows.at(-1);
    if (last) lastMs = last.ms;
  }

  await db
    .deleteFrom('iftaDaily')
    .where('companyId', '=', companyId)
    .where('truckId', '=', truckId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .execute();
  await db
    .deleteFrom('iftaGaps')
    .where('companyId', '=', companyId)
    .where('truckId', '=', truckId)
    .where('endedAt', '>=', new Date(start))
    .where('endedAt', '<', new Date(end))
    .execute();
  const rows = dailyRows(companyId, truckId, accumulator.days);
  for (let i = 0; i < rows.length; i += INSERT_BATCH)
    await db
      .insertInto('iftaDaily')
      .values(rows.slice(i, i + INSERT_BATCH))
      .execute();
  const gaps = accumulator.gaps.filter((gap) => gap.endedAt.getTime() >= new Date(start).getTime());
  if (gaps.length > 0) {
    await db
      .insertInto('iftaGaps')
      .values(gaps.map((gap) => gapRow(companyId, truckId, gap)))
      .onConflict((conflict) => conflict.columns(['companyId', 'truckId', 'startedAt']).doNothing())
      .execute();
  }
  if (positions > 0) await moveCursorsPast(db, companyId, truckId, start, new Date(lastMs).toISOString());
  return { positions, days: rows.length };
}

/**
 * After a rebuild: each driver of the truck in the range has its cursor (ifta_driver_cursor) moved
 * to its newest position the rebuild counted (never back), so the live roll-up
 * (rollup-tasks.ts) does not count those positions again. One index probe per assignment.
 */
async function moveCursorsPast(db: Db, companyId: string, truckId: string, from: string, lastRead: string): Promise<void> {
  await sql`
    insert into ifta_driver_cursor (company_id, driver_id, recorded_at, lat, lng)
    select distinct on (a.driver_id) a.company_id, a.driver_id, p.recorded_at, p.lat, p.lng
    from truck_assignments a
    cross join lateral (
      select p.recorded_at, p.lat, p.lng
      from positions p
      where p.company_id = a.company_id and p.driver_id = a.driver_id
        and p.recorded_at >= greatest(a.starts_at, ${from}::timestamptz)
        and p.recorded_at < coalesce(a.ends_at, 'infinity'::timestamptz)
        and p.recorded_at <= ${lastRead}::timestamptz
      order by p.recorded_at desc
      limit 1
    ) p
    where a.company_id = ${companyId}::uuid and a.truck_id = ${truckId}::uuid
      and a.starts_at <= ${lastRead}::timestamptz and coalesce(a.ends_at, 'infinity'::timestamptz) > ${from}::timestamptz
    order by a.driver_id, p.recorded_at desc
    on conflict (company_id, driver_id) do update
      set recorded_at = excluded.recorded_at, lat = excluded.lat, lng = excluded.lng
      where ifta_driver_cursor.recorded_at < excluded.recorded_at`.execute(db);
}

/**
 * Adds a driver's newly ingested positions to the roll-ups: the segments from the last position
 * counted for the driver (ifta_driver_cursor) through these, each counted for the truck the driver
 * drove when it ended (truck_assignments); a segment across a change of truck is not counted.
 * Positions at or before the cursor are skipped (a late batch: the next rebuild counts them).
 */
export async function rollUpNewPositions(
  db: Db,
  scope: Pick<Scope, 'companyId'>,
  driverId: string,
  positions: readonly TrackPoint[],
): Promise<{ counted: number }> {
  const { companyId } = scope;
  if (positions.length === 0) return { counted: 0 };
  await lockCompanyRollups(db, companyId);
  const sorted = [...positions].sort((a, b) => a.recordedAt.getTime() - b.recordedAt.getTime());
  const cursor = await db
    .selectFrom('iftaDriverCursor')
    .select(['recordedAt', 'lat', 'lng'])
    .where('companyId', '=', companyId)
    .where('driverId', '=', driverId)
    .executeTakeFirst();
  const fresh = cursor ? sorted.filter((point) => point.recordedAt.getTime() > cursor.recordedAt.getTime()) : sorted;
  if (fresh.length === 0) return { counted: 0 };
  const first = cursor ? cursor.recordedAt : (fresh[0] as TrackPoint).recordedAt;
  const last = (fresh.at(-1) as TrackPoint).recordedAt;
  const assignments = await db
    .selectFrom('truckAssignments')
    .select(['truckId', 'startsAt', 'endsAt'])
    .where('companyId', '=', companyId)
    .where('driverId', '=', driverId)
    .where('startsAt', '<=', last)
    .where((eb) => eb.or([eb('endsAt', 'is', null), eb('endsAt', '>', first)]))
    .execute();
  const truckAt = (at: Date): string | null => {
    const time = at.getTime();
    const assignment = assignments.find((a) => a.startsAt.getTime() <= time && (a.endsAt === null || a.endsAt.getTime() > time));
    return assignment?.truckId ?? null;
  };

  // Runs of consecutive positions in one truck; a run continues from the previous position when
  // that one was in the same truck.
  const runs: { truckId: string; accumulator: MilesAccumulator }[] = [];
  let previous: TrackPoint | null = cursor ? { recordedAt: cursor.recordedAt, lat: Number(cursor.lat), lng: Number(cursor.lng) } : null;
  let previousTruck = previous ? truckAt(previous.recordedAt) : null;
  let run: { truckId: string; accumulator: MilesAccumulator } | null = null;
  for (const point of fresh) {
    const truck = truckAt(point.recordedAt);
    if (truck && (!run || run.truckId !== truck || previousTruck !== truck)) {
      run = { truckId: truck, accumulator: new MilesAccumulator(previousTruck === truck ? previous : null) };
      runs.push(run);
    }
    if (truck && run) run.accumulator.add(point);
    previous = point;
    previousTruck = truck;
  }
  const perTruck = new Map<string, MilesAccumulator>();
  for (const { truckId, accumulator } of runs) perTruck.set(truckId, mergeInto(perTruck.get(truckId), accumulator));

  for (const [truckId, accumulator] of perTruck) {
    const rows = dailyRows(companyId, truckId, accumulator.days);
    if (rows.length > 0) {
      await db
        .insertInto('iftaDaily')
        .values(rows)
        .onConflict((conflict) =>
          conflict.columns(['companyId', 'truckId', 'day', 'jurisdiction']).doUpdateSet({ miles: sql`ifta_daily.miles + excluded.miles` }),
        )
        .execute();
    }
    if (accumulator.gaps.length > 0) {
      await db
        .insertInto('iftaGaps')
        .values(accumulator.gaps.map((gap) => gapRow(companyId, truckId, gap)))
        .onConflict((conflict) => conflict.columns(['companyId', 'truckId', 'startedAt']).doNothing())
        .execute();
    }
  }
  const newest = fresh.at(-1) as TrackPoint;
  await db
    .insertInto('iftaDriverCursor')
    .values({ companyId, driverId, recordedAt: newest.recordedAt, lat: newest.lat.toFixed(6), lng: newest.lng.toFixed(6) })
    .onConflict((conflict) =>
      conflict
        .columns(['companyId', 'driverId'])
        .doUpdateSet({ recordedAt: newest.recordedAt, lat: newest.lat.toFixed(6), lng: newest.lng.toFixed(6) }),
    )
    .execute();
  return { counted: fresh.length };
}

/** A truck's runs added up in one accumulator. */
function mergeInto(existing: MilesAccumulator | undefined, run: MilesAccumulator): MilesAccumulator {
  if (!existing || existing === run) return run;
  for (const [day, totals] of run.days) {
    let into = existing.days.get(day);
    if (!into) existing.days.set(day, (into = new Map()));
    for (const [j, miles] of totals) into.set(j, (into.get(j) ?? 0) + miles);
  }
  existing.gaps.push(...run.gaps);
  run.days.clear();
  run.gaps.length = 0;
  return existing;
}
