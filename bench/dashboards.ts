// `tsx bench/dashboards.ts`: the role dashboards, analytics and the export at the issue's scale
// (1,000,000 loads in 1,000 companies: the measured company with 100,000 beside 999 of 900, by
// default; BENCH_DASHBOARDS_OTHERS and BENCH_DASHBOARDS_OTHER_LOADS make it smaller). Each
// dashboard and the analytics report is called through a tRPC caller down the whole procedure
// path, measured beside its floor in the same run: the sum of the very SQL statements the
// procedure sent, run as the owner with row-level security bypassed. Then an export of the
// 100,000 loads as JSON and as a CSV zip through the real route (POST /api/export over HTTP, a
// real session), its rows per second beside a floor (COPY ... TO STDOUT of the same rows as the
// owner), each export twice: once timed (RSS read every 100 ms), once with the live heap sampled
// after a forced collection every 500 ms (those collections stop the server's thread, so that pass
// is not timed). The server runs in this process.
// Every figure is recorded in bench/results.json (recordResults) for `make bench`.
//
// The database is bench/scale-db.ts's (generated once and kept between runs; the loads and HTTP
// scenarios use the same one).
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { resolveRange } from '#shared/schemas/analytics.js';
import { EXPORT_PATH } from '#shared/schemas/export.js';
import { buildApp } from '../server/src/app.js';
import { SESSION_COOKIE } from '../server/src/services/lucia.js';
import { startSession } from '../server/src/auth/sign-in.js';
import { loadConfig } from '../server/src/config.js';
import type { Database } from '../server/src/db/schema.js';
import type { Scope } from '../server/src/db/scope.js';
import { analyticsFromRollups, liveAnalyticsReport } from '../server/src/domains/analytics/analytics.repository.js';
import { withCompany } from '../server/src/db/with-company.js';
import { createServices, type StartedServices } from '../server/src/create-services.js';
import { recordResults, type BenchRow } from './results.js';
import { APP_PASSWORD, BIG_COMPANY_LOADS, openScaleDatabase } from './scale-db.js';
import { callerAs, median, percentile, recordingAppDb } from './support.js';

const RUNS = 40;
const WARMUP = 3;

