// The scale, shared by the loads (caller), HTTP and dashboards scenarios: 1,000,000 loads
// in 1,000 companies, the measured company with 100,000 beside 999 of 900 (BENCH_SCALE_OTHERS and
// BENCH_SCALE_OTHER_LOADS make it smaller; the older BENCH_DASHBOARDS_* names still work), its
// dispatcher, sales and treasury members, one in SALES_SHARE of its loads its sales user's.
//
// The generated database (scripts/generate-scale.ts, set-based, 70 to 140 s at full scale on this
// machine, about 2.5 GB) is kept in .data/bench-dashboards/<key> between runs (the folder keeps the
// name it had when only the dashboards used it), keyed by the scale, the migrations and the
// generator's source: a run with the same key reuses it, any change generates it again.
// BENCH_SCALE_FRESH=1 (or BENCH_DASHBOARDS_FRESH=1) generates into a temporary folder instead.
// Scenarios run one after another (bench/all.ts), so one database serves them all; what a run
// writes (sessions) does not change what the next one measures.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { ensureDatabaseExists, prepareDatabase } from '../server/src/db/bootstrap.js';
import { startEmbeddedPostgres } from '../server/src/db/embedded.js';
import { canSkipTriggers, companyName, generateCompany, type GenerateOptions } from '../scripts/generate-scale.js';
import { addMember, freePort } from './support.js';

export const BIG_COMPANY_LOADS = 100_000;
export const OTHER_COMPANIES = Number(process.env.BENCH_SCALE_OTHERS ?? process.env.BENCH_DASHBOARDS_OTHERS ?? 999);
export const OTHER_COMPANY_LOADS = Number(process.env.BENCH_SCALE_OTHER_LOADS ?? process.env.BENCH_DASHBOARDS_OTHER_LOADS ?? 900);
/** One in this many of the measured company's loads is sold by its sales user (their own, by the one ownership rule). */
export const SALES_SHARE = 10;
/** The app role's password in every bench database. */
export const APP_PASSWORD = 'haulwise-bench-app';
/** Bump to throw every cached database away (a change to how the bench prepares its data). */
const CACHE_VERSION = 1;
const CACHE_ROOT = path.resolve('.data', 'bench-dashboards');
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface Prepared {
  companyId: string;
  adminId: string;
  dispatcherId: string;
  salesId: string;
  treasuryId: string;
  generatedAt: string;
  seconds: number;
}

export interface ScaleDatabase {
  /** The owner's connection string. */
  url: string;
  dataDir: string;
  prepared: Prepared;
  /** Loads in the whole database, and companies. */
  totals: { loads: number; companies: number };
  close(): Promise<void>;
}

/** What the generated database depends on: the scale, every migration, the generator and its cities, the bench's own preparation. */
function cacheKey(): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify({ CACHE_VERSION, BIG_COMPANY_LOADS, OTHER_COMPANIES, OTHER_COMPANY_LOADS, SALES_SHARE }));
  const migrations = path.join(ROOT, 'migrations');
  for (const name of readdirSync(migrations).sort()) hash.update(name).update(readFileSync(path.join(migrations, name)));
  for (const file of ['scripts/generate-scale.ts', 'server/src/seed/demo-accounts.ts', 'server/src/seed/demo-reference.ts'])
    hash.update(readFileSync(path.join(ROOT, file)));
  return hash.digest('hex').slice(0, 16);
}

/**
 * The companies (two at a time, set-based inserts; the measured one last), the three members of
 * the measured company, the sales user's share of its loads, drivers and carriers, then a vacuum
 * as autovacuum would do after the bulk load (the visibility map lets index-only scans skip the heap).
 */
