// `tsx bench/ingest.ts`: GPS ingest (issue 14, "Ingest that scales"; issue 16's ingest row).
// A fresh embedded PostgreSQL, 1,000 drivers with location sharing on in 4 companies, each with
// its own account and a real session; then, in the same run, side by side:
//   - ours: positions.report called through a tRPC caller (the whole procedure path: session
//     guards, the tenant transaction with row-level security on, the driver's row lock and
//     consent, validation, one unnest insert into the partitioned table, the driver's latest
//     position) by every driver in turn, batches of BENCH_INGEST_BATCH positions, sustained for
//     BENCH_INGEST_SECONDS;
//   - the same route one position per call (one insert per position);
//   - COPY of as many rows of the same shape into the same table, as the owner (the floor);
//   - issue 31: the same ingest with geofence detection on (every driver with an assigned load,
//     reporting around its pickup), its ratio to the run with detection off (goal >= 0.8x).
// Meanwhile a dispatcher of one company listens on the live channel (realtime.changes, as the
// fleet map does) and the time from a report's call to its drivers change arriving there is the
// fleet map's live-update latency at that rate.
// Over HTTP (POST /trpc/positions.report with each driver's cookie), the load generator runs in a
// child process of its own (this file with INGEST_HTTP_CLIENT=1), so fetch and JSON do not share
// the server's event loop (they still share its 2 cores).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { expandLiveEvent, type LiveFrame } from '#shared/schemas/live.js';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/src/app.js';
import { startSession } from '../server/src/auth/sign-in.js';
import { loadConfig } from '../server/src/config.js';
import { startEmbeddedPostgres } from '../server/src/db/embedded.js';
import { createServices, type StartedServices } from '../server/src/create-services.js';
import { canSkipTriggers, companyName, generateCompany } from '../scripts/generate-scale.js';
import { recordResults, type BenchRow } from './results.js';
import { addMember, callerAs, freePort, median, percentile, seconds, type Caller } from './support.js';

const COMPANIES = 4;
const DRIVERS_PER_COMPANY = 250;
const BATCH = Number(process.env.BENCH_INGEST_BATCH ?? 100);
const SECONDS = Number(process.env.BENCH_INGEST_SECONDS ?? 20);
const SINGLE_SECONDS = Math.max(3, Math.round(SECONDS / 3));
const HTTP_SECONDS = Math.max(5, Math.round(SECONDS / 2));
/** Calls in flight at once (the services' pool is this size too: each call holds one connection). */
const CONCURRENCY = Number(process.env.BENCH_INGEST_CONCURRENCY ?? 8);
/** At most this many rows are copied for the floor (enough for a steady rate). */
const COPY_ROWS_MAX = 400_000;
const GOAL_PER_SECOND = 25_000;
const APP_PASSWORD = 'haulwise-bench-app';

interface Driver {
  userId: string;
  driverId: string;
  companyId: string;
  caller: Caller;
  /** The session cookie (name=value) for the HTTP run. */
  cookie: string;
  /** The newest recorded_at sent so far (each driver's positions move forward in time). */
  clock: number;
  /** Issue 31, the detection run: the pickup of the driver's active load; positions then fall within 2 miles of it. */
  around?: { lat: number; lng: number };
}

/** A driver's next `count` positions, a second apart, ending now, somewhere in the US. */
function batchFor(driver: Driver, count: number) {
  const now = Date.now();
  const start = Math.max(driver.clock + 1, now - count * 1000);
  driver.clock = start + count - 1;
  return Array.from({ length: count }, (_, index) => ({
    idempotencyKey: randomUUID(),
    recordedAt: new Date(Math.min(start + index, now)).toISOString(),
    // Around the active load's pickup (detection run): inside, in the band and outside a 1-mile fence in turn.
    lat: driver.around ? driver.around.lat + ((Math.random() - 0.5) * 4) / 69 : 30 + Math.random() * 15,
    lng: driver.around ? driver.around.lng + ((Math.random() - 0.5) * 4) / 57 : -120 + Math.random() * 40,
    accuracy: 5 + Math.random() * 20,
  }));
}

