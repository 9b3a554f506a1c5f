// `tsx bench/ifta.ts`: IFTA (issue 31: "rebuilding a quarter's IFTA for 100 trucks at one position
// per 15 s (about 52 million positions) in under 60 s; reading the report in under 200 ms").
// A fresh embedded PostgreSQL and the real services; one generated company with BENCH_IFTA_TRUCKS
// trucks (default 2: about 1.06 million positions, which runs in about a minute on 2 cores), each
// driven by its own driver the whole quarter (2026-Q3, 92 days), one position every 15 s, day and
// night, back and forth across Colorado, Kansas and Missouri at about 60 mph. Side by side:
//   - ours: rebuildTrucks (server/src/domains/ifta/rebuild-tasks.ts, what the ifta-rebuild job
//     runs): rollUpTruckDays (rollup.ts) for every truck, two at a time, each as the app role in a
//     tenant transaction: each assignment's positions streamed through a cursor a day per row,
//     each segment split at state lines (point in polygon over us-atlas), day rows and gaps written;
//   - floor: `select count(*), sum(lat)` over the same positions as the owner (one scan, no maths);
//   - the report: ifta.report through the real procedure as treasury, BENCH_IFTA_READS times.
// Prints positions/s and the extrapolation to 100 trucks (52M positions) against the 60 s goal.
// BENCH_RECORD=0 leaves bench/results.json alone. Do not run it at full size (BENCH_IFTA_TRUCKS=100) on a shared machine.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { quarterRange } from '#shared/schemas/ifta.js';
import { loadConfig } from '../server/src/config.js';
import { createServices, type StartedServices } from '../server/src/create-services.js';
import { startEmbeddedPostgres } from '../server/src/db/embedded.js';
import { loadJurisdictions } from '../server/src/domains/ifta/jurisdictions.js';
import { REBUILD_CONCURRENCY, rebuildTrucks } from '../server/src/domains/ifta/rebuild-tasks.js';
import { canSkipTriggers, companyName, generateCompany } from '../scripts/generate-scale.js';
import { recordResults, type BenchRow } from './results.js';
import { addMember, callerAs, freePort, median, percentile } from './support.js';

