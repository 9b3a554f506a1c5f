// `tsx bench/fleet-map.ts`: the fleet map at 10,000 drivers (issue 14: main-thread work per
// update under 8 ms). Runs the very client code of client/src/features/fleet-map in Node:
//   - main thread, per update (the list in which one driver moved): summarizeFleet (counts and the
//     worker's packed points), the 'load' message to the clustering worker (typed arrays
//     transferred, ids only when changed) and the view's 'clusters' request (postMessage
//     serializes on the sender: structuredClone with the same transfer list here), the worker's
//     answer received (deserialized), featureCollection and the GeoJSON handed to MapLibre's
//     setData (which posts it to MapLibre's own worker: structuredClone again);
//   - beside it, in the same run, the clustering worker's part of the same update (the load
//     message deserialized, supercluster's index rebuilt, the clusters of the view), off the main thread;
//   - a live update as the screen now takes it, whole: the burst's changes turned into a
//     fleet.changed request (fleetDeltaRequest), the answer's HTTP body parsed (JSON.parse of the
//     tRPC batch body), merged into the cached list by setQueryData on a real QueryClient (mergeFleet,
//     then react-query's structural sharing), then the per-update work above on the merged list.
//     Bursts: 7 drivers (1,000 drivers reporting every 15 s, one 100 ms batch of the live channel),
//     67 (all 10,000 reporting every 15 s), and a heavy burst of 1,000 (read as 10 answers of
//     FLEET_DELTA_CHUNK = 100, each merged as it lands: each is an update; the burst's total is printed);
//   - the full read (first load, a resync, the 90 s refresh): the fleet.list body parsed, and at the
//     refresh also structural sharing against the list held; beside it the previous list's shape
//     (380 bytes a driver: company, lane and broker on every row) parsed in the same run.
//   - the server's side (BENCH_FLEET_SERVER=0 leaves it out): a company of 10,000 drivers on an
//     embedded PostgreSQL, a dispatcher's tRPC caller (guards, the tenant transaction under
//     row-level security, output validation): fleet.changed naming 7, 67 and 250 drivers beside
//     fleet.list in the same run (wall time per call, one call at a time: the round trip to
//     PostgreSQL is part of it). Before the delta read, every live burst cost each open map a fleet.list.
// The client figures are CPU time (process.cpuUsage), not wall time: the machine is shared.
// No React, DOM or WebGL here: React's re-render of the screen and MapLibre's drawing are not
// counted (the draw happens on the GPU and in MapLibre's worker; the list shows 200 drivers).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { cpuUsage } from 'node:process';
import pg from 'pg';
import { gpsFreshness, toMapLibreZoom, DEFAULT_MAP_ZOOM } from '#shared/rules/geo.js';
import { QueryClient } from '@tanstack/query-core';
import {
  FLEET_CHANGED_MAX_IDS,
  FLEET_DELTA_CHUNK,
  type FleetChangedOutput,
  type FleetDriver,
  type FleetListOutput,
} from '#shared/schemas/fleet.js';
import type { LiveChangeItem } from '#shared/schemas/live.js';
import { createClusterIndex } from '../client/src/features/fleet-map/cluster-index.js';
import type { ClusterFeature, ClusterRequest, ClusterResponse } from '../client/src/features/fleet-map/cluster-protocol.js';
import { fleetDeltaRequest, mergeFleet, shareFleet } from '../client/src/features/fleet-map/fleet-delta.js';
import { featureCollection, loadMessage, summarizeFleet } from '../client/src/features/fleet-map/fleet-map-model.js';
import { loadConfig } from '../server/src/config.js';
import { startEmbeddedPostgres } from '../server/src/db/embedded.js';
import { createServices, type StartedServices } from '../server/src/create-services.js';
import { canSkipTriggers, generateCompany } from '../scripts/generate-scale.js';
import { recordResults, type BenchRow } from './results.js';
import { addMember, callerAs, freePort, median, percentile } from './support.js';

const DRIVERS = Number(process.env.BENCH_FLEET_DRIVERS ?? 10_000);
const UPDATES = 300;
const WORKER_UPDATES = 60;
const WARMUP = 30;
const GOAL_MS = 8;

