// The dispatch board at scale (issue 26, item 1): every sort and filter of loads.list at the scale
// database of bench/run.ts (bench/scale-db.ts: 1,000,000 loads in 1,000 companies, the measured one
// with 100,000, generated once and kept between runs), through the real procedure as a dispatcher
// (guards, the tenant transaction with row-level security on, the repository, output parsing as in
// production), each beside its floor in the same run: the very SQL the procedure sent last on
// loads, captured from its database handle, run as the table owner with row-level security
// bypassed, in one round trip. Goal: within 1.5x of the floor, p95 under 50 ms. The at-risk filter's
// floor is its candidates' query only (the weighing by the gazetteer and the drivers' positions are ours).
// Run: `tsx bench/board.ts` (or BENCH_ONLY=board tsx bench/all.ts); a small trial:
// BENCH_SCALE_FRESH=1 BENCH_SCALE_OTHERS=20 BENCH_SCALE_OTHER_LOADS=100 tsx bench/board.ts
import { performance } from 'node:perf_hooks';
import { CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { DEFAULT_DIRECTION, LOAD_SORTS } from '#shared/schemas/load-board.js';
import { loadConfig } from '../server/src/config.js';
import type { Database } from '../server/src/db/schema.js';
import { withCompany } from '../server/src/db/with-company.js';
import { createServices, type StartedServices } from '../server/src/create-services.js';
import { recordResults } from './results.js';
import { APP_PASSWORD, BIG_COMPANY_LOADS, openScaleDatabase } from './scale-db.js';
import { callerAs, median, percentile, recordingAppDb, seconds, type Caller } from './support.js';

const ITERATIONS = 100;
const MIN_ITERATIONS = 9;
const BUDGET_MS_PER_SHAPE = 4_000;
const WARMUP = 5;
const P95_GOAL_MS = 50;

type ListInput = Parameters<Caller['loads']['list']>[0];

interface Shape {
  name: string;
  input: ListInput;
}

interface Result {
  name: string;
  runs: number;
  ours: number;
  floor: number;
  oursP95: number;
  oursP99: number;
  rows: number;
}

/** The board's shapes: each sort (its first direction), a deep page of two sorts, each filter, and the built-in views. */
function shapes(
  ids: { driverId: string; brokerId: string; carrierId: string; dispatcherId: string },
  cursors: Record<string, string>,
  today: string,
): Shape[] {
  const month = (offset: number) => {
    const date = new Date(`${today}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + offset);
    return date.toISOString().slice(0, 10);
  };
  return [
    ...LOAD_SORTS.map((sort) => ({
      name: `sort ${sort} ${DEFAULT_DIRECTION[sort]}`,
      input: { sort, sortDirection: DEFAULT_DIRECTION[sort] },
    })),
    ...Object.entries(cursors).map(([sort, cursor]) => ({
      name: `sort ${sort}, page 21`,
      input: { sort: sort as (typeof LOAD_SORTS)[number], sortDirection: DEFAULT_DIRECTION[sort as (typeof LOAD_SORTS)[number]], cursor },
    })),
    { name: 'statuses assigned+picked', input: { statuses: ['assigned', 'picked'] } },
    { name: 'pickup in 30 days', input: { pickupFrom: month(-30), pickupTo: today, sort: 'pickupDate', sortDirection: 'asc' } },
    { name: 'delivery in 30 days', input: { deliveryFrom: month(-30), deliveryTo: today, sort: 'deliveryDate', sortDirection: 'asc' } },
    { name: 'driver', input: { driverId: ids.driverId } },
    { name: 'broker', input: { brokerId: ids.brokerId } },
    { name: 'carrier', input: { carrierId: ids.carrierId } },
    { name: 'dispatcher', input: { dispatcherId: ids.dispatcherId } },
    { name: 'dispatcher: mine', input: { mine: true } },
    { name: 'unassigned', input: { unassigned: true } },
    { name: 'late', input: { late: true, today } },
    { name: 'at risk', input: { atRisk: true, today } },
    { name: "today's pickups", input: { pickupFrom: today, pickupTo: today, sort: 'pickupDate', sortDirection: 'asc', today } },
    { name: "today's deliveries", input: { deliveryFrom: today, deliveryTo: today, sort: 'deliveryDate', sortDirection: 'asc', today } },
    { name: 'in transit by delivery', input: { statuses: ['in_transit'], sort: 'deliveryDate', sortDirection: 'asc' } },
  ];
}

/** Interleaves ours and the floor, so drift on a noisy machine hits both alike. */
async function measure(name: string, run: { ours: () => Promise<number>; floor: () => Promise<number> }): Promise<Result> {
  for (let index = 0; index < WARMUP; index += 1) {
    await run.ours();
    await run.floor();
  }
  const ours: number[] = [];
  const floor: number[] = [];
  let rows = 0;
  const started = performance.now();
  for (let index = 0; index < ITERATIONS; index += 1) {
    if (index >= MIN_ITERATIONS && performance.now() - started > BUDGET_MS_PER_SHAPE) break;
    const first = index % 2 === 0 ? 'ours' : 'floor';
    for (const which of [first, first === 'ours' ? 'floor' : 'ours'] as const) {
      const start = performance.now();
      const count = await run[which]();
      (which === 'ours' ? ours : floor).push(performance.now() - start);
      if (which === 'ours') rows = count;
    }
  }
  return {
    name,
    runs: ours.length,
    ours: median(ours),
    floor: median(floor),
    oursP95: percentile(ours, 0.95),
    oursP99: percentile(ours, 0.99),
    rows,
  };
}

function lastLoadsQuery(captured: CompiledQuery[]): CompiledQuery {
  const query = captured.findLast((compiled) => /from "loads"/.test(compiled.sql));
  if (!query) throw new Error('the procedure sent no query on loads');
  return query;
}

/** The most frequent value of a column among the company's loads (a driver, broker or carrier with many loads). */
async function busiest(owner: pg.Pool, companyId: string, column: 'driver_id' | 'broker_id' | 'carrier_id'): Promise<string> {
  const { rows } = await owner.query<{ id: string }>(
    `select ${column} as id from loads where company_id = $1 and ${column} is not null group by ${column} order by count(*) desc limit 1`,
    [companyId],
  );
  const id = rows[0]?.id;
  if (id) return id;
  // The generator may leave a column empty (no load has a carrier): any of the company's, a filter that finds nothing.
  const table = { driver_id: 'drivers', broker_id: 'brokers', carrier_id: 'carriers' }[column];
  const { rows: any } = await owner.query<{ id: string }>(`select id from ${table} where company_id = $1 limit 1`, [companyId]);
  if (!any[0]) throw new Error(`the measured company has no ${table}`);
  return any[0].id;
}

/**
 * Gives two loads in three of the measured company a dispatcher (the measuring one), once: the
 * scale database predates loads' dispatcher (migrations/2026-11-29T0210_load_dispatcher.ts), and
 * the Dispatcher sort and filters need values to walk. Kept between runs, as the database is.
 */
async function dispatched(owner: pg.Pool, companyId: string, dispatcherId: string): Promise<void> {
  await owner.query(
    `update loads set dispatcher_id = $2 where company_id = $1 and dispatcher_id is null and abs(hashtext(id::text)) % 3 <> 0`,
    [companyId, dispatcherId],
  );
  await owner.query('analyze loads');
}

async function main(): Promise<void> {
  const began = performance.now();
  const scale = await openScaleDatabase();
  const { url, dataDir } = scale;
  const { companyId, dispatcherId } = scale.prepared;
  let started: StartedServices | null = null;
  let appDb: Kysely<Database> | null = null;
  const ownerPool = new pg.Pool({ connectionString: url, max: 4 });
  ownerPool.on('error', (error) => console.error(`database connection error: ${error.message}`));
  try {
    const config = loadConfig({
      NODE_ENV: 'production',
      APP_DB_PASSWORD: APP_PASSWORD,
      APP_ORIGIN: 'http://localhost',
      HAULWISE_DATA_DIR: dataDir,
    });
    started = await createServices(config, url, {
      poolSize: 2,
      log: { info: () => {}, warn: (message) => console.warn(message), error: (message) => console.error(message) },
    });
    console.log(`Migrated (${seconds(began)}). The measured company has ${BIG_COMPANY_LOADS.toLocaleString('en-US')} loads.`);
    const captured: CompiledQuery[] = [];
    appDb = recordingAppDb(url, APP_PASSWORD, captured);
    const services = { ...started.services, db: appDb };
    const dispatcher = await callerAs(services, dispatcherId);

    await dispatched(ownerPool, companyId, dispatcherId);
    const ids = {
      dispatcherId,
      driverId: await busiest(ownerPool, companyId, 'driver_id'),
      brokerId: await busiest(ownerPool, companyId, 'broker_id'),
      carrierId: await busiest(ownerPool, companyId, 'carrier_id'),
    };
    // "Today" is the measured company's busiest pickup date, so the views have rows to show.
    const { rows: days } = await ownerPool.query<{ day: string }>(
      `select pickup_date::text as day from loads where company_id = $1 and pickup_date is not null group by pickup_date order by count(*) desc limit 1`,
      [companyId],
    );
    const today = days[0]?.day ?? new Date().toISOString().slice(0, 10);
    // The cursor after page 20 of two sorts, read through the procedure as the screen would.
    const cursors: Record<string, string> = {};
    for (const sort of ['pickupDate', 'driverName'] as const) {
      let cursor: string | null = null;
      for (let page = 0; page < 20; page += 1) {
        cursor = (await dispatcher.loads.list({ sort, sortDirection: DEFAULT_DIRECTION[sort], cursor })).nextCursor;
        if (!cursor) break;
      }
      if (cursor) cursors[sort] = cursor;
    }

    const owner = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: ownerPool }) });
    console.log(`\nMedians of up to ${ITERATIONS} runs each (after ${WARMUP} warm-up runs), interleaved with the floor:`);
    console.log('  ours  = loads.list through a tRPC caller as a dispatcher (row-level security on)');
    console.log('  floor = the last SQL on loads the procedure sent, as the owner in one round trip, row-level security bypassed\n');
    const results: Result[] = [];
    const sent: { name: string; query: CompiledQuery }[] = [];
    for (const shape of shapes(ids, cursors, today)) {
      const call = async () => (await dispatcher.loads.list(shape.input)).items.length;
      captured.length = 0;
      await call();
      const query = lastLoadsQuery(captured);
      sent.push({ name: shape.name, query });
      results.push(await measure(shape.name, { ours: call, floor: async () => (await owner.executeQuery(query)).rows.length }));
      captured.length = 0;
    }
    const pad = (text: string, width: number) => text.padEnd(width);
    const ms = (value: number) => `${value.toFixed(2)} ms`;
    console.log(`  ${pad('call', 32)}${pad('runs', 6)}${pad('rows', 6)}${pad('ours', 12)}${pad('ours p95', 12)}${pad('floor', 12)}ratio`);
    for (const result of results) {
      console.log(
        `  ${pad(result.name, 32)}${pad(String(result.runs), 6)}${pad(String(result.rows), 6)}${pad(ms(result.ours), 12)}${pad(ms(result.oursP95), 12)}${pad(ms(result.floor), 12)}${(result.ours / result.floor).toFixed(2)}x`,
      );
    }
    recordResults(
      'loads board (caller)',
      results.map((result) => ({
        name: result.name,
        unit: 'ms',
        median: result.ours,
        p95: result.oursP95,
        p99: result.oursP99,
        peer: 'same SQL as owner, RLS off',
        peerMedian: result.floor,
        ratio: result.ours / result.floor,
        goal: `<= 1.5x, p95 < ${P95_GOAL_MS} ms`,
        met: result.ours / result.floor <= 1.5 && result.oursP95 < P95_GOAL_MS,
      })),
    );

    console.log('\nPlans of the SQL the procedure sent, through the app role with row-level security on (EXPLAIN ANALYZE):');
    for (const { name, query } of sent) {
      const explain = CompiledQuery.raw(`explain (analyze, costs off, timing off, summary off) ${query.sql}`, [...query.parameters]);
      const plan = await withCompany(appDb, { companyId, userId: dispatcherId }, (tx) =>
        tx.executeQuery<{ 'QUERY PLAN': string }>(explain),
      );
      console.log(`\n  ${name}:`);
      for (const row of plan.rows) console.log(`    ${row['QUERY PLAN']}`);
    }
    console.log(`\nDone in ${seconds(began)}.`);
  } finally {
    await appDb?.destroy();
    await started?.close();
    await ownerPool.end().catch(() => {});
    await scale.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
