// `make bench`: the loads list at scale. A fresh embedded PostgreSQL in a temporary folder, one
// company with 100,000 loads beside a few smaller ones, then the list's query shapes through the
// app role inside withCompany (row-level security on), each measured beside its floor in the
// same run: the same SQL as the owner with row-level security bypassed, in one round trip.
// Machines here are noisy, so the ratio is the figure to read, not the milliseconds.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Kysely, PostgresDialect, sql, type RawBuilder } from 'kysely';
import pg from 'pg';
import { appConnectionString, ensureDatabaseExists, prepareDatabase } from '../server/src/db/bootstrap.js';
import { createDb, createPool, type Db } from '../server/src/db/database.js';
import { startEmbeddedPostgres } from '../server/src/db/embedded.js';
import { withCompany } from '../server/src/db/with-company.js';
import { canSkipTriggers, companyName, generateCompany, type GenerateOptions } from '../scripts/generate-scale.js';

const BIG_COMPANY_LOADS = 100_000;
const OTHER_COMPANIES = 4;
const OTHER_COMPANY_LOADS = 15_000;
const PAGE = 25;
/** Runs per shape: at most this many, or as many as fit the time budget (at least MIN_ITERATIONS). */
const ITERATIONS = 150;
const MIN_ITERATIONS = 9;
const BUDGET_MS_PER_SHAPE = 6_000;
const WARMUP = 5;
const APP_PASSWORD = 'haulwise-bench-app';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)}s`;

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function percentile(samples: number[], fraction: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

/** The columns a load card needs, as the loads list reads them. */
const CARD_COLUMNS = sql`id, load_number, pickup_city, pickup_state, pickup_date, delivery_city, delivery_state, delivery_date,
  commodity, status, rate, driver_name, broker_name, carrier_name, created_at`;

interface Shape {
  name: string;
  query: (companyId: string) => RawBuilder<unknown>;
}

/** The loads list's query shapes: keyset pages of 25, newest first, by company; a status filter; a search. */
function shapes(cursor: { createdAt: Date; id: string }): Shape[] {
  const page = (companyId: string, where: RawBuilder<unknown> = sql``) =>
    sql`select ${CARD_COLUMNS} from loads where company_id = ${companyId} ${where}
        order by created_at desc, id desc limit ${PAGE + 1}`;
  return [
    { name: 'first page', query: (companyId) => page(companyId) },
    {
      name: 'page 41 (keyset)',
      query: (companyId) => page(companyId, sql`and (created_at, id) < (${cursor.createdAt}, ${cursor.id}::uuid)`),
    },
    { name: "status = 'in_transit'", query: (companyId) => page(companyId, sql`and status = 'in_transit'`) },
    { name: "status = 'cancelled'", query: (companyId) => page(companyId, sql`and status = 'cancelled'`) },
    { name: "search 'chicago'", query: (companyId) => page(companyId, sql`and search_text ilike ${'%chicago%'}`) },
    { name: "search 'ld-0099'", query: (companyId) => page(companyId, sql`and search_text ilike ${'%ld-0099%'}`) },
    { name: 'primary key lookup', query: () => sql`select ${CARD_COLUMNS} from loads where id = ${cursor.id}::uuid` },
  ];
}

interface Result {
  name: string;
  runs: number;
  ours: number;
  floor: number;
  oursP95: number;
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
  return { name: shape.name, runs: ours.length, ours: median(ours), floor: median(floor), oursP95: percentile(ours, 0.95), rows };
}

async function main(): Promise<void> {
  const began = performance.now();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'haulwise-bench-'));
  console.log(`Starting embedded PostgreSQL in ${dataDir} ...`);
  const embedded = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'haulwise_bench' });
  let app: Db | null = null;
  let ownerPool: pg.Pool | null = null;
  try {
    await ensureDatabaseExists(embedded.url);
    const migrator = new Kysely<unknown>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: embedded.url, max: 1 }) }),
    });
    await prepareDatabase(migrator, APP_PASSWORD);
    await migrator.destroy();
    console.log(`Migrated (${seconds(began)}).`);

    // A few ordinary companies, then the one measured: its neighbours' rows share the tables and indexes.
    ownerPool = new pg.Pool({ connectionString: embedded.url, max: 4 });
    ownerPool.on('error', (error) => console.error(`database connection error: ${error.message}`));
    const generating = performance.now();
    const client = await ownerPool.connect();
    let bigCompanyId = '';
    try {
      const options: GenerateOptions = { passwordHash: 'not-a-real-hash', skipTriggers: await canSkipTriggers(client) };
      for (let index = 0; index < OTHER_COMPANIES; index += 1) {
        await generateCompany(
          client,
          { name: companyName(index), loads: OTHER_COMPANY_LOADS, drivers: 25, brokers: 10, carriers: 5 },
          options,
        );
      }
      ({ companyId: bigCompanyId } = await generateCompany(
        client,
        { name: companyName(OTHER_COMPANIES), loads: BIG_COMPANY_LOADS, drivers: 120, brokers: 40, carriers: 15 },
        options,
      ));
      await client.query('analyze');
    } finally {
      client.release();
    }
    const total = OTHER_COMPANIES * OTHER_COMPANY_LOADS + BIG_COMPANY_LOADS;
    console.log(
      `Generated ${total.toLocaleString('en-US')} loads in ${OTHER_COMPANIES + 1} companies; the measured one has ${BIG_COMPANY_LOADS.toLocaleString('en-US')} (${seconds(generating)}).`,
    );

    app = createDb(createPool({ connectionString: appConnectionString(embedded.url, APP_PASSWORD), max: 2 }));
    const owner = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: ownerPool }) });
    const scope = { companyId: bigCompanyId, userId: null };

    // The cursor after page 40 (row 1,000), read as the app would.
    const appDb = app;
    const cursorRow = await withCompany(appDb, scope, (tx) =>
      tx
        .selectFrom('loads')
        .select(['createdAt', 'id'])
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .offset(40 * PAGE)
        .limit(1)
        .executeTakeFirstOrThrow(),
    );
    const cursor = { createdAt: cursorRow.createdAt, id: cursorRow.id };

    console.log(`\nMedians of up to ${ITERATIONS} runs each (after ${WARMUP} warm-up runs), interleaved with the floor:`);
    console.log('  ours  = app role, inside withCompany (BEGIN; set_config; query; COMMIT), row-level security on');
    console.log('  floor = owner role, the same SQL in one round trip, row-level security bypassed\n');
    const results: Result[] = [];
    for (const shape of shapes(cursor)) {
      const result = await measure(shape, {
        ours: () => withCompany(appDb, scope, async (tx) => (await shape.query(bigCompanyId).execute(tx)).rows.length),
        floor: async () => (await shape.query(bigCompanyId).execute(owner)).rows.length,
      });
      results.push(result);
    }
    const pad = (text: string, width: number) => text.padEnd(width);
    const ms = (value: number) => `${value.toFixed(2)} ms`;
    console.log(`  ${pad('query', 24)}${pad('runs', 6)}${pad('rows', 6)}${pad('ours', 12)}${pad('ours p95', 12)}${pad('floor', 12)}ratio`);
    for (const result of results) {
      console.log(
        `  ${pad(result.name, 24)}${pad(String(result.runs), 6)}${pad(String(result.rows), 6)}${pad(ms(result.ours), 12)}${pad(ms(result.oursP95), 12)}${pad(ms(result.floor), 12)}${(result.ours / result.floor).toFixed(2)}x`,
      );
    }

    console.log('\nPlans through the app role with row-level security on (EXPLAIN ANALYZE):');
    for (const shape of shapes(cursor).slice(0, -1)) {
      const plan = await withCompany(appDb, scope, (tx) =>
        sql<{ 'QUERY PLAN': string }>`explain (analyze, costs off, timing off, summary off) ${shape.query(bigCompanyId)}`.execute(tx),
      );
      console.log(`\n  ${shape.name}:`);
      for (const row of plan.rows) console.log(`    ${row['QUERY PLAN']}`);
      if (shape.name.startsWith('search')) {
        // The floor's plan beside it: without row-level security the trigram index can serve the search.
        const floorPlan = await sql<{
          'QUERY PLAN': string;
        }>`explain (analyze, costs off, timing off, summary off) ${shape.query(bigCompanyId)}`.execute(owner);
        console.log(`  ${shape.name}, floor (owner, row-level security bypassed):`);
        for (const row of floorPlan.rows) console.log(`    ${row['QUERY PLAN']}`);
      }
    }
    console.log(`\nDone in ${seconds(began)}.`);
  } finally {
    await app?.destroy();
    await ownerPool?.end().catch(() => {});
    await embedded.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