/** The statements a procedure sent, without the transaction's own (begin, set_config, commit). */
const procedureStatements = (captured: CompiledQuery[]) =>
  captured.filter((query) => !/^(begin|commit|rollback)\b|set_config\(/i.test(query.sql.trim()));

async function main(): Promise<void> {
  const scale = await openScaleDatabase();
  const { url, dataDir } = scale;
  const prepared = scale.prepared;
  let started: StartedServices | null = null;
  let appDb: Kysely<Database> | null = null;
  let ownerPool: pg.Pool | null = null;
  let closing = false;
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
    ownerPool = new pg.Pool({ connectionString: url, max: 4 });
    // An idle connection the server drops (its shutdown at the end) must not crash the run as an unhandled 'error'.
    ownerPool.on('error', (error) => {
      if (!closing) console.warn(`owner pool: ${error.message}`);
    });
    const big = { companyId: prepared.companyId, adminId: prepared.adminId };
    const { dispatcherId, salesId, treasuryId } = prepared;
    const counts = await ownerPool.query<{ loads: string; companies: string; year: string }>(
      `select count(*) as loads, count(distinct company_id) as companies,
              count(*) filter (where company_id = $1 and created_at >= date_trunc('year', now() at time zone 'UTC') at time zone 'UTC') as year
         from loads`,
      [big.companyId],
    );
    const visible = await ownerPool.query<{ pages: number; visible: number }>(
      `select relpages as pages, relallvisible as visible from pg_class where relname = 'loads'`,
    );
    console.log(
      `${Number(counts.rows[0]?.loads).toLocaleString('en-US')} loads in ${Number(counts.rows[0]?.companies).toLocaleString('en-US')} companies; ` +
        `the measured company's created this year: ${Number(counts.rows[0]?.year).toLocaleString('en-US')}; ` +
        `loads: ${visible.rows[0]?.visible} of ${visible.rows[0]?.pages} pages all-visible`,
    );

    const captured: CompiledQuery[] = [];
    appDb = recordingAppDb(url, APP_PASSWORD, captured);
    const services = { ...started.services, db: appDb };
    const as = {
      dispatcher: await callerAs(services, dispatcherId),
      sales: await callerAs(services, salesId),
      treasury: await callerAs(services, treasuryId),
    };
    const pool = ownerPool;
    const owner = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });

    const rows: BenchRow[] = [];
    const load = () => `load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores`;
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
      rows.push({
        name: `${shape.name}, 100,000-load company`,
        unit: 'ms',
        median: median(ours),
        p95,
        p99: percentile(ours, 0.99),
        peer: `its ${statements.length} statements as owner (no RLS)`,
        peerMedian: median(floor),
        ratio: median(ours) / median(floor),
        goal: `p95 < ${shape.budget} ms`,
        met: p95 < shape.budget,
        note: load(),
      });
      console.log(
        `  ${shape.name.padEnd(36)}${String(statements.length).padEnd(12)}${`${percentile(ours, 0.5).toFixed(1)} ms`.padEnd(12)}${`${p95.toFixed(1)} ms`.padEnd(12)}${`${percentile(floor, 0.5).toFixed(1)} ms`.padEnd(12)}${shape.budget} ms ${p95 <= shape.budget ? 'ok' : 'OVER'}`,
      );
    }

    // The same year for treasury, read from the roll-ups and computed by the live pass over the
    // loads (what it was before the roll-ups), alternately in one transaction each as the app role:
    // the change's own ratio, measured side by side (printed, not recorded).
    {
      const range = resolveRange({ range: 'year' });
      const scope: Scope = {
        userId: treasuryId,
        companyId: big.companyId,
        role: 'treasury',
        isMasterAdmin: false,
        readsCompanyId: big.companyId,
      };
      const tenant = { companyId: big.companyId, userId: treasuryId };
      const rolled: number[] = [];
      const live: number[] = [];
      for (let index = 0; index < WARMUP + 20; index += 1) {
        let start = performance.now();
        await withCompany(appDb, tenant, (tx) => analyticsFromRollups(tx, big.companyId, range));
        if (index >= WARMUP) rolled.push(performance.now() - start);
        start = performance.now();
        await withCompany(appDb, tenant, (tx) => liveAnalyticsReport(tx, scope, range));
        if (index >= WARMUP) live.push(performance.now() - start);
      }
      console.log(
        `\n  analytics, a year for treasury, side by side (20 runs each, ${load()}): roll-ups p50 ${median(rolled).toFixed(1)} ms, ` +
          `live pass over the loads p50 ${median(live).toFixed(1)} ms (${(median(live) / median(rolled)).toFixed(1)}x)`,
      );
    }

    // The plan of the analytics statement (the heaviest), as the app role with row-level security on.
    captured.length = 0;
    await as.treasury.analytics.report({ range: 'year' });
    const analytics = procedureStatements(captured).find((query) => /^(select|with)\b/i.test(query.sql.trim()));
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

    // The export through the real route: POST /api/export over HTTP with the admin's session, the
    // body counted and dropped as it arrives; this process's RSS and live heap (after a forced
    // collection) sampled while it streams (download()). Beside it, the floor: COPY of the same
    // rows (as JSON text, and as CSV) to STDOUT as the owner, counted and dropped the same way.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const app = await buildApp(services);
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const cookie = await startSession(services, big.adminId, { ip: '127.0.0.1', userAgent: 'bench' });
      const sessionId = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(cookie)?.[1] ?? '';
      const columns = (
        await ownerPool.query<{ name: string }>(
          `select column_name as name from information_schema.columns
           where table_schema = 'public' and table_name = 'loads' and column_name <> 'search_text' order by ordinal_position`,
        )
      ).rows.map((row) => `t.${row.name}`);
      const where = `from loads t where t.company_id = '${big.companyId}' order by t.created_at, t.id`;
      const floors = {
        json: `copy (select json_build_object(${columns.map((column) => `'${column.slice(2)}', ${column}`).join(', ')})::text ${where}) to stdout`,
        csv: `copy (select ${columns.join(', ')} ${where}) to stdout with (format csv, header)`,
      };
      for (const format of ['json', 'csv'] as const) {
        try {
          rows.push(await exportRow(format));
        } catch (error) {
          console.error(`\n  export ${format} failed: ${(error as Error).message}`);
          rows.push({
            name: `export ${format === 'json' ? 'JSON' : 'CSV zip'} of 100,000 loads (HTTP route)`,
            unit: 'rows/s',
            median: 0,
            goal: '>= 20,000 rows/s, flat memory',
            met: false,
            note: `failed: ${(error as Error).message}; ${load()}`,
          });
        }
      }
      /**
       * One export over HTTP, the body counted and dropped as it arrives. With `collect`, the live
       * heap is sampled after a forced full collection every 500 ms; each collection stops the
       * server's thread (hundreds of ms with the app's heap on a loaded machine), so that pass
       * measures memory only, and the rows per second come from a pass that only reads RSS.
       */
      async function download(format: 'json' | 'csv', collect: boolean) {
        gc();
        const baseline = { rss: process.memoryUsage().rss, heap: process.memoryUsage().heapUsed };
        const peak = { ...baseline };
        let ticks = 0;
        const sampler = setInterval(() => {
          peak.rss = Math.max(peak.rss, process.memoryUsage().rss);
          ticks += 1;
          if (!collect || ticks % 5 !== 0) return;
          gc();
          peak.heap = Math.max(peak.heap, process.memoryUsage().heapUsed);
        }, 100);
        const started = performance.now();
        let bytes = 0;
        try {
          const response = await fetch(`${origin}${EXPORT_PATH}`, {
            method: 'POST',
            headers: { origin, cookie: `${SESSION_COOKIE}=${sessionId}`, 'content-type': 'application/json' },
            body: JSON.stringify({ format, categories: ['loads'] }),
          });
          if (response.status !== 200)
            throw new Error(`export ${format}: HTTP ${response.status} ${(await response.text()).slice(0, 300)}`);
          const reader = response.body?.getReader();
          for (;;) {
            const chunk = await reader?.read();
            if (!chunk || chunk.done) break;
            bytes += chunk.value.byteLength;
          }
        } finally {
          clearInterval(sampler);
        }
        return {
          seconds: (performance.now() - started) / 1000,
          bytes,
          rssGrowth: (peak.rss - baseline.rss) / 2 ** 20,
          heapGrowth: (peak.heap - baseline.heap) / 2 ** 20,
        };
      }

      async function exportRow(format: 'json' | 'csv'): Promise<BenchRow> {
        const timed = await download(format, false);
        const memory = await download(format, true);
        const { seconds, bytes } = timed;
        const ours = BIG_COMPANY_LOADS / seconds;

        const copyStarted = performance.now();
        const copyClient = await pool.connect();
        let copyBytes = 0;
        try {
          const stream = copyClient.query(copyTo(floors[format]));
          await new Promise<void>((resolve, reject) => {
            stream.on('data', (chunk: Buffer) => (copyBytes += chunk.length));
            stream.on('end', resolve);
            stream.on('error', reject);
          });
        } finally {
          copyClient.release();
        }
        const floor = BIG_COMPANY_LOADS / ((performance.now() - copyStarted) / 1000);
        // RSS from the pass that collects (the timed pass leaves garbage uncollected, and RSS counts the download's client side too).
        const rssGrowth = memory.rssGrowth;
        const heapGrowth = memory.heapGrowth;
        console.log(
          `\n  export ${format} (HTTP): ${BIG_COMPANY_LOADS.toLocaleString('en-US')} loads, ${(bytes / 2 ** 20).toFixed(1)} MB in ${seconds.toFixed(2)} s = ${Math.round(ours).toLocaleString('en-US')} rows/s (target 20,000; the pass sampling the live heap took ${memory.seconds.toFixed(2)} s); ` +
            `COPY floor ${Math.round(floor).toLocaleString('en-US')} rows/s (${(copyBytes / 2 ** 20).toFixed(1)} MB uncompressed); RSS +${rssGrowth.toFixed(1)} MB, live heap +${heapGrowth.toFixed(1)} MB over the baseline`,
        );
        return {
          name: `export ${format === 'json' ? 'JSON' : 'CSV zip'} of 100,000 loads (HTTP route)`,
          unit: 'rows/s',
          median: ours,
          peer: `COPY ... TO STDOUT (${format}) as owner`,
          peerMedian: floor,
          ratio: ours / floor,
          goal: '>= 20,000 rows/s, flat memory',
          met: ours >= 20_000 && heapGrowth < 32,
          note: `${(bytes / 2 ** 20).toFixed(1)} MB; RSS max - baseline ${rssGrowth.toFixed(1)} MB, live heap max - baseline ${heapGrowth.toFixed(1)} MB; ${load()}`,
        };
      }
    } finally {
      await app.close();
    }
    recordResults('dashboards', rows);
  } finally {
    // In order: every pool closed before the server stops, so no idle connection is cut under a pool.
    closing = true;
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
