import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Scope } from '../../db/scope.js';
import { type Gap, MilesAccumulator, type TrackPoint } from './miles.js';

type Db = Kysely<Database>;

/**
 * The per-day roll-ups of IFTA miles (issue 31, item 5; docs/ifta.md): ifta_daily (miles per
 * truck per UTC day per jurisdiction) and ifta_gaps (gaps over 50 miles to review).
 *
 * - `rollUpTruckDays` recomputes a truck's days from the positions of whoever drove it then (as
 *   truck_positions() joins them), streamed a few days at a time through a cursor, so a quarter is
 *   never all in memory; then replaces the range's rows. A segment's miles count on the day its
 *   later position was recorded (UTC), so the position just before the range is read too.
 *   It then moves the cursors of the drivers it counted past what it read, so the live path does
 *   not count those positions again.
 * - `rollUpNewPositions` is the ingest's cheap path, run by the `ifta-rollup` job the ingest queues
 *   (rollup-tasks.ts): per driver it keeps the last position counted
 *   (ifta_driver_cursor), adds the new segments' miles to the days' rows with one upsert, and never
 *   reads the track again. Positions older than the cursor are left to a rebuild.
 */

function dayStart(day: string): string {
  return `${day}T00:00:00Z`;
}

function addDays(day: string, days: number): string {
  const date = new Date(dayStart(day));
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const nextDay = (day: string) => addDays(day, 1);

/** Windows of 24 hours of a driver's track fetched per round trip from a rebuild's cursor. */
const FETCH_WINDOWS = 4;
const DAY_MS = 86_400_000;
const CURSOR = 'ifta_rebuild_positions';

interface Stretch {
  driverId: string;
  /** The stretch of the assignment inside the range asked for (ISO instants, [from, to)). */
  from: string;
  to: string;
}

/**
 * The truck's assignments overlapping [from, to), each clipped to it, in time order (a truck's
 * assignments never overlap: truck_assignments_no_overlap), as truck_positions() joins them.
 */
async function stretches(db: Db, companyId: string, truckId: string, from: string, to: string): Promise<Stretch[]> {
  const result = await sql<{ driverId: string; from: string; to: string }>`
    select driver_id,
      to_char(greatest(starts_at, ${from}::timestamptz) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "from",
      to_char(least(coalesce(ends_at, 'infinity'::timestamptz), ${to}::timestamptz) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "to"
    from truck_assignments
    where company_id = ${companyId}::uuid and truck_id = ${truckId}::uuid
      and starts_at < ${to}::timestamptz and coalesce(ends_at, 'infinity'::timestamptz) > ${from}::timestamptz
    order by starts_at
  `.execute(db);
  return result.rows;
}

const POWERS_OF_TEN = Array.from({ length: 16 }, (_, k) => 10 ** k);

/**
 * Reads a window's text of `ms lat lng` triples (numbers separated by single spaces) and calls
 * `each` per triple. A plain decimal of at most 15 digits is read as its digits over a power of
 * ten: both are exact doubles, so the one division is correctly rounded, the same double Number()
 * gives, without a string per field; anything else (more digits, an exponent) goes to Number().
 */
function eachTriple(text: string, each: (ms: number, lat: number, lng: number) => void): { count: number; lastMs: number } {
  let count = 0;
  let lastMs = -Infinity;
  let field = 0;
  let ms = 0;
  let lat = 0;
  for (let i = 0; i < text.length; i += 1) {
    const start = i;
    let negative = false;
    if (text.charCodeAt(i) === 45) {
      negative = true;
      i += 1;
    }
    let digits = 0;
    let whole = 0;
    let decimals = -1;
    let plain = true;
    for (; i < text.length; i += 1) {
      const c = text.charCodeAt(i);
      if (c === 32) break;
      if (c >= 48 && c <= 57) {
        whole = whole * 10 + (c - 48);
        digits += 1;
        if (decimals >= 0) decimals += 1;
      } else if (c === 46 && decimals < 0) decimals = 0;
      else plain = false;
    }
    let value: number;
    if (plain && digits > 0 && digits <= 15) {
      value = decimals > 0 ? whole / (POWERS_OF_TEN[decimals] as number) : whole;
      if (negative) value = -value;
    } else value = Number(text.slice(start, i));
    if (field === 0) ms = value;
    else if (field === 1) lat = value;
    else {
      each(ms, lat, value);
      count += 1;
      lastMs = ms;
    }
    field = field === 2 ? 0 : field + 1;
  }
  return { count, lastMs };
}

/**
 * Streams the truck's positions in [from, to) in time order to `each`, as truck_positions() would
 * return them, in the caller's tenant transaction (the app role, row-level security on):
 *
 * - one read per assignment straight from `positions` by its primary key (company, driver,
 *   recorded_at), through a server-side cursor (SQL DECLARE / FETCH): planned once, with the
 *   assignment's bounds as parameters the planner sees as constants, so only those days'
 *   partitions are planned (truck_positions() called per week was planned over every daily
 *   partition, 70-83 ms a call);
 * - a row per 24 hours of track: the positions as one text of `ms lat lng` triples
 *   (string_agg), which Node splits. Node's driver costs about 1.5 µs per row (a message, three
 *   strings, an object, the camel-case plugin's copy, garbage), more than the miles themselves;
 * - the instant as epoch milliseconds from date_part() (float8 arithmetic; extract() is numeric)
 *   and the coordinates as their numeric text (lat::float8 would print and parse each again in the
 *   server); Number() reads both to the same doubles as before;
 * - memory stays bounded: FETCH_WINDOWS days at a time, and the next FETCH is sent before the
 *   current one is counted, so PostgreSQL produces it while Node works (two chunks at most).
 *
 * Returns the positions read and the last one's instant.
 */
async function eachPosition(
  db: Db,
  companyId: string,
  truckId: string,
  from: string,
  to: string,
  each: (ms: number, lat: number, lng: number) => void,
): Promise<{ positions: number; lastMs: number }> {
  let positions = 0;
  let lastMs = -Infinity;
  const fetch = () => {
    const chunk = sql<{ n: number; track: string | null }>`fetch ${sql.raw(String(FETCH_WINDOWS))} from ${sql.id(CURSOR)}`.execute(db);
    chunk.catch(() => {}); // Awaited below; a failure while the previous chunk is counted is not unhandled.
    return chunk;
  };
  for (const stretch of await stretches(db, companyId, truckId, from, to)) {
    // A window per 24 hours from the stretch's start; one more than needed (an empty one costs an
    // index probe) so a bound's microseconds, which Date drops, never lose the last positions.
    const windows = Math.floor((Date.parse(stretch.to) - Date.parse(stretch.from)) / DAY_MS) + 2;
    // The windows are numbered and ordered below the per-window aggregate (an ORDER BY on top
    // would compute, sort and spill the whole stretch before the first FETCH); their order is
    // checked as they arrive.
    await sql`
      declare ${sql.id(CURSOR)} no scroll cursor for
      select w.n, (
        select string_agg(concat_ws(' ', date_part('epoch', p.recorded_at) * 1000, p.lat, p.lng), ' ' order by p.recorded_at)
        from positions p
        where p.company_id = ${companyId}::uuid and p.driver_id = ${stretch.driverId}::uuid
          and p.recorded_at >= ${stretch.from}::timestamptz and p.recorded_at < ${stretch.to}::timestamptz
          and p.recorded_at >= w.starts and p.recorded_at < w.starts + interval '24 hours'
      ) as track
      from (
        select n, ${stretch.from}::timestamptz + n * interval '24 hours' as starts
        from generate_series(0, ${windows - 1}::int) as n
        order by n
      ) as w
    `.execute(db);
    let next = fetch();
    let window = 0;
    for (;;) {
      const { rows } = await next;
      if (rows.length < FETCH_WINDOWS) next = Promise.resolve({ rows: [] });
      else {
        next = fetch();
        // Lets the FETCH go out before the chunk is counted, so the two overlap.
        await new Promise((resolve) => setImmediate(resolve));
      }
      for (const { n, track } of rows) {
        if (n !== window++) throw new Error(`IFTA rebuild: window ${n} of a track came out of order`);
        if (track === null) continue;
        const read = eachTriple(track, each);
        positions += read.count;
        lastMs = read.lastMs;
      }
      if (rows.length < FETCH_WINDOWS) break;
    }
    await sql`close ${sql.id(CURSOR)}`.execute(db);
  }
  return { positions, lastMs };
}

/** The truck's last position before `at` (within a day), as truck_positions() would give it. */
async function positionBefore(db: Db, companyId: string, truckId: string, at: string): Promise<TrackPoint | null> {
  const dayBefore = new Date(new Date(at).getTime() - DAY_MS).toISOString();
  let latest: TrackPoint | null = null;
  for (const stretch of await stretches(db, companyId, truckId, dayBefore, at)) {
    const result = await sql<{ recordedAt: Date; lat: number; lng: number }>`
      select recorded_at as "recordedAt", lat::float8 as lat, lng::float8 as lng
      from positions
      where company_id = ${companyId}::uuid and driver_id = ${stretch.driverId}::uuid
        and recorded_at >= ${stretch.from}::timestamptz and recorded_at < ${stretch.to}::timestamptz
      order by recorded_at desc
      limit 1
    `.execute(db);
    latest = result.rows[0] ?? latest;
  }
  return latest;
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
 * A rebuild's truck (which replaces days and moves cursors) and a live job (which adds to days past
 * a cursor) must not interleave: each would read the other's half-done work and count a stretch
 * twice or not at all. So a live job takes this transaction-scoped advisory lock of the company
 * exclusively and a rebuild's truck takes it shared: live jobs wait for the trucks being rebuilt
 * (and those for the live job), while several trucks of one rebuild run side by side (each
 * replaces only its own days and gaps, and a cursor only ever moves forward, so they commute).
 */
async function lockCompanyRollups(db: Db, companyId: string, mode: 'shared' | 'exclusive'): Promise<void> {
  const key = `ifta-rollups:${companyId}`;
  if (mode === 'shared') await sql`select pg_advisory_xact_lock_shared(hashtextextended(${key}::text, 0))`.execute(db);
  else await sql`select pg_advisory_xact_lock(hashtextextended(${key}::text, 0))`.execute(db);
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
  await lockCompanyRollups(db, companyId, 'shared');
  const start = dayStart(from);
  const end = dayStart(nextDay(to));
  const accumulator = new MilesAccumulator(await positionBefore(db, companyId, truckId, start));
  const { positions, lastMs } = await eachPosition(db, companyId, truckId, start, end, (ms, lat, lng) => accumulator.addAt(ms, lat, lng));

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
  await lockCompanyRollups(db, companyId, 'exclusive');
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