/** How a batch reaches the procedure; answers the positions stored. */
type Send = (driver: Driver, positions: ReturnType<typeof batchFor>) => Promise<number>;

const viaCaller: Send = async (driver, positions) => (await driver.caller.positions.report({ positions })).stored;

/** Over HTTP, as the portal sends it: POST /trpc/positions.report with the driver's session cookie. */
function viaHttp(origin: string): Send {
  return async (driver, positions) => {
    const response = await fetch(`${origin}/trpc/positions.report`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: driver.cookie, origin: 'http://localhost' },
      body: JSON.stringify({ positions }),
    });
    const body = (await response.json()) as { result?: { data?: { stored: number } } };
    if (!response.ok || !body.result?.data) throw new Error(`HTTP ${response.status}: ${JSON.stringify(body).slice(0, 200)}`);
    return body.result.data.stored;
  };
}

interface Sustained {
  positions: number;
  calls: number;
  elapsedMs: number;
  perSecond: number[];
  latencies: number[];
  errors: number;
}

/** Every worker takes its own share of the drivers in turn (no two calls for one driver at once) until the time is up. */
async function sustain(
  drivers: Driver[],
  batch: number,
  seconds: number,
  onCall?: (driver: Driver, at: number) => void,
  send: Send = viaCaller,
): Promise<Sustained> {
  const windows = new Map<number, number>();
  const latencies: number[] = [];
  let positions = 0;
  let calls = 0;
  let errors = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      const mine = drivers.filter((_, index) => index % CONCURRENCY === worker);
      let turn = 0;
      while (performance.now() < end) {
        const driver = mine[turn % mine.length] as Driver;
        turn += 1;
        const sent = batchFor(driver, batch);
        const at = performance.now();
        onCall?.(driver, at);
        try {
          const stored = await send(driver, sent);
          positions += stored;
          const done = performance.now();
          latencies.push(done - at);
          const second = Math.floor((done - start) / 1000);
          windows.set(second, (windows.get(second) ?? 0) + stored);
        } catch (error) {
          errors += 1;
          if (errors <= 3) console.error(error);
        }
        calls += 1;
      }
    }),
  );
  const elapsedMs = performance.now() - start;
  // Whole seconds only (the last, partial one would read low).
  const perSecond = [...windows.entries()].filter(([second]) => second < Math.floor(elapsedMs / 1000)).map(([, count]) => count);
  return { positions, calls, elapsedMs, perSecond, latencies, errors };
}