/**
 * CPU milliseconds this process has used: the work done, whatever else the machine runs (eight
 * engineers share its 2 cores; wall time here measures the queue for a core as much as the code).
 * Node runs this code on one thread, so this is that thread's work (plus the collector's helpers).
 */
const now = () => {
  const { user, system } = cpuUsage();
  return (user + system) / 1000;
};

/** A deterministic pseudo-random sequence (the same fleet every run). */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const driverId = (index: number) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
const loadIdOf = (index: number) => `10000000-0000-4000-8000-${String(index).padStart(12, '0')}`;

/** The fleet as fleet.list answers it now; half the drivers on a load. */
function fleet(count: number, now: number): FleetDriver[] {
  const next = random(42);
  return Array.from({ length: count }, (_, index) => {
    const minutesAgo = next() < 0.6 ? next() * 5 : next() < 0.5 ? 5 + next() * 25 : 30 + next() * 600;
    return {
      id: driverId(index),
      firstName: 'Driver',
      lastName: `Number ${index}`,
      phone: '+15550100000',
      status: 'available',
      lat: Math.round((25 + next() * 24) * 1e6) / 1e6,
      lng: Math.round((-124 + next() * 56) * 1e6) / 1e6,
      lastLocationUpdate: new Date(now - minutesAgo * 60_000).toISOString().replace('Z', '+00:00'),
      currentLoad: next() < 0.5 ? { id: loadIdOf(index), loadNumber: `LD-${String(index).padStart(6, '0')}`, status: 'in_transit' } : null,
    } satisfies FleetDriver;
  });
}

/** The same fleet in fleet.list's previous shape (before this change): company, lane and broker on every row. */
function previousShape(drivers: readonly FleetDriver[]) {
  return drivers.map((driver) => ({
    ...driver,
    companyName: 'Summit Freight',
    currentLoad: driver.currentLoad
      ? {
          ...driver.currentLoad,
          pickupCity: 'Dallas',
          pickupState: 'TX',
          deliveryCity: 'Chicago',
          deliveryState: 'IL',
          brokerName: 'Acme Logistics',
          brokerPhone: '+15550100001',
        }
      : null,
  }));
}

function stats(samples: number[]) {
  return { median: median(samples), p95: percentile(samples, 0.95), p99: percentile(samples, 0.99) };
}
const ms = (value: number) => `${value.toFixed(2)} ms`;

