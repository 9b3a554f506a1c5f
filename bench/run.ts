// `make bench`: the loads list at scale. The scale (bench/scale-db.ts: 1,000,000 loads in
// 1,000 companies, the measured one with 100,000, generated once and kept between runs), then the real list procedure
// (loads.list, and loads.get) called through a tRPC caller as a dispatcher and as a sales user,
// down the whole procedure path (guards, the tenant transaction with row-level security on,
// the scope, the repository; output parsing as in production), each measured beside its floor in the same run:
// the very SQL the procedure sent, captured from its database handle, run as the table owner
// with row-level security bypassed, in one round trip. Machines here are noisy, so the ratio is
// the figure to read, not the milliseconds.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PAGE_SIZE } from '#shared/schemas/pagination.js';
import { loadConfig } from '../server/src/config.js';
import type { Database } from '../server/src/db/schema.js';
import { withCompany } from '../server/src/db/with-company.js';
import { createServices, type StartedServices } from '../server/src/create-services.js';
import { recordResults } from './results.js';
import { APP_PASSWORD, BIG_COMPANY_LOADS, openScaleDatabase, SALES_SHARE } from './scale-db.js';
import { callerAs, median, percentile, recordingAppDb, seconds, type Caller } from './support.js';

/** Runs per shape: at most this many, or as many as fit the time budget (at least MIN_ITERATIONS). */
const ITERATIONS = 150;
const MIN_ITERATIONS = 9;
const BUDGET_MS_PER_SHAPE = 6_000;
const WARMUP = 5;

interface Shape {
  name: string;
  /** The procedure call; answers how many rows it returned. */
  call: (callers: { dispatcher: Caller; sales: Caller }) => Promise<number>;
}

/** The loads list's shapes as the screens call it: pages of the contract's default size, newest first; filters; a sales user's own; one load. */
function shapes(cursor: string, loadId: string): Shape[] {
  const list = (as: 'dispatcher' | 'sales', input: Parameters<Caller['loads']['list']>[0]) => async (callers: Record<typeof as, Caller>) =>
    (await callers[as].loads.list(input)).items.length;
  return [
    { name: 'first page', call: list('dispatcher', {}) },
    { name: 'page 21 (keyset)', call: list('dispatcher', { cursor }) },
    { name: "status = 'in_transit'", call: list('dispatcher', { status: 'in_transit' }) },
    { name: "status = 'cancelled'", call: list('dispatcher', { status: 'cancelled' }) },
    { name: "search 'chicago'", call: list('dispatcher', { search: 'chicago' }) },
    { name: "search 'ld-0099'", call: list('dispatcher', { search: 'ld-0099' }) },
    { name: 'sales: own, first page', call: list('sales', {}) },
    { name: 'one load (loads.get)', call: async ({ dispatcher }) => ((await dispatcher.loads.get({ id: loadId })) ? 1 : 0) },
  ];
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

/** Interleaves ours and the floor, so drift on a noisy machine hits both alike. */
async function measure(shape: Shape, run: { ours: () => Promise<number>; floor: () => Promise<number> }): Promise<Result> {
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
    name: shape.name,
    runs: ours.length,
    ours: median(ours),
    floor: median(floor),
    oursP95: percentile(ours, 0.95),
    oursP99: percentile(ours, 0.99),
    rows,
  };
}

/** The SQL the list and get procedures sent (not the transaction's own statements), the last one kept. */
function lastLoadsQuery(captured: CompiledQuery[]): CompiledQuery {
  const query = captured.findLast((compiled) => /from "loads"/.test(compiled.sql));
  if (!query) throw new Error('the procedure sent no query on loads');
  return query;
}

