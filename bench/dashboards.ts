// `tsx bench/dashboards.ts`: the role dashboards, analytics and the export at scale. A fresh
// embedded PostgreSQL, one company with 100,000 loads beside a few smaller ones (as bench/run.ts),
// then each dashboard and the analytics report called through a tRPC caller down the whole
// procedure path, measured beside its floor in the same run: the sum of the very SQL statements
// the procedure sent, run as the owner with row-level security bypassed. Then an export of the
// 100,000 loads streamed into a counting sink, with its rows per second and the live heap.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../server/src/config.js';
import { startEmbeddedPostgres } from '../server/src/db/embedded.js';
import type { Database } from '../server/src/db/schema.js';
import { withCompany } from '../server/src/db/with-company.js';
import { streamExport } from '../server/src/domains/export/export-stream.js';
import { createServices, type StartedServices } from '../server/src/services/create-services.js';
import { canSkipTriggers, companyName, generateCompany, type GenerateOptions } from '../scripts/generate-scale.js';
import { addMember, callerAs, freePort, percentile, recordingAppDb } from './support.js';

const BIG_COMPANY_LOADS = 100_000;
const OTHER_COMPANIES = 4;
const OTHER_COMPANY_LOADS = 15_000;
const SALES_SHARE = 10;
const RUNS = 40;
const WARMUP = 3;
const APP_PASSWORD = 'haulwise-bench-app';

