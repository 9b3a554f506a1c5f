// `tsx bench/imports.ts`: CSV import (issue 28, item 6: "import >= 10,000 rows/s with flat memory").
// A fresh embedded PostgreSQL and the real services; one company per side. For each entity
// (BENCH_IMPORT_ENTITIES, default brokers,loads) a CSV of BENCH_IMPORT_ROWS rows (default 100,000;
// the load numbers, broker names unique) is written to the file store, then, side by side:
//   - ours: the import job's own function (runImport, import-tasks.ts) as the company's admin:
//     the file streamed from the store through the CSV reader, each row read by its mapping and
//     checked by the create form's zod schema, found by its natural key and written 500 at a time
//     in the tenant transaction (a load with its two stops), audited by the tables' triggers,
//     progress recorded per batch;
//   - floor: COPY of the same rows (a load's stops too) as the owner into another company, with
//     the same triggers (audit, names, search text) firing: no parsing, no checks, no lookups.
// Each prints rows/s and the process's peak RSS above its start (sampled every 20 ms); the row
// records ours beside the floor, goal >= 10,000 rows/s. Memory is flat when the peak does not
// grow with the rows (BENCH_IMPORT_ROWS=20000 against 100000 shows it). It records to
// bench/results.json at 100,000 rows or more, unless BENCH_RECORD=0.
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { ImportEntity } from '#shared/schemas/imports.js';
import { loadConfig } from '../server/src/config.js';
import { createServices, type StartedServices } from '../server/src/create-services.js';
import { startEmbeddedPostgres } from '../server/src/db/embedded.js';
import { withCompany } from '../server/src/db/with-company.js';
import { csvLine } from '../server/src/domains/export/export-categories.js';
import { guessMapping } from '../server/src/domains/imports/import-fields.js';
import { runImport } from '../server/src/domains/imports/import-tasks.js';
import { insertImport, queueImport } from '../server/src/domains/imports/imports.repository.js';
import { storageFor } from '../server/src/services/storage/index.js';
import { canSkipTriggers, companyName, generateCompany } from '../scripts/generate-scale.js';
import { recordResults, type BenchRow } from './results.js';
import { freePort, seconds } from './support.js';

/** BENCH_QUICK=1 (a smoke test) imports 20,000 rows and records nothing. */
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? (process.env.BENCH_QUICK === '1' ? 20_000 : 100_000));
const ENTITIES = (process.env.BENCH_IMPORT_ENTITIES ?? 'brokers,loads').split(',').map((name) => name.trim()) as ImportEntity[];
const GOAL_ROWS_PER_SECOND = 10_000;
const APP_PASSWORD = 'haulwise-bench-app';
const CITIES = [
  ['Dallas', 'TX'],
  ['Houston', 'TX'],
  ['Denver', 'CO'],
  ['Atlanta', 'GA'],
  ['Chicago', 'IL'],
  ['Reno', 'NV'],
] as const;

/** The header and the cells of row `index` (1-based), as a sheet would have them. */
function sheet(entity: ImportEntity): { header: string[]; row: (index: number) => string[] } {
  if (entity === 'loads') {
    return {
      header: [
        'Load #',
        'Origin City',
        'Origin State',
        'Destination City',
        'Destination State',
        'Pickup Date',
        'Delivery Date',
        'Rate',
        'Commodity',
      ],
      row: (index) => {
        const [fromCity, fromState] = CITIES[index % CITIES.length] ?? CITIES[0];
        const [toCity, toState] = CITIES[(index + 1) % CITIES.length] ?? CITIES[1];
        return [
          `BENCH-${index}`,
          fromCity,
          fromState,
          toCity,
          toState,
          '11/29/2026',
          '12/01/2026',
          `$${(1000 + (index % 900)).toLocaleString('en-US')}.00`,
          'General freight',
        ];
      },
    };
  }
  return {
    header: ['Contact Name', 'Brokerage', 'E-mail', 'Phone', 'Terms'],
    row: (index) => [`Bench Broker ${index}`, `Brokerage ${index % 500}`, `broker${index}@bench.example`, '555-010-2000', 'Net 30'],
  };
}