async function main(): Promise<void> {
  const began = performance.now();
  const scale = await openScaleDatabase();
  const { url, dataDir } = scale;
  const { companyId: bigCompanyId, dispatcherId, salesId } = scale.prepared;
  let started: StartedServices | null = null;
  let appDb: Kysely<Database> | null = null;
  let ownerPool: pg.Pool | null = null;
  try {
    // The app's own services (migrating as the owner first), with its real router behind the callers below.
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
    console.log(`Migrated (${seconds(began)}).`);

    ownerPool = new pg.Pool({ connectionString: url, max: 4 });
    ownerPool.on('error', (error) => console.error(`database connection error: ${error.message}`));
    console.log(
      `${scale.totals.loads.toLocaleString('en-US')} loads in ${scale.totals.companies.toLocaleString('en-US')} companies; the measured one has ${BIG_COMPANY_LOADS.toLocaleString('en-US')}, one in ${SALES_SHARE} its sales user's.`,
    );

    // The services' database handle (made by createDb, as theirs), recording the SQL it sends (for the floor).
    const captured: CompiledQuery[] = [];
    appDb = recordingAppDb(url, APP_PASSWORD, captured);
    const services = { ...started.services, db: appDb };
    const callers = { dispatcher: await callerAs(services, dispatcherId), sales: await callerAs(services, salesId) };

    // The cursor after page 20 (row 1,000), read through the procedure as the screen would.
    let cursor: string | null = null;
    for (let page = 0; page < 1000 / PAGE_SIZE.default; page += 1) {
      cursor = (await callers.dispatcher.loads.list({ cursor })).nextCursor;
    }
    const loadId = (await callers.dispatcher.loads.list({})).items[0]?.id;
    if (!cursor || !loadId) throw new Error('the measured company has too few loads');

    // Round trips of a warm call on the handle the services make (createDb): every query its pg clients send.
    const sentTexts: string[] = [];
    const pgQuery = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const [first] = args as [unknown];
      // A text, or a query config (read-only calls ask for array rows through pg's Query).
      const text = typeof first === 'string' ? first : (first as { text?: unknown } | null)?.text;
      sentTexts.push(typeof text === 'string' ? text.replace(/\s+/g, ' ').slice(0, 100) : 'query object');
      return (pgQuery as (...rest: unknown[]) => unknown).apply(this, args);
    } as typeof pgQuery;
    try {
      await callers.dispatcher.loads.list({});
    } finally {
      pg.Client.prototype.query = pgQuery;
    }
    console.log(`Round trips of a warm loads.list through the caller: ${sentTexts.length} (${sentTexts.join(' | ')})`);

    // BENCH_RUN_PROFILE=1: a CPU profile of 2,000 warm loads.get and loads.list calls each, one at a
    // time, written to .data/profiles/ (the caller path's own frames; nothing recorded).
    if (process.env.BENCH_RUN_PROFILE === '1') {
      const { Session } = await import('node:inspector/promises');
      const profiler = new Session();
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
      for (let index = 0; index < 2000; index += 1) await callers.dispatcher.loads.get({ id: loadId });
      for (let index = 0; index < 2000; index += 1) await callers.dispatcher.loads.list({});
      const { profile } = await profiler.post('Profiler.stop');
      const profileDir = path.join(import.meta.dirname, '..', '.data', 'profiles');
      mkdirSync(profileDir, { recursive: true });
      const file = path.join(profileDir, `caller-${Date.now()}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      console.log(`CPU profile of the caller path: ${file}`);
      return;
    }

    const owner = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: ownerPool }) });
    console.log(`\nMedians of up to ${ITERATIONS} runs each (after ${WARMUP} warm-up runs), interleaved with the floor:`);
    console.log(
      '  ours  = the procedure through a tRPC caller: guards, a read-only BEGIN with its settings, the query and COMMIT in one round trip (as in production: no output parsing of loads.list and loads.get)',
    );
    console.log('  floor = the same SQL the procedure sent, as the owner in one round trip, row-level security bypassed\n');
    const results: Result[] = [];
    const sent: { name: string; query: CompiledQuery }[] = [];
    for (const shape of shapes(cursor, loadId)) {
      captured.length = 0;
      await shape.call(callers);
      const query = lastLoadsQuery(captured);
      sent.push({ name: shape.name, query });
      results.push(
        await measure(shape, {
          ours: () => shape.call(callers),
          floor: async () => (await owner.executeQuery(query)).rows.length,
        }),
      );
      captured.length = 0;
    }
    const pad = (text: string, width: number) => text.padEnd(width);
    const ms = (value: number) => `${value.toFixed(2)} ms`;
    console.log(`  ${pad('call', 26)}${pad('runs', 6)}${pad('rows', 6)}${pad('ours', 12)}${pad('ours p95', 12)}${pad('floor', 12)}ratio`);
    for (const result of results) {
      console.log(
        `  ${pad(result.name, 26)}${pad(String(result.runs), 6)}${pad(String(result.rows), 6)}${pad(ms(result.ours), 12)}${pad(ms(result.oursP95), 12)}${pad(ms(result.floor), 12)}${(result.ours / result.floor).toFixed(2)}x`,
      );
    }

    recordResults(
      'loads (caller)',
      results.map((result) => ({
        name: result.name,
        unit: 'ms',
        median: result.ours,
        p95: result.oursP95,
        p99: result.oursP99,
        peer: 'same SQL as owner, RLS off',
        peerMedian: result.floor,
        ratio: result.ours / result.floor,
        goal: '<= 1.5x',
        met: result.ours / result.floor <= 1.5,
      })),
    );

    console.log('\nPlans of the SQL the procedures sent, through the app role with row-level security on (EXPLAIN ANALYZE):');
    const scopes = { dispatcher: { companyId: bigCompanyId, userId: dispatcherId }, sales: { companyId: bigCompanyId, userId: salesId } };
    for (const { name, query } of sent) {
      const explain = CompiledQuery.raw(`explain (analyze, costs off, timing off, summary off) ${query.sql}`, [...query.parameters]);
      const plan = await withCompany(appDb, name.startsWith('sales') ? scopes.sales : scopes.dispatcher, (tx) =>
        tx.executeQuery<{ 'QUERY PLAN': string }>(explain),
      );
      console.log(`\n  ${name}:`);
      for (const row of plan.rows) console.log(`    ${row['QUERY PLAN']}`);
    }
    console.log(`\nDone in ${seconds(began)}.`);
  } finally {
    await appDb?.destroy();
    await started?.close();
    await ownerPool?.end().catch(() => {});
    await scale.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