async function main(): Promise<void> {
  const startedAt = Date.now();
  let drivers = fleet(DRIVERS, startedAt);
  const index = createClusterIndex();
  // The screen's first view: the US at the spec's zoom 4 (a ~1,200 px wide map), as FleetMap asks for it.
  const bbox: [number, number, number, number] = [-130, 20, -60, 52];
  const zoom = toMapLibreZoom(DEFAULT_MAP_ZOOM) + 1;
  const move = random(7);

  /** One driver reports: fleet.list's new answer keeps every other driver's object (react-query's structural sharing). */
  const moveOne = () => {
    const at = Math.floor(move() * drivers.length);
    const driver = drivers[at] as FleetDriver;
    drivers = drivers.slice();
    drivers[at] = { ...driver, lat: (driver.lat ?? 0) + 0.01, lng: (driver.lng ?? 0) + 0.01, lastLocationUpdate: new Date().toISOString() };
  };

  const first = summarizeFleet(drivers, startedAt).points;
  index.load(first.ids, first.coords, first.freshness);
  let sentIds: string[] | null = first.ids;
  let features = index.clusters(bbox, zoom);
  console.log(`${DRIVERS.toLocaleString('en-US')} drivers; the view (US, zoom 4) shows ${features.length} markers and clusters.`);

  const main: number[] = [];
  const parts = { summarize: [] as number[], post: [] as number[], receive: [] as number[], draw: [] as number[] };
  const worker: number[] = [];
  for (let update = 0; update < WARMUP + UPDATES; update += 1) {
    moveOne();
    // Main thread: the page's summary, the worker's messages.
    let start = now();
    const { points } = summarizeFleet(drivers, Date.now());
    const summarized = now();
    // postMessage(message, transfer): the typed arrays move, the ids only when they changed.
    const { message, transfer } = loadMessage(points, sentIds);
    sentIds = points.ids;
    const delivered = structuredClone(message, { transfer });
    structuredClone({ type: 'clusters', requestId: update, bbox, zoom } satisfies ClusterRequest);
    const posted = now();
    const beforeMain = posted - start;

    // The worker (every update while its share is measured; its index stays current either way).
    const workerStart = now();
    if (update < WARMUP + WORKER_UPDATES || update % 5 === 0) {
      if (delivered.type === 'load') index.load(delivered.ids, delivered.coords, delivered.freshness);
      features = index.clusters(bbox, zoom);
    }
    const workerMs = now() - workerStart;
    const response = { type: 'clusters', requestId: update, features } satisfies ClusterResponse;

    // Main thread again: the answer received, the GeoJSON built and handed to MapLibre.
    start = now();
    const received = structuredClone(response);
    const receivedAt = now();
    structuredClone(featureCollection(received.features, null));
    const drawn = now();
    if (update >= WARMUP) {
      main.push(beforeMain + (drawn - start));
      parts.summarize.push(summarized - (posted - beforeMain));
      parts.post.push(posted - summarized);
      parts.receive.push(receivedAt - start);
      parts.draw.push(drawn - receivedAt);
      if (update < WARMUP + WORKER_UPDATES) worker.push(workerMs);
    }
  }

  // Before (commit 97c5474): the page mapped every driver through gpsFreshness into point objects
  // and posted all 10,000 to the worker as objects (cloned), and re-made up to 400 DOM markers for
  // the cluster counts (not counted here: no DOM in Node).
  const before: number[] = [];
  for (let update = 0; update < WARMUP + UPDATES / 3; update += 1) {
    moveOne();
    const start = now();
    const at = Date.now();
    const points = drivers.flatMap((driver) =>
      driver.lat !== null && driver.lng !== null
        ? [{ id: driver.id, lat: driver.lat, lng: driver.lng, freshness: gpsFreshness(driver.lastLocationUpdate, at) }]
        : [],
    );
    const counts = { active: 0, idle: 0, offline: 0 };
    for (const driver of drivers) counts[gpsFreshness(driver.lastLocationUpdate, at)] += 1;
    structuredClone({ type: 'load', points: [...points] });
    structuredClone(featureCollection(features, null));
    if (update >= WARMUP) before.push(now() - start);
  }

  // Live updates through the delta read, on a real QueryClient holding the list.
  const client = new QueryClient();
  const key = [['fleet', 'list'], { input: {}, type: 'query' }];
  // The screen's fleet.list query shares structure with shareFleet (FleetMapPage).
  client.setQueryDefaults(key, { structuralSharing: shareFleet });
  client.setQueryData<FleetListOutput>(key, { drivers, truncated: false });
  const pick = random(11);
  /** A burst: `size` drivers report; their live changes, and fleet.changed's answers (HTTP bodies, at most FLEET_DELTA_CHUNK drivers each). */
  const burst = (size: number) => {
    const list = client.getQueryData<FleetListOutput>(key) as FleetListOutput;
    const changes: LiveChangeItem[] = [];
    const moved: FleetDriver[] = [];
    const seen = new Set<number>();
    while (moved.length < size) {
      const at = Math.floor(pick() * list.drivers.length);
      if (seen.has(at)) continue;
      seen.add(at);
      const driver = list.drivers[at] as FleetDriver;
      changes.push({ table: 'drivers', op: 'UPDATE', id: driver.id, status: null, previousStatus: null });
      moved.push({
        ...driver,
        lat: Math.round(((driver.lat ?? 30) + 0.001) * 1e6) / 1e6,
        lng: Math.round(((driver.lng ?? -97) + 0.001) * 1e6) / 1e6,
        lastLocationUpdate: new Date().toISOString().replace('Z', '+00:00'),
      });
    }
    const bodies: string[] = [];
    for (let from = 0; from < moved.length; from += FLEET_DELTA_CHUNK) {
      const answer: FleetChangedOutput = { drivers: moved.slice(from, from + FLEET_DELTA_CHUNK), removed: [] };
      bodies.push(JSON.stringify([{ result: { data: answer } }]));
    }
    return { changes, bodies };
  };
  let liveSentIds: string[] | null = sentIds;
  /** The map's per-update work on the list held (as the screen does after each merge). */
  const redraw = () => {
    const merged = client.getQueryData<FleetListOutput>(key) as FleetListOutput;
    const { points } = summarizeFleet(merged.drivers, Date.now());
    const { message, transfer } = loadMessage(points, liveSentIds);
    liveSentIds = points.ids;
    structuredClone(message, { transfer });
    structuredClone({ type: 'clusters', requestId: 0, bbox, zoom } satisfies ClusterRequest);
    const received = structuredClone({ type: 'clusters', requestId: 0, features } satisfies ClusterResponse);
    structuredClone(featureCollection(received.features as ClusterFeature[], null));
  };
  /**
   * One burst's main-thread work (see the header): the request's ids, then per answer (each lands
   * on its own and is one update of the screen) the body parsed, merged, and the map redrawn.
   * Answers the CPU time of each update.
   */
  const liveUpdates = (changes: LiveChangeItem[], bodies: string[]) => {
    const spent: number[] = [];
    let start = now();
    const request = fleetDeltaRequest(client.getQueryData<FleetListOutput>(key), changes);
    if (request.driverIds.size !== changes.length) throw new Error('the request lost drivers');
    for (const body of bodies) {
      const [answer] = JSON.parse(body) as [{ result: { data: FleetChangedOutput } }];
      client.setQueryData<FleetListOutput>(key, (list) => list && mergeFleet(list, answer.result.data));
      redraw();
      const end = now();
      spent.push(end - start);
      start = end;
    }
    return spent;
  };
  const BURSTS = [
    { size: 7, runs: 300, label: '7 drivers (1,000 reporting every 15 s, one 100 ms batch)' },
    { size: 67, runs: 200, label: '67 drivers (10,000 reporting every 15 s, one 100 ms batch)' },
    { size: 1_000, runs: 60, label: '1,000 drivers (a heavy burst: 10 answers of 100, each an update)' },
  ];
  const live = BURSTS.map(({ size, runs, label }) => {
    const samples: number[] = [];
    const totals: number[] = [];
    let bytes = 0;
    for (let run = 0; run < WARMUP + runs; run += 1) {
      const { changes, bodies } = burst(size);
      const spent = liveUpdates(changes, bodies);
      if (run >= WARMUP) {
        samples.push(...spent);
        totals.push(spent.reduce((sum, value) => sum + value, 0));
      }
      bytes = bodies.reduce((sum, body) => sum + body.length, 0);
    }
    return { size, label, bytes, answers: Math.ceil(size / FLEET_DELTA_CHUNK), total: stats(totals), ...stats(samples) };
  });
  // The URL of the largest fleet.changed call (a GET; Node refuses a request line and headers over 16 KiB).
  const urlLength = `/trpc/fleet.changed?batch=1&input=${encodeURIComponent(
    JSON.stringify({ 0: { driverIds: Array.from({ length: FLEET_CHANGED_MAX_IDS }, (_, index) => driverId(index)), loadIds: [] } }),
  )}`.length;

  // The full read (first load, resync, the 90 s refresh): fleet.list's body parsed, beside the previous shape's.
  const listNow = client.getQueryData<FleetListOutput>(key) as FleetListOutput;
  const body = JSON.stringify([{ result: { data: listNow } }]);
  const previousBody = JSON.stringify([{ result: { data: { drivers: previousShape(listNow.drivers), truncated: false } } }]);
  const parses: number[] = [];
  const previousParses: number[] = [];
  const refreshes: number[] = [];
  for (let run = 0; run < 40; run += 1) {
    let start = now();
    JSON.parse(body);
    if (run >= 5) parses.push(now() - start);
    start = now();
    JSON.parse(previousBody);
    if (run >= 5) previousParses.push(now() - start);
    // The 90 s refresh: parsed, then structurally shared against the list held (shareFleet: every driver compared).
    start = now();
    const [fresh] = JSON.parse(body) as [{ result: { data: FleetListOutput } }];
    client.setQueryData<FleetListOutput>(key, fresh.result.data);
    if (run >= 5) refreshes.push(now() - start);
  }

  const ours = stats(main);
  const off = stats(worker);
  const parse = stats(parses);
  const previousParse = stats(previousParses);
  const refresh = stats(refreshes);
  const previous = stats(before);
  const mb = (length: number) => `${(length / 1024 / 1024).toFixed(2)} MB`;
  console.log(`  main thread per update: median ${ms(ours.median)}, p95 ${ms(ours.p95)}, p99 ${ms(ours.p99)} (goal < ${GOAL_MS} ms)`);
  console.log(
    `    summarizeFleet ${ms(median(parts.summarize))}, worker messages ${ms(median(parts.post))}, answer received ${ms(median(parts.receive))}, GeoJSON to MapLibre ${ms(median(parts.draw))} (medians)`,
  );
  console.log(
    `  the previous main-thread code (objects cloned, DOM markers not counted): median ${ms(previous.median)}, p99 ${ms(previous.p99)}`,
  );
  console.log(`  clustering worker per update (off the main thread): median ${ms(off.median)}, p99 ${ms(off.p99)}`);
  for (const row of live)
    console.log(
      `  live update, burst of ${row.label}: delta answer${row.answers > 1 ? 's' : ''} ${(row.bytes / 1024).toFixed(1)} KB; main thread per update median ${ms(row.median)}, p95 ${ms(row.p95)}, p99 ${ms(row.p99)} (goal < ${GOAL_MS} ms)${row.answers > 1 ? `; the whole burst median ${ms(row.total.median)}, p99 ${ms(row.total.p99)}` : ''}`,
    );
  console.log(`    the largest fleet.changed call's URL: ${urlLength.toLocaleString('en-US')} characters (${FLEET_CHANGED_MAX_IDS} ids)`);
  console.log(
    `  full read: fleet.list answer of ${mb(body.length)} parsed: median ${ms(parse.median)}, p99 ${ms(parse.p99)}; the previous shape (${mb(previousBody.length)}): median ${ms(previousParse.median)}, p99 ${ms(previousParse.p99)}`,
  );
  console.log(
    `    the 90 s refresh (parse + structural sharing against the list held): median ${ms(refresh.median)}, p99 ${ms(refresh.p99)}`,
  );
  const server = process.env.BENCH_FLEET_SERVER === '0' ? [] : await serverSide();
  recordResults('fleet-map', [
    {
      name: `main thread per update, ${DRIVERS.toLocaleString('en-US')} drivers`,
      unit: 'ms',
      ...ours,
      peer: 'clustering worker (off main thread)',
      peerMedian: off.median,
      peerP99: off.p99,
      ratio: ours.median / off.median,
      goal: `p99 < ${GOAL_MS} ms`,
      met: ours.p99 < GOAL_MS,
      note: 'CPU time: summary + worker messages + answer + GeoJSON setData payload; React re-render and GL draw not counted',
    },
    {
      name: `main thread per update, the previous code (before 97c5474)`,
      unit: 'ms',
      ...previous,
      peer: 'ours (packed, transferred)',
      peerMedian: ours.median,
      peerP99: ours.p99,
      ratio: previous.median / ours.median,
      note: 'every driver through gpsFreshness, 10,000 point objects cloned to the worker; plus up to 400 DOM markers not counted',
    },
    ...live.map((row) => ({
      name: `live update, ${row.size.toLocaleString('en-US')} drivers changed, ${DRIVERS.toLocaleString('en-US')} held`,
      unit: 'ms',
      median: row.median,
      p95: row.p95,
      p99: row.p99,
      peer: 'full read parsed (before: every live change)',
      peerMedian: previousParse.median,
      peerP99: previousParse.p99,
      ratio: row.median / previousParse.median,
      goal: `p99 < ${GOAL_MS} ms`,
      met: row.p99 < GOAL_MS,
      note: `burst of ${row.label}: request ids + fleet.changed body parsed (${(row.bytes / 1024).toFixed(1)} KB in all) + merged by setQueryData (shareFleet) + the per-update work above${row.answers > 1 ? `; the whole burst ${row.total.median.toFixed(1)} ms median` : ''}; React re-render and GL draw not counted`,
    })),
    {
      name: `full read: fleet.list parsed (${mb(body.length)}, ${DRIVERS.toLocaleString('en-US')} drivers)`,
      unit: 'ms',
      ...parse,
      peer: `previous shape parsed (${mb(previousBody.length)})`,
      peerMedian: previousParse.median,
      peerP99: previousParse.p99,
      ratio: parse.median / previousParse.median,
      note: `first load, resync, more than 2,000 waiting ids; no per-update goal. The 90 s refresh adds structural sharing: ${ms(refresh.median)} median, ${ms(refresh.p99)} p99 in all`,
    },
    ...server,
  ]);
}

