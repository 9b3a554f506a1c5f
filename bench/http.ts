// `make bench` (scenario "http"): the server over HTTP, as a browser reaches it (issue 16). The
// issue's scale (bench/scale-db.ts: 1,000,000 loads in 1,000 companies, the measured one with
// 100,000, generated once and kept between runs; BENCH_SCALE_* size it); the real app (createServices + buildApp, bundled
// with esbuild and run by plain node, as the production server is) in a child process, beside two
// peers in that same process:
// a hand-written node:http + pg route serving the same page with the very statements our warm call
// sent, as the app role (the read-only tenant opening, the statement and COMMIT in one query), and a
// bare node:http route.
// autocannon drives each in turn from this process (same 2 cores as the server and PostgreSQL:
// read the ratios, not the milliseconds). Rows:
// - loads.list first page, search, keyset page and loads.get at 16 connections: ours against the
//   hand route (throughput ratio; goal >= 0.85x and p99 < 10 ms), in alternating rounds (loadSideBySide);
// - the same calls one at a time against the raw SQL as the owner in one round trip (latency ratio);
// - a trivial public procedure (auth.session without a cookie) against a plain Fastify route of
//   the same app (/health/live) and against bare node:http (throughput ratio; goal >= 0.8x Fastify).
// BENCH_HTTP_PROFILE=1 writes a CPU profile of the server process to .data/profiles/ (the whole run);
// BENCH_HTTP_PROFILE=ours (our first page), trivial (auth.session), hand (the hand route's first page),
// get and handGet (the lookup, ours and the hand route's), fastify (the plain Fastify route),
// or several with commas, profiles only those calls under load, each after a warm-up run, and records no rows;
// page and handPage profile the keyset page (shape 2), ours and the hand route's.
// BENCH_HTTP_SHAPES=2,3 runs only those shapes' side-by-side rows (16 connections), nothing else, and records no rows.
// BENCH_HTTP_SECONDS: each run.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import inspector from 'node:inspector/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { PAGE_SIZE } from '#shared/schemas/pagination.js';
import { sessionCookieName } from '../server/src/services/lucia.js';
import { startSession } from '../server/src/auth/sign-in.js';
import { appConnectionString } from '../server/src/db/bootstrap.js';
import { serverBundleOptions } from '../scripts/server-bundle.js';
import { recordResults, type BenchRow } from './results.js';
import { APP_PASSWORD, BIG_COMPANY_LOADS, openScaleDatabase } from './scale-db.js';
import { median, percentile, seconds } from './support.js';

const RUN_SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 5);
const CONNECTIONS = 16;
const SERIAL_RUNS = 300;