async function writeCsv(file: string, entity: ImportEntity): Promise<void> {
  const { header, row } = sheet(entity);
  async function* lines() {
    yield csvLine(header);
    let chunk = '';
    for (let index = 1; index <= ROWS; index += 1) {
      chunk += csvLine(row(index));
      if (index % 1000 === 0) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }
  await pipeline(Readable.from(lines()), createWriteStream(file));
}

/** Peak RSS above the start while `work` runs, sampled every 20 ms. */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number; peakMb: number }> {
  global.gc?.();
  const base = process.memoryUsage.rss();
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  const started = performance.now();
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, seconds: (performance.now() - started) / 1000, peakMb: (peak - base) / (1024 * 1024) };
  } finally {
    clearInterval(timer);
  }
}

/** COPY text format: tabs, newlines and backslashes escaped. */
const copyText = (values: readonly (string | null)[]) =>
  `${values.map((value) => (value === null ? '\\N' : value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n'))).join('\t')}\n`;

async function copyRows(client: pg.PoolClient, statement: string, rows: () => Iterable<string>): Promise<void> {
  async function* chunks() {
    let chunk = '';
    for (const line of rows()) {
      chunk += line;
      if (chunk.length > 64 * 1024) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }
  await pipeline(Readable.from(chunks()), client.query(copyFrom(statement)));
}

/** The floor: the same rows by COPY as the owner, in one transaction, with the company's settings for the triggers. */
async function floor(
  owner: pg.Pool,
  entity: ImportEntity,
  company: { companyId: string; adminId: string },
  options: { triggers: boolean } = { triggers: true },
): Promise<void> {
  const client = await owner.connect();
  try {
    await client.query('begin');
    // The triggers' share: the same COPY with no trigger firing (the owner is a superuser here).
    if (!options.triggers) await client.query('set local session_replication_role = replica');
    await client.query(`select set_config('app.company_id', $1, true), set_config('app.user_id', $2, true)`, [
      company.companyId,
      company.adminId,
    ]);
    const { row } = sheet(entity);
    if (entity === 'brokers') {
      await copyRows(client, 'copy brokers (company_id, name, company_name, email, phone, payment_terms) from stdin', function* () {
        for (let index = 1; index <= ROWS; index += 1) {
          const [name = '', brokerage = '', email = '', phone = '', terms = ''] = row(index);
          yield copyText([company.companyId, name, brokerage, email, phone, terms]);
        }
      });
    } else {
      const ids = Array.from({ length: ROWS }, () => randomUUID());
      await copyRows(
        client,
        'copy loads (id, company_id, load_number, pickup_location, pickup_city, pickup_state, pickup_date, delivery_location, delivery_city, delivery_state, delivery_date, rate, line_haul, commodity, created_by) from stdin',
        function* () {
          for (let index = 1; index <= ROWS; index += 1) {
            const [number = '', fromCity = '', fromState = '', toCity = '', toState = '', , , rate = '', commodity = ''] = row(index);
            const money = rate.replace(/[$,]/g, '');
            yield copyText([
              ids[index - 1] as string,
              company.companyId,
              number,
              `${fromCity}, ${fromState}`,
              fromCity,
              fromState,
              '2026-11-29',
              `${toCity}, ${toState}`,
              toCity,
              toState,
              '2026-12-01',
              money,
              money,
              commodity,
              company.adminId,
            ]);
          }
        },
      );
      await copyRows(
        client,
        'copy load_stops (company_id, load_id, position, stop_type, address, city, state, appointment_date) from stdin',
        function* () {
          for (let index = 1; index <= ROWS; index += 1) {
            const [, fromCity = '', fromState = '', toCity = '', toState = ''] = row(index);
            const id = ids[index - 1] as string;
            yield copyText([company.companyId, id, '0', 'pickup', `${fromCity}, ${fromState}`, fromCity, fromState, '2026-11-29']);
            yield copyText([company.companyId, id, '1', 'drop', `${toCity}, ${toState}`, toCity, toState, '2026-12-01']);
          }
        },
      );
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'haulwise-bench-imports-'));
  const embedded = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'haulwise_bench' });
  let started: StartedServices | null = null;
  const owner = new pg.Pool({ connectionString: embedded.url, max: 2 });
  owner.on('error', () => {});
  const rows: BenchRow[] = [];
  try {
    const config = loadConfig({
      NODE_ENV: 'development',
      APP_DB_PASSWORD: APP_PASSWORD,
      HAULWISE_DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      DEMO_SIMULATION: 'off',
    });
    started = await createServices(config, embedded.url, {
      poolSize: 4,
      log: { info: () => {}, warn: (message) => console.warn(message), error: (message) => console.error(message) },
    });
    const { db } = started.services;
    const storage = storageFor(config);
    const client = await owner.connect();
    const companies: { companyId: string; adminId: string }[] = [];
    try {
      const skipTriggers = await canSkipTriggers(client);
      for (const index of [0, 1, 2]) {
        companies.push(
          await generateCompany(
            client,
            { name: companyName(index), loads: 0, drivers: 1, brokers: 1, carriers: 1 },
            { passwordHash: 'not-a-real-hash', skipTriggers },
          ),
        );
      }
    } finally {
      client.release();
    }
    const [ours, theirs, bare] = companies as [
      { companyId: string; adminId: string },
      { companyId: string; adminId: string },
      { companyId: string; adminId: string },
    ];
    const scope = {
      userId: ours.adminId,
      companyId: ours.companyId,
      role: 'admin' as const,
      isMasterAdmin: false,
      readsCompanyId: ours.companyId,
    };

    for (const entity of ENTITIES) {
      const file = path.join(dataDir, `${entity}.csv`);
      const setup = performance.now();
      await writeCsv(file, entity);
      const size = statSync(file).size;
      const key = `${ours.companyId}/${randomUUID()}`;
      await storage.putFile(key, file, size, 'text/csv');
      const importId = await withCompany(db, { companyId: ours.companyId, userId: ours.adminId }, async (tx) => {
        const id = await insertImport(tx, scope, { entity, fileKey: key, fileName: `${entity}.csv`, fileSize: size });
        await queueImport(tx, scope, id, guessMapping(entity, sheet(entity).header));
        return id;
      });
      console.log(`${entity}: ${ROWS} rows, ${(size / (1024 * 1024)).toFixed(1)} MB CSV (${seconds(setup)})`);

      const run = await measured(() =>
        runImport(config, db, { importId, companyId: ours.companyId, userId: ours.adminId, role: 'admin', isMasterAdmin: false }),
      );
      const oursRate = ROWS / run.seconds;
      console.log(
        `ours:  ${run.seconds.toFixed(1)} s, ${Math.round(oursRate)} rows/s, peak RSS +${run.peakMb.toFixed(0)} MB; created ${run.result.created}, failed ${run.result.failed}`,
      );
      const copied = await measured(() => floor(owner, entity, theirs));
      const floorRate = ROWS / copied.seconds;
      console.log(
        `floor: ${copied.seconds.toFixed(1)} s, ${Math.round(floorRate)} rows/s, peak RSS +${copied.peakMb.toFixed(0)} MB (COPY as the owner)`,
      );
      const untriggered = await measured(() => floor(owner, entity, bare, { triggers: false }));
      const bareRate = ROWS / untriggered.seconds;
      console.log(
        `floor without triggers: ${untriggered.seconds.toFixed(1)} s, ${Math.round(bareRate)} rows/s (the same COPY, no trigger firing)`,
      );
      const met = run.result.created === ROWS && oursRate >= GOAL_ROWS_PER_SECOND;
      console.log(`${entity}: ${Math.round(oursRate)} rows/s (goal >= ${GOAL_ROWS_PER_SECOND}): ${met ? 'met' : 'NOT met'}`);
      rows.push({
        name: `CSV import of ${ROWS.toLocaleString('en-US')} ${entity} (parse, check, upsert, audit)`,
        unit: 'rows/s',
        median: oursRate,
        peer: 'COPY of the same rows (owner, triggers on)',
        peerMedian: floorRate,
        ratio: oursRate / floorRate,
        goal: `>= ${GOAL_ROWS_PER_SECOND} rows/s`,
        met,
        note: `peak RSS +${run.peakMb.toFixed(0)} MB (floor +${copied.peakMb.toFixed(0)} MB); COPY without triggers ${Math.round(bareRate).toLocaleString('en-US')} rows/s; load average ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores`,
      });
    }
    // BENCH_RECORD=0: a trial run that leaves bench/results.json as it is.
    if (ROWS >= 100_000 && process.env.BENCH_RECORD !== '0') recordResults('imports', rows);
  } finally {
    await started?.close();
    await owner.end();
    await embedded.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