/** The server's side: fleet.changed beside fleet.list for one company of DRIVERS drivers, through a dispatcher's caller. */
async function serverSide(): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'haulwise-bench-fleet-'));
  const embedded = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'haulwise_bench' });
  const owner = new pg.Pool({ connectionString: embedded.url, max: 2 });
  // The database stops at the end: an idle connection's goodbye is no failure.
  owner.on('error', () => {});
  let started: StartedServices | null = null;
  try {
    const config = loadConfig({
      RATE_LIMIT_PER_MINUTE: '100000000',
      NODE_ENV: 'production',
      APP_DB_PASSWORD: 'bench-fleet-app-password',
      APP_ORIGIN: 'http://localhost',
      HAULWISE_DATA_DIR: dataDir,
    });
    started = await createServices(config, embedded.url, {
      poolSize: 2,
      log: { info: () => {}, warn: (message) => console.warn(message), error: (message) => console.error(message) },
    });
    const client = await owner.connect();
    let companyId: string;
    try {
      const options = { passwordHash: 'not-a-real-hash', skipTriggers: await canSkipTriggers(client) };
      ({ companyId } = await generateCompany(
        client,
        { name: 'Fleet Bench Freight', loads: DRIVERS, drivers: DRIVERS, brokers: 20, carriers: 5 },
        options,
      ));
      await client.query('analyze drivers; analyze loads');
    } finally {
      client.release();
    }
    const dispatcher = await callerAs(started.services, await addMember(owner, companyId, 'dispatcher'));
    const { rows } = await owner.query<{ id: string }>('select id from drivers where company_id = $1 order by random()', [companyId]);
    const ids = rows.map((row) => row.id);
    const timed = async (runs: number, call: () => Promise<unknown>) => {
      for (let run = 0; run < 3; run += 1) await call();
      const samples: number[] = [];
      for (let run = 0; run < runs; run += 1) {
        const start = performance.now();
        await call();
        samples.push(performance.now() - start);
      }
      return stats(samples);
    };
    const list = await timed(15, () => dispatcher.fleet.list({}));
    const listed = (await dispatcher.fleet.list({})).drivers.length;
    const deltas = [];
    for (const size of [7, 67, FLEET_CHANGED_MAX_IDS]) {
      let from = 0;
      const figures = await timed(60, () => {
        from = (from + size) % (ids.length - size);
        return dispatcher.fleet.changed({ driverIds: ids.slice(from, from + size) });
      });
      deltas.push({ size, ...figures });
    }
    console.log(`  server, ${listed.toLocaleString('en-US')} drivers (wall time per call through a dispatcher's caller):`);
    console.log(`    fleet.list: median ${ms(list.median)}, p99 ${ms(list.p99)}`);
    for (const delta of deltas)
      console.log(
        `    fleet.changed, ${delta.size} drivers: median ${ms(delta.median)}, p99 ${ms(delta.p99)} (${(delta.median / list.median).toFixed(3)}x fleet.list)`,
      );
    return deltas.map((delta) => ({
      name: `server: fleet.changed, ${delta.size} drivers named (${listed.toLocaleString('en-US')} in the company)`,
      unit: 'ms',
      median: delta.median,
      p95: delta.p95,
      p99: delta.p99,
      peer: 'fleet.list, the whole fleet (each live burst before)',
      peerMedian: list.median,
      peerP99: list.p99,
      ratio: delta.median / list.median,
      note: 'wall time per call through a dispatcher tRPC caller on an embedded PostgreSQL, one call at a time',
    }));
  } finally {
    await started?.close();
    await owner.end().catch(() => {});
    await embedded.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