/** The statements a procedure sent, without the transaction's own (begin, set_config, commit). */
const procedureStatements = (captured: CompiledQuery[]) =>
  captured.filter((query) => !/^(begin|commit|rollback)\b|set_config\(/i.test(query.sql.trim()));

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'haulwise-bench-dash-'));
  const embedded = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'haulwise_bench' });
  let started: StartedServices | null = null;
  let appDb: Kysely<Database> | null = null;
  let ownerPool: pg.Pool | null = null;
  try {
    const config = loadConfig({
      NODE_ENV: 'production',
      APP_DB_PASSWORD: APP_PASSWORD,
      APP_ORIGIN: 'http://localhost',
      HAULWISE_DATA_DIR: dataDir,
    });
    started = await createServices(config, embedded.url, {
      poolSize: 2,
      log: { info: () => {}, warn: (message) => console.warn(message), error: (message) => console.error(message) },
    });
    ownerPool = new pg.Pool({ connectionString: embedded.url, max: 4 });
    const client = await ownerPool.connect();
    let big = { companyId: '', adminId: '' };
    try {
      const options: GenerateOptions = { passwordHash: 'not-a-real-hash', skipTriggers: await canSkipTriggers(client) };
      for (let index = 0; index < OTHER_COMPANIES; index += 1) {
        await generateCompany(
          client,
          { name: companyName(index), loads: OTHER_COMPANY_LOADS, drivers: 25, brokers: 10, carriers: 5 },
          options,
        );
      }
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
    await ownerPool.query('analyze');

    const captured: CompiledQuery[] = [];
    appDb = recordingAppDb(embedded.url, APP_PASSWORD, captured);
    const services = { ...started.services, db: appDb };
    const as = {
      dispatcher: await callerAs(services, dispatcherId),
      sales: await callerAs(services, salesId),
      treasury: await callerAs(services, treasuryId),
    };
    const owner = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: ownerPool }) });

    const shapes: { name: string; budget: number; call: () => Promise<unknown> }[] = [
      { name: 'dashboard.dispatch', budget: 50, call: () => as.dispatcher.dashboard.dispatch() },
      { name: 'dashboard.sales', budget: 50, call: () => as.sales.dashboard.sales() },
      { name: 'analytics.report (year, treasury)', budget: 200, call: () => as.treasury.analytics.report({ range: 'year' }) },
      { name: 'analytics.report (year, sales)', budget: 200, call: () => as.sales.analytics.report({ range: 'year' }) },
    ];
    console.log(
      `${BIG_COMPANY_LOADS.toLocaleString('en-US')} loads in the measured company; ${RUNS} runs each after ${WARMUP} warm-up runs.`,
    );
    console.log('  ours  = one procedure call (guards, the tenant transaction, every statement, output validation)');
    console.log('  floor = the same statements as the owner in one transaction, row-level security bypassed\n');
    console.log(
      `  ${'call'.padEnd(36)}${'statements'.padEnd(12)}${'ours p50'.padEnd(12)}${'ours p95'.padEnd(12)}${'floor p50'.padEnd(12)}budget`,
    );
    for (const shape of shapes) {
      captured.length = 0;
      await shape.call();
      const statements = procedureStatements(captured);
      for (let index = 0; index < WARMUP; index += 1) await shape.call();
      const ours: number[] = [];
      const floor: number[] = [];
      for (let index = 0; index < RUNS; index += 1) {
        let start = performance.now();
        await shape.call();
        ours.push(performance.now() - start);
        start = performance.now();
        await owner.transaction().execute(async (tx) => {
          for (const query of statements) await tx.executeQuery(query);
        });
        floor.push(performance.now() - start);
      }
      const p95 = percentile(ours, 0.95);
      console.log(
        `  ${shape.name.padEnd(36)}${String(statements.length).padEnd(12)}${`${percentile(ours, 0.5).toFixed(1)} ms`.padEnd(12)}${`${p95.toFixed(1)} ms`.padEnd(12)}${`${percentile(floor, 0.5).toFixed(1)} ms`.padEnd(12)}${shape.budget} ms ${p95 <= shape.budget ? 'ok' : 'OVER'}`,
      );
    }

    // The plan of the analytics statement (the heaviest), as the app role with row-level security on.
    captured.length = 0;
    await as.treasury.analytics.report({ range: 'year' });
    const analytics = procedureStatements(captured).find((query) => /^select/i.test(query.sql.trim()));
    if (analytics) {
      const explain = CompiledQuery.raw(`explain (analyze, buffers, costs off, summary on) ${analytics.sql}`, [...analytics.parameters]);
      const settings = procedureStatements(captured).filter((query) => /^set local/i.test(query.sql.trim()));
      const plan = await withCompany(appDb, { companyId: big.companyId, userId: treasuryId }, async (tx) => {
        for (const setting of settings) await tx.executeQuery(setting);
        return tx.executeQuery<{ 'QUERY PLAN': string }>(explain);
      });
      console.log('\n  analytics.report (year) plan:');
      for (const row of plan.rows) console.log(`    ${row['QUERY PLAN']}`);
    }

    // The export: 100,000 loads as JSON into a sink that only counts, the live heap sampled after collections.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const live = () => {
      gc();
      return process.memoryUsage().heapUsed;
    };
    for (const format of ['json', 'csv'] as const) {
      const baseline = live();
      let peak = baseline;
      let bytes = 0;
      let chunks = 0;
      const sink = new Writable({
        highWaterMark: 1024 * 1024,
        write(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          chunks += 1;
          if (chunks % 200 === 0) peak = Math.max(peak, live());
          done();
        },
      });
      const start = performance.now();
      const result = await withCompany(appDb, { companyId: big.companyId, userId: big.adminId }, (tx) =>
        streamExport(tx, { companyId: big.companyId, companyName: 'bench', format, categories: ['loads'] }, sink),
      );
      const seconds = (performance.now() - start) / 1000;
      const rows = result.rows.loads ?? 0;
      console.log(
        `\n  export ${format}: ${rows.toLocaleString('en-US')} loads, ${(bytes / 1024 / 1024).toFixed(1)} MB in ${seconds.toFixed(2)} s = ${Math.round(rows / seconds).toLocaleString('en-US')} rows/s (target 20,000); live heap grew ${((peak - baseline) / 1024 / 1024).toFixed(1)} MB`,
      );
    }
  } finally {
    await appDb?.destroy();
    await started?.close();
    await ownerPool?.end().catch(() => {});
    await embedded.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