interface AutocannonResult {
  requests: { average: number; total: number };
  /** Seconds the run lasted. */
  duration: number;
  latency: { p50: number; p90: number; p97_5: number; p99: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

/** One call of the list or lookup as the screen makes it, with the SQL our procedure sent for it (captured in the server). */
interface ShapeInfo {
  name: string;
  /** Path and query of our tRPC call. */
  trpc: string;
  /** The statement on loads alone (for the raw SQL floor): without the tenant opening that travels with it. */
  sql: string;
  params: unknown[];
  /** Every statement a warm call of ours sent, in order (the hand route sends the very same). */
  statements: { sql: string; params: unknown[] }[];
}

/** What the server process tells this one once it listens. */
interface Ready {
  appPort: number;
  handPort: number;
  cookie: string;
  shapes: ShapeInfo[];
}

// ---------------------------------------------------------------------------------------------
// The server process: our app, the hand-written route and bare node:http, in one Node process.
// ---------------------------------------------------------------------------------------------

async function serve(): Promise<void> {
  const { loadConfig } = await import('../server/src/config.js');
  const { createServices } = await import('../server/src/create-services.js');
  const { buildApp } = await import('../server/src/app.js');
  const env = process.env;
  const ownerUrl = env.BENCH_OWNER_URL ?? '';
  const config = loadConfig({
    NODE_ENV: 'production',
    APP_DB_PASSWORD: APP_PASSWORD,
    APP_ORIGIN: 'http://localhost',
    HAULWISE_DATA_DIR: env.BENCH_DATA_DIR ?? '',
    // The load generator is one address: the per-address limit and admission are not what is measured.
    RATE_LIMIT_PER_MINUTE: '100000000',
    MAX_CONCURRENT_REQUESTS: '1000',
    LOG_LEVEL: 'warn',
  });
  const started = await createServices(config, ownerUrl, {
    migrate: false,
    log: { info: () => {}, warn: (message) => console.warn(message), error: (message) => console.error(message) },
  });
  const app = await buildApp(started.services, { logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const appPort = (app.server.address() as AddressInfo).port;

  const userId = env.BENCH_USER_ID ?? '';
  const setCookie = await startSession(started.services, userId, { ip: '127.0.0.1', userAgent: 'bench' });
  const name = sessionCookieName(config);
  const cookie = `${name}=${new RegExp(`${name}=([^;]+)`).exec(setCookie)?.[1] ?? ''}`;

  // The SQL our procedures send for each shape, captured from the pg clients of this process.
  const get = async (url: string) => {
    const response = await fetch(`http://127.0.0.1:${appPort}${url}`, { headers: { cookie } });
    if (response.status !== 200) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { result: { data: unknown } }).result.data;
  };
  const listUrl = (input: unknown) => `/trpc/loads.list?input=${encodeURIComponent(JSON.stringify(input))}`;
  let cursor: string | null = null;
  for (let page = 0; page < 1000 / PAGE_SIZE.default; page += 1) {
    cursor = ((await get(listUrl({ cursor }))) as { nextCursor: string | null }).nextCursor;
  }
  const first = (await get(listUrl({}))) as { items: { id: string }[] };
  const loadId = first.items[0]?.id;
  if (!cursor || !loadId) throw new Error('the measured company has too few loads');
  const calls = [
    { name: 'first page', trpc: listUrl({}) },
    { name: "search 'chicago'", trpc: listUrl({ search: 'chicago' }) },
    { name: 'page 21 (keyset)', trpc: listUrl({ cursor }) },
    { name: 'lookup (loads.get)', trpc: `/trpc/loads.get?input=${encodeURIComponent(JSON.stringify({ id: loadId }))}` },
  ];
  // Each warm call's statements, as any pg client of this process sends them (the session is cached by now):
  // the transaction's opening, its settings, the statement, COMMIT.
  const shapes: ShapeInfo[] = [];
  for (const call of calls) {
    const statements: { sql: string; params: unknown[] }[] = [];
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const [text, values] = args;
      if (typeof text === 'string') statements.push({ sql: text, params: Array.isArray(values) ? values : [] });
      // A query config (Kysely sends none today; kept for any client that does): its text and values.
      const config = text as { text?: unknown; values?: unknown } | null;
      if (typeof config === 'object' && config !== null && typeof config.text === 'string') {
        statements.push({ sql: config.text, params: Array.isArray(config.values) ? (config.values as unknown[]) : [] });
      }
      return (original as (...rest: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    try {
      await get(call.trpc);
    } finally {
      pg.Client.prototype.query = original;
    }
    const query = statements.findLast((statement) => /from "loads"/.test(statement.sql));
    if (!query) throw new Error(`${call.name}: no query on loads was sent`);
    shapes.push({ ...call, sql: query.sql, params: query.params, statements });
    if (call === calls[0]) {
      console.log(
        `Round trips of a warm loads.list: ${statements.length} (${statements.map((statement) => statement.sql.replace(/\s+/g, ' ').slice(0, 100)).join(' | ')})`,
      );
    }
  }

  // The hand-written route: the very statements our warm call sent, as the app role (the read-only
  // tenant opening, the statement and COMMIT in one query), the rows sent as JSON. No session, no validation.
  const handPool = new pg.Pool({ connectionString: appConnectionString(ownerUrl, APP_PASSWORD), max: config.DB_POOL_SIZE });
  const byPath = new Map(shapes.map((shape, index) => [`/shape/${index}`, shape]));
  const plain = JSON.stringify({ result: { data: null } });
  const hand = createServer((request: IncomingMessage, response: ServerResponse) => {
    if (request.url === '/plain') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(plain);
      return;
    }
    const shape = byPath.get(request.url ?? '');
    if (!shape) {
      response.writeHead(404).end();
      return;
    }
    void (async () => {
      const client = await handPool.connect();
      try {
        let rows: unknown[] = [];
        for (const statement of shape.statements) {
          const result = (await client.query(statement.sql, statement.params)) as pg.QueryResult | pg.QueryResult[];
          // The statement's own rows: the last select's (after the settings' select, before COMMIT, when several travel together).
          const results = Array.isArray(result) ? result : [result];
          const read = results.findLast((each) => each.command === 'SELECT');
          if (read) rows = read.rows;
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ result: { data: { items: rows } } }));
      } catch (error) {
        await client.query('rollback').catch(() => {});
        response.writeHead(500).end(String(error));
      } finally {
        client.release();
      }
    })();
  });
  await new Promise<void>((resolve) => hand.listen(0, '127.0.0.1', resolve));
  const handPort = (hand.address() as AddressInfo).port;

  const ready: Ready = { appPort, handPort, cookie, shapes };
  process.send?.(ready);
  const profiler = new inspector.Session();
  process.on('message', (message) => {
    if (message === 'profile-start') {
      profiler.connect();
      void profiler
        .post('Profiler.enable')
        .then(() => profiler.post('Profiler.start'))
        .then(() => process.send?.({ profiling: true }));
      return;
    }
    if (typeof message === 'object' && message !== null && 'profileStop' in message) {
      void profiler.post('Profiler.stop').then(({ profile }) => {
        writeFileSync(String(message.profileStop), JSON.stringify(profile));
        profiler.disconnect();
        process.send?.({ profiling: false });
      });
      return;
    }
    if (message === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send?.({ cpuMicros: user + system });
      return;
    }
    if (message !== 'stop') return;
    void (async () => {
      hand.close();
      await handPool.end();
      await app.close();
      await started.close();
      process.exit(0);
    })();
  });
}

// ---------------------------------------------------------------------------------------------
// The driver: data, the server process, autocannon, the table.
// ---------------------------------------------------------------------------------------------

interface Load {
  rps: number;
  p50: number;
  p99: number;
  failed: number;
  /** The server process's CPU time (user + system) per answered request, in ms. */
  cpuMs: number;
}

let server: ChildProcess | null = null;

/** The server process's CPU time so far, in microseconds. */
async function serverCpu(): Promise<number> {
  const child = server;
  if (!child) return 0;
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      if (typeof message !== 'object' || message === null || !('cpuMicros' in message)) return;
      child.off('message', onMessage);
      resolve(Number(message.cpuMicros));
    };
    child.on('message', onMessage);
    child.send('cpu');
  });
}