const TRUCKS = Number(process.env.BENCH_IFTA_TRUCKS ?? 2);
const READS = Number(process.env.BENCH_IFTA_READS ?? 20);
const QUARTER = '2026-Q3';
const FULL_POSITIONS = 52_000_000;
const GOAL_REBUILD_S = 60;
const GOAL_REPORT_MS = 200;
const APP_PASSWORD = 'haulwise-bench-app';

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'haulwise-bench-ifta-'));
  const embedded = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'haulwise_bench' });
  let started: StartedServices | null = null;
  const owner = new pg.Pool({ connectionString: embedded.url, max: 2 });
  owner.on('error', () => {});
  try {
    const config = loadConfig({
      NODE_ENV: 'development',
      APP_DB_PASSWORD: APP_PASSWORD,
      HAULWISE_DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      DEMO_SIMULATION: 'off',
      // The quarter's partitions are older than the default 90 days' retention: keep them.
      POSITIONS_RETENTION_DAYS: '3650',
    });
    started = await createServices(config, embedded.url, {
      poolSize: 4,
      log: { info: () => {}, warn: (message) => console.warn(message), error: (message) => console.error(message) },
    });
    const client = await owner.connect();
    let companyId: string;
    try {
      ({ companyId } = await generateCompany(
        client,
        { name: companyName(0), loads: 0, drivers: TRUCKS, brokers: 1, carriers: 1 },
        { passwordHash: 'not-a-real-hash', skipTriggers: await canSkipTriggers(client) },
      ));
    } finally {
      client.release();
    }
    const treasuryId = await addMember(owner, companyId, 'treasury');
    const { from, to } = quarterRange(QUARTER);
    const seeding = performance.now();
    await owner.query(`select positions_partition_create(d::date) from generate_series($1::date, $2::date, interval '1 day') d`, [
      from,
      to,
    ]);
    const { rows: trucks } = await owner.query<{ id: string; driver_id: string; n: number }>(
      `with d as (select id, row_number() over (order by id)::int as n from drivers where company_id = $1)
       insert into trucks (company_id, unit_number) select $1, 'B' || d.n from d
       returning id, (select id from d where 'B' || d.n = unit_number) as driver_id, substring(unit_number from 2)::int as n`,
      [companyId],
    );
    for (const truck of trucks) {
      await owner.query(`insert into truck_assignments (company_id, truck_id, driver_id, starts_at) values ($1, $2, $3, $4)`, [
        companyId,
        truck.id,
        truck.driver_id,
        `${from}T00:00:00Z`,
      ]);
      // Back and forth along 39°N between 102.2°W and 94.4°W (about 420 miles, Colorado to Missouri) at about 60 mph.
      await owner.query(
        `insert into positions (company_id, driver_id, recorded_at, idempotency_key, lat, lng, accuracy)
         select $1, $2, $3::timestamptz + g * interval '15 seconds', gen_random_uuid(),
                round((39.0 + 0.2 * sin(g / 900.0))::numeric, 6),
                round((-98.3 + 3.9 * sin(2 * pi() * (g + $5 * 997) / 6400.0))::numeric, 6), 10
         from generate_series(0, $4::int - 1) g`,
        [companyId, truck.driver_id, `${from}T00:00:00Z`, 92 * 5760, truck.n],
      );
    }
    await owner.query('analyze positions');
    const { rows: counted } = await owner.query<{ n: string }>(`select count(*) as n from positions where company_id = $1`, [companyId]);
    const positions = Number(counted[0]?.n ?? 0);
    console.log(
      `seeded ${TRUCKS} trucks, ${positions.toLocaleString('en-US')} positions in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );

    // The floor: one scan of the same positions, no maths.
    const f0 = performance.now();
    await owner.query(
      `select count(*), sum(lat) from positions where company_id = $1 and recorded_at >= $2::timestamptz and recorded_at < $3::timestamptz + interval '1 day'`,
      [companyId, `${from}T00:00:00Z`, `${to}T00:00:00Z`],
    );
    const floorS = (performance.now() - f0) / 1000;

    loadJurisdictions();
    const db = started.services.db;
    const r0 = performance.now();
    let read = 0;
    // What the ifta-rebuild job runs: REBUILD_CONCURRENCY trucks side by side, one tenant transaction each.
    await rebuildTrucks(
      db,
      { companyId },
      trucks.map((truck) => truck.id),
      from,
      to,
      async (_tx, result) => {
        read += result.positions;
      },
    );
    const rebuildS = (performance.now() - r0) / 1000;
    const perSecond = read / rebuildS;
    const extrapolatedS = FULL_POSITIONS / perSecond;
    const floorPerSecond = positions / floorS;
    console.log(
      `rebuild: ${read.toLocaleString('en-US')} positions in ${rebuildS.toFixed(1)} s = ${Math.round(perSecond).toLocaleString('en-US')} positions/s; ` +
        `100 trucks (52M positions): ${extrapolatedS.toFixed(0)} s (goal < ${GOAL_REBUILD_S} s: ${extrapolatedS < GOAL_REBUILD_S ? 'met' : 'NOT met'})`,
    );
    console.log(
      `floor (count, sum(lat) scan): ${floorS.toFixed(2)} s = ${Math.round(floorPerSecond).toLocaleString('en-US')} positions/s; 52M: ${(FULL_POSITIONS / floorPerSecond).toFixed(0)} s`,
    );

    const caller = await callerAs(started.services, treasuryId);
    const times: number[] = [];
    let lines = 0;
    for (let i = 0; i < READS; i += 1) {
      const t0 = performance.now();
      const report = await caller.ifta.report({ quarter: QUARTER });
      times.push(performance.now() - t0);
      lines = report.lines.length;
    }
    const reportMedian = median(times);
    console.log(
      `report: median ${reportMedian.toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms, ${lines} jurisdictions (goal < ${GOAL_REPORT_MS} ms)`,
    );

    const note = `${TRUCKS} trucks, ${read.toLocaleString('en-US')} positions, ${REBUILD_CONCURRENCY} at a time; load average ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores`;
    const rows: BenchRow[] = [
      {
        name: 'IFTA rebuild of a quarter, extrapolated to 100 trucks at one position per 15 s (52M positions)',
        unit: 's',
        median: extrapolatedS,
        p95: extrapolatedS,
        peer: 'count(*), sum(lat) scan of the same positions (owner), extrapolated',
        peerMedian: FULL_POSITIONS / floorPerSecond,
        ratio: extrapolatedS / (FULL_POSITIONS / floorPerSecond),
        goal: `< ${GOAL_REBUILD_S} s`,
        met: extrapolatedS < GOAL_REBUILD_S,
        note,
      },
      {
        name: `ifta.report (${QUARTER}, treasury, through the procedure)`,
        unit: 'ms',
        median: reportMedian,
        p95: percentile(times, 0.95),
        goal: `< ${GOAL_REPORT_MS} ms`,
        met: reportMedian < GOAL_REPORT_MS,
        note,
      },
    ];
    // BENCH_RECORD=0: a trial run that leaves bench/results.json as it is.
    if (process.env.BENCH_RECORD !== '0') recordResults('ifta', rows);
  } finally {
    await started?.close();
    await owner.end();
    await embedded.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