async function prepare(ownerPool: pg.Pool): Promise<Prepared> {
  const started = performance.now();
  const probe = await ownerPool.connect();
  const options: GenerateOptions = {
    passwordHash: 'not-a-real-hash',
    skipTriggers: await canSkipTriggers(probe).finally(() => probe.release()),
  };
  const total = OTHER_COMPANIES * OTHER_COMPANY_LOADS + BIG_COMPANY_LOADS;
  console.log(`Generating ${(OTHER_COMPANIES + 1).toLocaleString('en-US')} companies and ${total.toLocaleString('en-US')} loads...`);
  let next = 0;
  let done = 0;
  const worker = async () => {
    const client = await ownerPool.connect();
    try {
      for (let index = next++; index < OTHER_COMPANIES; index = next++) {
        await generateCompany(
          client,
          { name: companyName(index), loads: OTHER_COMPANY_LOADS, drivers: 25, brokers: 10, carriers: 5 },
          options,
        );
        done += 1;
        if (done % 100 === 0) console.log(`  ${done} companies (${((performance.now() - started) / 1000).toFixed(0)} s)`);
      }
    } finally {
      client.release();
    }
  };
  await Promise.all([worker(), worker()]);
  const client = await ownerPool.connect();
  let big: { companyId: string; adminId: string };
  try {
    big = await generateCompany(
      client,
      { name: companyName(OTHER_COMPANIES), loads: BIG_COMPANY_LOADS, drivers: 120, brokers: 40, carriers: 15 },
      options,
    );
  } finally {
    client.release();
  }
  const dispatcherId = await addMember(ownerPool, big.companyId, 'dispatcher');
  const salesId = await addMember(ownerPool, big.companyId, 'sales');
  const treasuryId = await addMember(ownerPool, big.companyId, 'treasury');
  await ownerPool.query(
    `update loads set sales_user_id = $2, sales_percentage = 7.5 where company_id = $1 and abs(hashtext(id::text)) % $3 = 0`,
    [big.companyId, salesId, SALES_SHARE],
  );
  await ownerPool.query(`update drivers set sales_agent_id = $2 where company_id = $1 and abs(hashtext(id::text)) % 3 = 0`, [
    big.companyId,
    salesId,
  ]);
  await ownerPool.query(`update carriers set sales_agent_id = $2 where company_id = $1 and abs(hashtext(id::text)) % 3 = 0`, [
    big.companyId,
    salesId,
  ]);
  await ownerPool.query('vacuum analyze');
  const seconds = (performance.now() - started) / 1000;
  console.log(`Generated in ${seconds.toFixed(0)} s.`);
  return { ...big, dispatcherId, salesId, treasuryId, generatedAt: new Date().toISOString(), seconds };
}

/**
 * An embedded PostgreSQL on the scale database, migrated (as the owner, with the app role's
 * password set) and generated unless a cached one with the same key is there.
 */
export async function openScaleDatabase(): Promise<ScaleDatabase> {
  const fresh = process.env.BENCH_SCALE_FRESH === '1' || process.env.BENCH_DASHBOARDS_FRESH === '1';
  const key = cacheKey();
  const dataDir = fresh ? mkdtempSync(path.join(tmpdir(), 'haulwise-bench-scale-')) : path.join(CACHE_ROOT, key);
  const marker = path.join(dataDir, 'bench-dashboards.json');
  let prepared = !fresh && existsSync(marker) ? (JSON.parse(readFileSync(marker, 'utf8')) as Prepared) : null;
  if (!fresh && !prepared) {
    // Another key's database (older migrations or generator), or this key's half-generated one: start over.
    if (existsSync(CACHE_ROOT))
      for (const name of readdirSync(CACHE_ROOT)) rmSync(path.join(CACHE_ROOT, name), { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
  }
  const embedded = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'haulwise_bench' });
  const ownerPool = new pg.Pool({ connectionString: embedded.url, max: 4 });
  let closing = false;
  // An idle connection the server drops (its shutdown at the end) must not crash the run as an unhandled 'error'.
  ownerPool.on('error', (error) => {
    if (!closing) console.warn(`owner pool: ${error.message}`);
  });
  const close = async () => {
    closing = true;
    await ownerPool.end().catch(() => {});
    await embedded.stop();
    if (fresh) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await ensureDatabaseExists(embedded.url);
    const migrator = new Kysely<unknown>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: embedded.url, max: 2 }) }),
    });
    try {
      await prepareDatabase(migrator, APP_PASSWORD);
    } finally {
      await migrator.destroy();
    }
    if (prepared) {
      console.log(`Reusing the database generated at ${prepared.generatedAt} (in ${prepared.seconds.toFixed(0)} s), ${dataDir}`);
    } else {
      prepared = await prepare(ownerPool);
      if (!fresh) writeFileSync(marker, JSON.stringify(prepared, null, 2));
    }
    const counts = await ownerPool.query<{ loads: string; companies: string }>(
      'select count(*) as loads, count(distinct company_id) as companies from loads',
    );
    return {
      url: embedded.url,
      dataDir,
      prepared,
      totals: { loads: Number(counts.rows[0]?.loads), companies: Number(counts.rows[0]?.companies) },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