/** Sends the server process a message and waits for its answer naming `key`. */
async function tellServer(message: unknown, key: string): Promise<void> {
  const child = server;
  if (!child) return;
  await new Promise<void>((resolve) => {
    const onMessage = (answer: unknown) => {
      if (typeof answer !== 'object' || answer === null || !(key in answer)) return;
      child.off('message', onMessage);
      resolve();
    };
    child.on('message', onMessage);
    child.send(message as string);
  });
}

/** Rounds each side-by-side comparison is split into, alternating which side goes first. */
const ROUNDS = 4;

/**
 * Runs of several targets side by side: ROUNDS rounds of RUN_SECONDS / ROUNDS each, every target
 * once per round, the order turned around each round, so a machine whose load changes during the
 * comparison (other work on the same 2 cores) weighs on every side alike. Per target: requests/s
 * over all its rounds, the request-weighted mean of the rounds' p50, the worst round's p99, and
 * the server's CPU per answered request.
 */
async function loadSideBySide(targets: { url: string; headers: Record<string, string> }[], connections: number): Promise<Load[]> {
  const totals = targets.map(() => ({ requests: 0, seconds: 0, p50Weighted: 0, p99: 0, failed: 0, cpuMicros: 0 }));
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = targets.map((_, index) => index);
    if (round % 2 === 1) order.reverse();
    for (const index of order) {
      const target = targets[index] as (typeof targets)[number];
      const total = totals[index] as (typeof totals)[number];
      const before = await serverCpu();
      const result = await autocannon({ url: target.url, headers: target.headers, connections, duration: RUN_SECONDS / ROUNDS });
      total.cpuMicros += (await serverCpu()) - before;
      total.requests += result.requests.total;
      total.seconds += result.duration;
      total.p50Weighted += result.latency.p50 * result.requests.total;
      total.p99 = Math.max(total.p99, result.latency.p99);
      total.failed += result.non2xx + result.errors + result.timeouts;
    }
  }
  return totals.map((total) => ({
    rps: total.requests / Math.max(total.seconds, 1e-9),
    p50: total.p50Weighted / Math.max(1, total.requests),
    p99: total.p99,
    failed: total.failed,
    cpuMs: total.cpuMicros / 1000 / Math.max(1, total.requests),
  }));
}