async function copyRows(owner: pg.Pool, drivers: Driver[], rows: number): Promise<number> {
  const client = await owner.connect();
  try {
    const now = Date.now();
    function* lines() {
      let chunk = '';
      for (let index = 0; index < rows; index += 1) {
        const driver = drivers[index % drivers.length] as Driver;
        const at = new Date(now - 3_600_000 + (index % 3_600_000)).toISOString();
        chunk += `${driver.companyId}\t${driver.driverId}\t${randomUUID()}\t${at}\t${(30 + Math.random() * 15).toFixed(6)}\t${(-120 + Math.random() * 40).toFixed(6)}\t${(5 + Math.random() * 20).toFixed(1)}\n`;
        if (chunk.length > 64_000) {
          yield chunk;
          chunk = '';
        }
      }
      if (chunk) yield chunk;
    }
    const start = performance.now();
    await pipeline(
      Readable.from(lines()),
      client.query(copyFrom('copy positions (company_id, driver_id, idempotency_key, recorded_at, lat, lng, accuracy) from stdin')),
    );
    return performance.now() - start;
  } finally {
    client.release();
  }
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'haulwise-bench-ingest-'));
  const embedded = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'haulwise_bench' });
  let started: StartedServices | null = null;
  const owner = new pg.Pool({ connectionString: embedded.url, max: 4 });
  // The database stops at the end: an idle connection's goodbye is no failure.
  owner.on('error', () => {});
  const abort = new AbortController();
  let closeApp = async () => {};
  try {
    const setup = performance.now();
    // The bench's one address may call as fast as it can (the limit is proven by its own tests).
    const config = loadConfig({
      RATE_LIMIT_PER_MINUTE: '100000000',
      NODE_ENV: 'production',
      APP_DB_PASSWORD: APP_PASSWORD,
      APP_ORIGIN: 'http://localhost',
      HAULWISE_DATA_DIR: dataDir,
    });
    started = await createServices(config, embedded.url, {
      poolSize: CONCURRENCY + 2,
      log: { info: () => {}, warn: (message) => console.warn(message), error: (message) => console.error(message) },
    });
    const services = started.services;
    const drivers: Driver[] = [];
    let dispatcher: { userId: string; companyId: string } | null = null;
    const client = await owner.connect();
    try {
      const options = { passwordHash: 'not-a-real-hash', skipTriggers: await canSkipTriggers(client) };
      for (let index = 0; index < COMPANIES; index += 1) {
        const company = await generateCompany(
          client,
          { name: companyName(index), loads: 200, drivers: DRIVERS_PER_COMPANY, brokers: 5, carriers: 3 },
          options,
        );
        // Every driver gets an account of their own (no role: a driver), linked, location sharing on.
        const { rows } = await client.query<{ driver_id: string; user_id: string }>(
          `with numbered as (select id, row_number() over (order by id) as n from drivers where company_id = $1),
                accounts as (insert into users (id, email, password_hash, email_verified_at)
                             select gen_random_uuid(), 'driver-' || n || '-' || $1 || '@ingest.example', 'not-a-real-hash', now()
                             from numbered returning id, email),
                profiles as (insert into profiles (user_id, company_id, first_name, last_name)
                             select a.id, $1, 'Driver', split_part(a.email, '-', 2) from accounts a returning user_id)
           update drivers d set user_id = a.id, gps_consent = true
           from numbered n join accounts a on split_part(a.email, '-', 2)::int = n.n
           where d.id = n.id and d.company_id = $1
           returning d.id as driver_id, a.id as user_id`,
          [company.companyId],
        );
        for (const row of rows)
          drivers.push({
            userId: row.user_id,
            driverId: row.driver_id,
            companyId: company.companyId,
            caller: null as never,
            cookie: '',
            clock: 0,
          });
        if (index === 0) dispatcher = { userId: await addMember(owner, company.companyId, 'dispatcher'), companyId: company.companyId };
      }
    } finally {
      client.release();
    }
    for (const driver of drivers) {
      driver.caller = await callerAs(services, driver.userId);
      const cookie = await startSession(services, driver.userId, { ip: '127.0.0.1', userAgent: 'bench' });
      driver.cookie = cookie.split(';')[0] ?? '';
    }
    const app = await buildApp(services);
    await app.listen({ host: '127.0.0.1', port: 0 });
    closeApp = () => app.close();
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    await owner.query('analyze');
    if (process.env.BENCH_INGEST_SYNC_COMMIT === 'off') {
      // An experiment, not the product's setting: commits that do not wait for the WAL flush.
      await owner.query('alter system set synchronous_commit = off');
      await owner.query('select pg_reload_conf()');
    }
    console.log(`${drivers.length} drivers with location sharing on in ${COMPANIES} companies, sessions ready (${seconds(setup)}).`);

    // The fleet map's live channel: a dispatcher of the first company, as the screen listens.
    const sentAt = new Map<string, number>();
    const liveLatencies: number[] = [];
    if (dispatcher) {
      const watcher = await callerAs(services, dispatcher.userId);
      const changes = (await watcher.realtime.changes()) as AsyncIterable<LiveFrame>;
      void (async () => {
        try {
          for await (const batch of changes) {
            if (abort.signal.aborted) break;
            for (const event of expandLiveEvent(batch)) {
              if (event.type !== 'change' || event.table !== 'drivers') continue;
              const at = sentAt.get(event.id);
              if (at === undefined) continue;
              sentAt.delete(event.id);
              liveLatencies.push(performance.now() - at);
            }
          }
        } catch {
          // aborted at the end
        }
      })();
    }
    const watched = new Set(drivers.filter((driver) => driver.companyId === dispatcher?.companyId).map((driver) => driver.driverId));
    const onCall = (driver: Driver, at: number) => {
      if (watched.has(driver.driverId) && !sentAt.has(driver.driverId)) sentAt.set(driver.driverId, at);
    };

    // Warm-up: every driver once.
    await sustain(drivers, BATCH, 2);
    sentAt.clear();
    liveLatencies.length = 0;

    console.log(`ours: positions.report, batches of ${BATCH}, ${CONCURRENCY} calls in flight, ${SECONDS} s ...`);
    const ours = await sustain(drivers, BATCH, SECONDS, onCall);
    const oursRate = (ours.positions / ours.elapsedMs) * 1000;
    const live = [...liveLatencies];
    console.log(
      `  ${ours.positions.toLocaleString('en-US')} positions in ${ours.calls.toLocaleString('en-US')} calls, ${Math.round(oursRate).toLocaleString('en-US')} positions/s; call p50 ${percentile(ours.latencies, 0.5).toFixed(1)} ms p99 ${percentile(ours.latencies, 0.99).toFixed(1)} ms; errors ${ours.errors}`,
    );
    console.log(
      `  live update on the dispatcher's channel: ${live.length} samples, p50 ${percentile(live, 0.5).toFixed(1)} ms, p95 ${percentile(live, 0.95).toFixed(1)} ms, p99 ${percentile(live, 0.99).toFixed(1)} ms`,
    );

    console.log(
      `ours over HTTP: POST /trpc/positions.report, batches of ${BATCH}, ${HTTP_SECONDS} s (load generator in a child process) ...`,
    );
    const http = await sustainOverHttp(drivers, origin);
    const httpRate = (http.positions / http.elapsedMs) * 1000;
    console.log(
      `  ${http.positions.toLocaleString('en-US')} positions, ${Math.round(httpRate).toLocaleString('en-US')} positions/s; call p50 ${percentile(http.latencies, 0.5).toFixed(1)} ms; errors ${http.errors}`,
    );

    console.log(`one insert per position: positions.report with one position per call, ${SINGLE_SECONDS} s ...`);
    const single = await sustain(drivers, 1, SINGLE_SECONDS);
    const singleRate = (single.positions / single.elapsedMs) * 1000;
    console.log(
      `  ${single.positions.toLocaleString('en-US')} positions, ${Math.round(singleRate).toLocaleString('en-US')} positions/s; errors ${single.errors}`,
    );

    // Issue 31: the same ingest with detection on. Every driver gets an assigned load whose two stops
    // have points, and reports positions within 2 miles of its pickup (a 1-mile fence), so every
    // batch is compared with the watched stops and most change a stop's state (the worst case:
    // a truck circling its fence; a truck on the road or parked writes nothing).
    console.log(`detection on: every driver with an assigned load near its pickup, ${SECONDS} s ...`);
    const { rows: pickups } = await owner.query<{ driver_id: string; lat: string; lng: string }>(
      `with drivers_on as (select id, company_id from drivers where user_id is not null and gps_consent),
            made as (insert into loads (company_id, load_number, pickup_location, pickup_city, pickup_state,
                                        delivery_location, delivery_city, delivery_state, status, driver_id, rate)
                     select company_id, 'GEO-' || left(id::text, 8), '1 Bench Rd', 'Dallas', 'TX', '2 Bench Rd', 'Atlanta', 'GA',
                            'assigned', id, 1000
                     from drivers_on returning id, company_id, driver_id),
            points as (select id, company_id, driver_id, 30 + random() * 12 as lat, -115 + random() * 35 as lng from made),
            stops as (insert into load_stops (company_id, load_id, position, stop_type, address, city, state, lat, lng)
                      select company_id, id, 0, 'pickup', '1 Bench Rd', 'Dallas', 'TX', lat, lng from points
                      union all
                      select company_id, id, 1, 'drop', '2 Bench Rd', 'Atlanta', 'GA', lat + 3, lng + 3 from points
                      returning 1)
       select driver_id, lat::text, lng::text from points where (select count(*) from stops) > 0`,
    );
    const pickupOf = new Map(pickups.map((row) => [row.driver_id, { lat: Number(row.lat), lng: Number(row.lng) }]));
    for (const driver of drivers) driver.around = pickupOf.get(driver.driverId);
    await owner.query('analyze loads; analyze load_stops');
    await sustain(drivers, BATCH, 2);
    const detecting = await sustain(drivers, BATCH, SECONDS);
    const detectingRate = (detecting.positions / detecting.elapsedMs) * 1000;
    const { rows: visits } = await owner.query<{ arrived: number; states: number }>(
      `select (select count(*) from load_stops where arrived_at is not null)::int as arrived,
              (select count(*) from stop_geofence_states)::int as states`,
    );
    console.log(
      `  ${detecting.positions.toLocaleString('en-US')} positions, ${Math.round(detectingRate).toLocaleString('en-US')} positions/s (${(detectingRate / oursRate).toFixed(2)}x of detection off: ${Math.round(oursRate).toLocaleString('en-US')}/s); call p50 ${percentile(detecting.latencies, 0.5).toFixed(1)} ms; errors ${detecting.errors}; ${visits[0]?.arrived ?? 0} arrivals, ${visits[0]?.states ?? 0} stop states`,
    );
    for (const driver of drivers) delete driver.around;

    const copyCount = Math.min(COPY_ROWS_MAX, Math.max(50_000, ours.positions));
    console.log(`COPY of ${copyCount.toLocaleString('en-US')} rows as the owner ...`);
    const copyMs = await copyRows(owner, drivers, copyCount);
    const copyRate = (copyCount / copyMs) * 1000;
    console.log(`  ${Math.round(copyRate).toLocaleString('en-US')} positions/s`);

    const ourMedian = ours.perSecond.length > 0 ? median(ours.perSecond) : oursRate;
    const rows: BenchRow[] = [
      {
        name: `positions.report, ${drivers.length} drivers, batches of ${BATCH} (caller)`,
        unit: 'positions/s',
        median: ourMedian,
        p95: percentile(ours.perSecond, 0.05),
        p99: percentile(ours.perSecond, 0.01),
        peer: 'COPY as owner',
        peerMedian: copyRate,
        ratio: oursRate / copyRate,
        goal: `>= ${GOAL_PER_SECOND.toLocaleString('en-US')}/s`,
        met: ourMedian >= GOAL_PER_SECOND,
        note: `per-second windows (p95/p99 = the slowest 5%/1% of seconds); ${Math.round(oursRate)}/s over ${SECONDS} s`,
      },
      {
        name: `positions.report over HTTP, batches of ${BATCH}`,
        unit: 'positions/s',
        median: http.perSecond.length > 0 ? median(http.perSecond) : httpRate,
        p95: percentile(http.perSecond, 0.05),
        p99: percentile(http.perSecond, 0.01),
        peer: 'COPY as owner',
        peerMedian: copyRate,
        ratio: httpRate / copyRate,
        goal: `>= ${GOAL_PER_SECOND.toLocaleString('en-US')}/s`,
        met: httpRate >= GOAL_PER_SECOND,
        note: `${Math.round(httpRate)}/s over ${HTTP_SECONDS} s; the load generator (fetch, JSON of ${BATCH} positions a call) runs in its own process on the same ${cpus().length} cores`,
      },
      {
        name: `positions.report with geofence detection on, batches of ${BATCH} (caller)`,
        unit: 'positions/s',
        median: detecting.perSecond.length > 0 ? median(detecting.perSecond) : detectingRate,
        p95: percentile(detecting.perSecond, 0.05),
        p99: percentile(detecting.perSecond, 0.01),
        peer: 'the same ingest, detection off (no watched stops)',
        peerMedian: oursRate,
        ratio: detectingRate / oursRate,
        goal: '>= 0.8x of detection off',
        met: detectingRate / oursRate >= 0.8,
        note: `every driver with an assigned load, positions within 2 miles of its 1-mile pickup fence (state writes on most batches); ${Math.round(detectingRate)}/s over ${SECONDS} s`,
      },
      {
        name: 'positions.report, one position per call',
        unit: 'positions/s',
        median: singleRate,
        peer: `ours, batches of ${BATCH}`,
        peerMedian: oursRate,
        ratio: singleRate / oursRate,
        note: 'one insert (and one transaction) per position, same route',
      },
      {
        name: 'live update at that rate (report to the drivers change on a dispatcher channel)',
        unit: 'ms',
        median: percentile(live, 0.5),
        p95: percentile(live, 0.95),
        p99: percentile(live, 0.99),
        goal: 'p99 < 1000 ms',
        met: live.length > 0 && percentile(live, 0.99) < 1000,
        note: `${live.length} samples; the fleet map then reads the named drivers (fleet.changed; bench/fleet-map.ts times it)`,
      },
    ];
    recordResults('ingest', rows);
  } finally {
    abort.abort();
    await closeApp();
    await started?.close();
    await owner.end().catch(() => {});
    await embedded.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** What the parent sends the HTTP load generator, and what it answers. */
interface HttpLoad {
  origin: string;
  drivers: { cookie: string; clock: number }[];
}

/** The HTTP run, from a child process: the drivers' clocks move on as the child sent positions. */
async function sustainOverHttp(drivers: Driver[], origin: string): Promise<Sustained> {
  const child = spawn('tsx', [import.meta.filename], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, INGEST_HTTP_CLIENT: '1' },
  });
  try {
    const answer = await new Promise<{ result: Sustained; clocks: number[] }>((resolve, reject) => {
      child.once('message', (message) => resolve(message as { result: Sustained; clocks: number[] }));
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`the HTTP load generator exited (${code}) before answering`)));
      const load: HttpLoad = { origin, drivers: drivers.map((driver) => ({ cookie: driver.cookie, clock: driver.clock })) };
      child.send(load);
    });
    answer.clocks.forEach((clock, index) => {
      const driver = drivers[index];
      if (driver) driver.clock = clock;
    });
    return answer.result;
  } finally {
    child.kill();
  }
}

/** The child: sustains the HTTP load it is sent, answers the figures and the drivers' clocks. */
function httpClientMain(): void {
  process.once('message', (message) => {
    const load = message as HttpLoad;
    const drivers = load.drivers.map((driver) => ({ ...driver, userId: '', driverId: '', companyId: '' }) as unknown as Driver);
    // Warm-up (the child's fetch and the server's HTTP path), then the measured run.
    sustain(drivers, BATCH, 2, undefined, viaHttp(load.origin))
      .then(() => sustain(drivers, BATCH, HTTP_SECONDS, undefined, viaHttp(load.origin)))
      .then(
        (result) => process.send?.({ result, clocks: drivers.map((driver) => driver.clock) }, () => process.exit(0)),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
  });
}

if (process.env.INGEST_HTTP_CLIENT === '1') httpClientMain();
else
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