async function load(url: string, headers: Record<string, string>, connections: number): Promise<Load> {
  const before = await serverCpu();
  const result = await autocannon({ url, headers, connections, duration: RUN_SECONDS });
  const cpuMicros = (await serverCpu()) - before;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
    cpuMs: cpuMicros / 1000 / Math.max(1, result.requests.total),
  };
}

/** This file as one ES module in `outdir` (inside the checkout, so its packages resolve), with build-server.ts's options; answers the module that starts it. */
async function bundleForNode(outdir: string): Promise<string> {
  const { build } = await import('esbuild');
  const root = path.join(import.meta.dirname, '..');
  const outfile = path.join(outdir, 'http.mjs');
  // Started through a module of its own: a bundled script's "am I the entry point?" check
  // (import.meta.url against process.argv[1], as scripts/generate-scale.ts has) must stay false.
  const start = path.join(outdir, 'start.mjs');
  await build({
    ...serverBundleOptions(root),
    entryPoints: [import.meta.filename],
    outfile,
  });
  writeFileSync(start, "import './http.mjs';\n");
  return start;
}

async function main(): Promise<void> {
  const began = performance.now();
  const bundleDir = path.join(import.meta.dirname, '..', '.data', `bench-http-${process.pid}`);
  const scale = await openScaleDatabase();
  const { url: ownerUrl, dataDir } = scale;
  const { companyId, dispatcherId: userId } = scale.prepared;
  let child: ChildProcess | null = null;
  let ownerPool: pg.Pool | null = null;
  try {
    ownerPool = new pg.Pool({ connectionString: ownerUrl, max: 4 });
    ownerPool.on('error', (error) => console.error(`database connection error: ${error.message}`));
    console.log(
      `${scale.totals.loads.toLocaleString('en-US')} loads in ${scale.totals.companies.toLocaleString('en-US')} companies, the measured one ${BIG_COMPANY_LOADS.toLocaleString('en-US')}.`,
    );

    // The server process.
    const profileDir = path.join(import.meta.dirname, '..', '.data', 'profiles');
    // '1': profile the whole run; 'ours', 'trivial', 'hand': profile only that call under load (after a warm-up), nothing recorded.
    const profileOne = process.env.BENCH_HTTP_PROFILE ?? '';
    const profile = profileOne !== '';
    if (profile) mkdirSync(profileDir, { recursive: true });
    // The server process runs this very file bundled as the production server is (scripts/build-server.ts:
    // esbuild, plain node), not through tsx, whose keepNames adds a defineProperty per closure made.
    // BENCH_HTTP_TSX=1 runs it through tsx instead.
    const viaTsx = process.env.BENCH_HTTP_TSX === '1';
    const entry = viaTsx ? import.meta.filename : await bundleForNode(bundleDir);
    child = fork(entry, ['serve'], {
      execArgv: [...(viaTsx ? ['--import', 'tsx'] : []), ...(profileOne === '1' ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [])],
      env: { ...process.env, BENCH_OWNER_URL: ownerUrl, BENCH_DATA_DIR: dataDir, BENCH_USER_ID: userId, BENCH_COMPANY_ID: companyId },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    server = child;
    const started = child;
    const ready = await new Promise<Ready>((resolve, reject) => {
      started.once('message', (message) => resolve(message as Ready));
      started.once('exit', (code) => reject(new Error(`the server process ended (${code})`)));
    });
    console.log(`Server ready (${seconds(began)}); each run ${RUN_SECONDS} s, ${CONNECTIONS} connections unless one at a time.\n`);

    const app = `http://127.0.0.1:${ready.appPort}`;
    const handBase = `http://127.0.0.1:${ready.handPort}`;
    const withCookie = { cookie: ready.cookie };
    const rows: BenchRow[] = [];
    const lines: string[] = [];
    const ms = (value: number) => `${value.toFixed(2)} ms`;
    const failures = (...runs: Load[]) => runs.reduce((sum, run) => sum + run.failed, 0);

    const profiled = {
      ours: [`${app}${ready.shapes[0]?.trpc ?? ''}`, withCookie],
      trivial: [`${app}/trpc/auth.session`, {}],
      hand: [`${handBase}/shape/0`, {}],
      get: [`${app}${ready.shapes[3]?.trpc ?? ''}`, withCookie],
      handGet: [`${handBase}/shape/3`, {}],
      fastify: [`${app}/health/live`, {}],
      page: [`${app}${ready.shapes[2]?.trpc ?? ''}`, withCookie],
      handPage: [`${handBase}/shape/2`, {}],
    } as const;
    const which = profileOne.split(',').filter((name): name is keyof typeof profiled => name in profiled);
    if (which.length > 0) {
      for (const name of which) {
        const [url, headers] = profiled[name];
        await load(url, headers, CONNECTIONS);
        const file = path.join(profileDir, `http-${name}-${Date.now()}.cpuprofile`);
        await tellServer('profile-start', 'profiling');
        const run = await load(url, headers, CONNECTIONS);
        await tellServer({ profileStop: file }, 'profiling');
        console.log(`${name} only: ${Math.round(run.rps)} req/s, server CPU ${ms(run.cpuMs)}/call; CPU profile ${file}`);
      }
      return;
    }

    // Warm-up of both, so JIT and caches are alike.
    await load(`${app}${ready.shapes[0]?.trpc ?? ''}`, withCookie, CONNECTIONS);
    await load(`${handBase}/shape/0`, {}, CONNECTIONS);

    const onlyShapes = process.env.BENCH_HTTP_SHAPES?.split(',').map(Number);
    for (const [index, shape] of ready.shapes.entries()) {
      if (onlyShapes && !onlyShapes.includes(index)) continue;
      const [ours, hand] = (await loadSideBySide(
        [
          { url: `${app}${shape.trpc}`, headers: withCookie },
          { url: `${handBase}/shape/${index}`, headers: {} },
        ],
        CONNECTIONS,
      )) as [Load, Load];
      const ratio = ours.rps / hand.rps;
      const met = ratio >= 0.85 && ours.p99 < 10;
      rows.push({
        name: `${shape.name}, HTTP, ${CONNECTIONS} conn.`,
        unit: 'ms',
        median: ours.p50,
        p99: ours.p99,
        peer: 'node:http + pg, same SQL',
        peerMedian: hand.p50,
        peerP99: hand.p99,
        ratio,
        goal: '>= 0.85x req/s, p99 < 10 ms',
        met,
        note: `${Math.round(ours.rps)} vs ${Math.round(hand.rps)} req/s; server CPU ${ours.cpuMs.toFixed(3)} vs ${hand.cpuMs.toFixed(3)} ms/call; load average ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores${failures(ours, hand) ? `; ${failures(ours, hand)} failed` : ''}${
          hand.p99 >= 10
            ? `; the hand route's own p99 is ${Math.round(hand.p99)} ms: ${CONNECTIONS} connections queue on ${cpus().length} cores shared by the server, PostgreSQL and the load generator`
            : ''
        }`,
      });
      lines.push(
        `  ${shape.name.padEnd(20)} ours ${Math.round(ours.rps).toString().padStart(5)} req/s p50 ${ms(ours.p50)} p99 ${ms(ours.p99)} cpu ${ours.cpuMs.toFixed(3)} ms/call | hand ${Math.round(hand.rps).toString().padStart(5)} req/s p50 ${ms(hand.p50)} p99 ${ms(hand.p99)} cpu ${hand.cpuMs.toFixed(3)} ms/call | ${ratio.toFixed(2)}x`,
      );
      console.log(lines.at(-1));
      if (onlyShapes) continue;

      // One at a time: ours over HTTP against the same SQL as the owner in one round trip.
      const serial: number[] = [];
      const raw: number[] = [];
      const rawClient = await ownerPool.connect();
      try {
        for (let run = 0; run < SERIAL_RUNS; run += 1) {
          let start = performance.now();
          const response = await fetch(`${app}${shape.trpc}`, { headers: withCookie });
          await response.arrayBuffer();
          serial.push(performance.now() - start);
          start = performance.now();
          await rawClient.query(shape.sql, shape.params);
          raw.push(performance.now() - start);
        }
      } finally {
        rawClient.release();
      }
      const serialRatio = median(serial) / median(raw);
      rows.push({
        name: `${shape.name}, HTTP, one at a time`,
        unit: 'ms',
        median: median(serial),
        p95: percentile(serial, 0.95),
        p99: percentile(serial, 0.99),
        peer: 'same SQL as owner, 1 round trip',
        peerMedian: median(raw),
        peerP99: percentile(raw, 0.99),
        ratio: serialRatio,
        // No goal of its own: the 1.5x round-trip goal compares like with like in the caller rows
        // (scenario `loads`); this one adds HTTP, the session cookie and JSON, which the floor does not.
        note: 'ours includes HTTP, the cookie and JSON; the floor does not (the 1.5x round-trip goal is the caller rows)',
      });
      console.log(`  ${''.padEnd(20)} one at a time: ours ${ms(median(serial))} | raw SQL ${ms(median(raw))} | ${serialRatio.toFixed(2)}x`);
    }

    if (onlyShapes) return;
    // tRPC overhead: a trivial public procedure against a plain Fastify route of the same app and bare node:http.
    const [trivial, fastify, bare] = (await loadSideBySide(
      [
        { url: `${app}/trpc/auth.session`, headers: {} },
        { url: `${app}/health/live`, headers: {} },
        { url: `${handBase}/plain`, headers: {} },
      ],
      CONNECTIONS,
    )) as [Load, Load, Load];
    for (const [peer, run, goal] of [
      ['plain Fastify route, same app', fastify, 0.8],
      ['bare node:http', bare, undefined],
    ] as const) {
      const ratio = trivial.rps / run.rps;
      rows.push({
        name: `trivial procedure (auth.session, no cookie), ${CONNECTIONS} conn.`,
        unit: 'ms',
        median: trivial.p50,
        p99: trivial.p99,
        peer,
        peerMedian: run.p50,
        peerP99: run.p99,
        ratio,
        ...(goal === undefined ? {} : { goal: `>= ${goal}x req/s`, met: ratio >= goal }),
        note: `${Math.round(trivial.rps)} vs ${Math.round(run.rps)} req/s; server CPU ${trivial.cpuMs.toFixed(3)} vs ${run.cpuMs.toFixed(3)} ms/call; load average ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores${failures(trivial, run) ? `; ${failures(trivial, run)} failed` : ''}`,
      });
      console.log(
        `  trivial procedure ${Math.round(trivial.rps)} req/s (cpu ${trivial.cpuMs.toFixed(3)} ms/call) against ${peer} ${Math.round(run.rps)} req/s (cpu ${run.cpuMs.toFixed(3)} ms/call): ${ratio.toFixed(2)}x`,
      );
    }

    recordResults('http', rows);
    console.log(`\nDone in ${seconds(began)}${profile ? `; CPU profile in ${profileDir}` : ''}.`);
  } finally {
    if (child?.connected) {
      const exiting = new Promise((resolve) => child?.once('exit', resolve));
      child.send('stop');
      await Promise.race([exiting, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    }
    child?.kill();
    await ownerPool?.end().catch(() => {});
    await scale.close();
    rmSync(bundleDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'serve') {
  serve().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
