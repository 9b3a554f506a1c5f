// `make soak` (not part of `make test`): proof under load and faults (issue 9, item 7).
//
// A real server process (the built dist/server/main.js, or server/src/main.ts) on its own embedded PostgreSQL in a temporary
// folder, listening on 127.0.0.1 only, with the demo workspace. Then:
//   1. load: --duration seconds at --rate requests/s of mixed traffic (lists, searches, status
//      filters, creates, status changes) while --subscribers WebSockets hold live subscriptions;
//      0 server errors expected, latency percentiles printed, and every acknowledged create
//      (the ledger of returned ids) checked present in the database at the end;
//   2. faults: the embedded PostgreSQL is killed with SIGKILL --kills times during writes; each
//      time the server must be ready again within 10 s, and at the end no acknowledged write is
//      missing. Answers while it is down must be 503s, never 500s or hangs.
// Short run: make soak ARGS="--duration 20 --rate 50 --subscribers 40 --kills 3"; --source runs the sources instead of the build.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import WebSocket from 'ws';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '300' },
    rate: { type: 'string', default: '200' },
    subscribers: { type: 'string', default: '200' },
    kills: { type: 'string', default: '20' },
    'kill-interval': { type: 'string', default: '4' },
    /** Run server/src/main.ts (tsx) even when a build exists: the working tree, not the last build. */
    source: { type: 'boolean', default: false },
  },
});
const DURATION_S = Number(args.duration);
const RATE = Number(args.rate);
const SUBSCRIBERS = Number(args.subscribers);
const KILLS = Number(args.kills);
const KILL_INTERVAL_S = Number(args['kill-interval']);
const READY_WITHIN_MS = 10_000;
const REQUEST_TIMEOUT_MS = 30_000;
const MAX_IN_FLIGHT = 2000;
const SOCKETS_PER_SESSION = 10;
const OWNER_PASSWORD = 'haulwise-owner-local';
const DEMO_PASSWORD = 'haulwise-demo';
const STATUSES = ['pending', 'assigned', 'picked', 'in_transit', 'delivered'] as const;
const CITIES = [
  ['Denver', 'CO'],
  ['Dallas', 'TX'],
  ['Chicago', 'IL'],
  ['Atlanta', 'GA'],
  ['Phoenix', 'AZ'],
  ['Columbus', 'OH'],
] as const;

for (const [name, value] of Object.entries({ DURATION_S, RATE, SUBSCRIBERS, KILLS, KILL_INTERVAL_S })) {
  if (!Number.isFinite(value) || value < 0) throw new Error(`Bad argument ${name}: ${value}`);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

// ---------------------------------------------------------------- the server under test

const dataDir = mkdtempSync(path.join(tmpdir(), 'haulwise-soak-'));
const httpPort = await freePort();
const pgPort = await freePort();
const origin = `http://127.0.0.1:${httpPort}`;
let serverOutput = '';
let server: ChildProcess | null = null;

/** The built server when there is one (`make soak` builds it, as `make start` runs it), else the sources. */
const SERVER_ARGS =
  !args.source && existsSync('dist/server/main.js')
    ? ['--enable-source-maps', 'dist/server/main.js']
    : ['--import', 'tsx', 'server/src/main.ts'];

function startServer(): ChildProcess {
  const child = spawn(process.execPath, SERVER_ARGS, {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(httpPort),
      HAULWISE_DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      SEED_DEMO: 'true',
      // One load generator on one address: the per-IP limits are sized for people, not for this.
      RATE_LIMIT_PER_MINUTE: '10000000',
      SIGN_IN_MAX_PER_IP: '100000',
      SIGN_IN_MAX_PER_ACCOUNT: '100000',
      MAX_SESSIONS_PER_USER: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => (serverOutput = (serverOutput + chunk.toString('utf8')).slice(-20_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return child;
}

/** /health/ready: answering with its database; /health/demo: the demo workspace (seeded after listening) is in. */
async function ready(probe = '/health/ready'): Promise<boolean> {
  try {
    const response = await fetch(`${origin}${probe}`, { signal: AbortSignal.timeout(2000) });
    return response.status === 200;
  } catch {
    return false;
  }
}

async function waitReady(withinMs: number, probe = '/health/ready'): Promise<number | null> {
  const started = performance.now();
  while (performance.now() - started < withinMs) {
    if (await ready(probe)) return performance.now() - started;
    await sleep(50);
  }
  return null;
}

// ---------------------------------------------------------------- HTTP traffic

interface Outcome {
  kind: string;
  status: number;
  ms: number;
}

const cookieName = 'hw_session';

async function signIn(email: string): Promise<string> {
  let response = await signInOnce(email);
  // Password hashing is deliberately slow: a busy server may ask to try again.
  for (let attempt = 0; response.status === 503 && attempt < 10; attempt++) {
    await sleep(1000);
    response = await signInOnce(email);
  }
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith(`${cookieName}=`));
  if (!response.ok || !cookie) throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  return cookie.split(';')[0] as string;
}

function signInOnce(email: string): Promise<Response> {
  return fetch(`${origin}/trpc/auth.signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
}

async function call(
  cookie: string,
  kind: string,
  procedure: string,
  input: unknown,
  mutation: boolean,
): Promise<Outcome & { data?: unknown }> {
  const started = performance.now();
  try {
    const url = mutation ? `${origin}/trpc/${procedure}` : `${origin}/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`;
    const response = await fetch(url, {
      method: mutation ? 'POST' : 'GET',
      headers: { cookie, origin, ...(mutation ? { 'content-type': 'application/json' } : {}) },
      body: mutation ? JSON.stringify(input) : undefined,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const body = (await response.json().catch(() => null)) as { result?: { data?: unknown } } | null;
    return { kind, status: response.status, ms: performance.now() - started, data: body?.result?.data };
  } catch {
    // No answer within the timeout (or the connection failed): the worst outcome, counted as 0.
    return { kind, status: 0, ms: performance.now() - started };
  }
}

/** Acknowledged creates: the server answered 200 with this id, so the load must exist at the end. */
const ledger: string[] = [];

function newLoad(index: number) {
  const [pickupCity, pickupState] = CITIES[index % CITIES.length] as (typeof CITIES)[number];
  const [deliveryCity, deliveryState] = CITIES[(index + 2) % CITIES.length] as (typeof CITIES)[number];
  return {
    loadNumber: `SOAK-${process.pid}-${index}`,
    pickupLocation: `${100 + (index % 900)} Main St`,
    pickupCity,
    pickupState,
    deliveryLocation: `${200 + (index % 800)} Market St`,
    deliveryCity,
    deliveryState,
    commodity: index % 2 ? 'Produce' : 'Steel coils',
    rate: `${1000 + (index % 4000)}.00`,
  };
}

let sequence = 0;
/** One request of the mix: lists, searches, status filters, creates and status changes. */
function mixedRequest(cookie: string, writesOnly: boolean): Promise<Outcome> {
  const index = sequence++;
  const roll = writesOnly ? 0.7 + (index % 10) * 0.03 : Math.random();
  if (roll < 0.3) return call(cookie, 'list', 'loads.list', {}, false);
  if (roll < 0.5) return call(cookie, 'search', 'loads.list', { search: CITIES[index % CITIES.length]?.[0] ?? 'Denver' }, false);
  if (roll < 0.6) return call(cookie, 'filter', 'loads.list', { status: STATUSES[index % STATUSES.length] }, false);
  if (roll < 0.8 || ledger.length === 0) {
    return call(cookie, 'create', 'loads.create', newLoad(index), true).then((outcome) => {
      const id = (outcome.data as { id?: string } | undefined)?.id;
      if (outcome.status === 200 && id) ledger.push(id);
      return outcome;
    });
  }
  const id = ledger[Math.floor(Math.random() * ledger.length)] as string;
  return call(cookie, 'status', 'loads.changeStatus', { id, status: STATUSES[index % STATUSES.length] }, true);
}

/** Open-loop load at a fixed rate for a while: requests start on schedule whether or not earlier ones are done. */
async function drive(cookie: string, seconds: number, rate: number, writesOnly: boolean, outcomes: Outcome[]): Promise<void> {
  const interval = 1000 / rate;
  const total = Math.floor(seconds * rate);
  const started = performance.now();
  const inFlight = new Set<Promise<void>>();
  for (let index = 0; index < total; index++) {
    const due = started + index * interval;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    if (inFlight.size >= MAX_IN_FLIGHT) {
      outcomes.push({ kind: 'shed by the load generator', status: 0, ms: 0 });
      continue;
    }
    const request = mixedRequest(cookie, writesOnly).then((outcome) => {
      outcomes.push(outcome);
      inFlight.delete(request);
    });
    inFlight.add(request);
  }
  await Promise.all(inFlight);
}

// ---------------------------------------------------------------- live subscribers

interface Subscriber {
  socket: WebSocket;
  notices: number;
  resyncs: number;
  started: boolean;
}

async function subscribe(cookie: string): Promise<Subscriber> {
  const socket = new WebSocket(`ws://127.0.0.1:${httpPort}/trpc`, { headers: { cookie, origin } });
  const subscriber: Subscriber = { socket, notices: 0, resyncs: 0, started: false };
  socket.on('message', (raw: Buffer) => {
    const text = raw.toString('utf8');
    if (text === 'PING') return socket.send('PONG');
    // Counted without parsing: this process shares the machine with the server under test.
    if (text.includes('"type":"started"')) subscriber.started = true;
    else if (text.includes('"resync"')) subscriber.resyncs++;
    else if (text.includes('"type":"data"')) subscriber.notices++;
  });
  socket.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'realtime.changes', input: { tables: ['loads'] } } }));
  return subscriber;
}

// ---------------------------------------------------------------- checks and figures

async function missingFromDatabase(ids: string[]): Promise<string[]> {
  const client = new pg.Client({ connectionString: `postgres://postgres:${OWNER_PASSWORD}@127.0.0.1:${pgPort}/haulwise` });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>('select id::text as id from loads where id = any($1::uuid[])', [ids]);
    const present = new Set(rows.map((row) => row.id));
    return ids.filter((id) => !present.has(id));
  } finally {
    await client.end();
  }
}

function summarize(label: string, outcomes: Outcome[], seconds: number): { serverErrors: number; p99: number } {
  const latencies = outcomes
    .filter((outcome) => outcome.status > 0)
    .map((outcome) => outcome.ms)
    .sort((a, b) => a - b);
  const byStatus = new Map<string, number>();
  for (const outcome of outcomes) {
    const key = outcome.status === 0 ? `no answer (${outcome.kind})` : String(outcome.status);
    byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
  }
  const byKind = new Map<string, number>();
  for (const outcome of outcomes) byKind.set(outcome.kind, (byKind.get(outcome.kind) ?? 0) + 1);
  const serverErrors = outcomes.filter((outcome) => outcome.status >= 500 || outcome.status === 0).length;
  const p99 = percentile(latencies, 0.99);
  console.log(`\n== ${label}`);
  console.log(`  requests: ${outcomes.length} in ${seconds.toFixed(1)} s (${(outcomes.length / seconds).toFixed(1)}/s)`);
  console.log(`  mix: ${[...byKind].map(([kind, count]) => `${kind} ${count}`).join(', ')}`);
  console.log(`  answers: ${[...byStatus].map(([status, count]) => `${status} x${count}`).join(', ')}`);
  console.log(
    `  latency ms: p50 ${percentile(latencies, 0.5).toFixed(1)}, p95 ${percentile(latencies, 0.95).toFixed(1)}, ` +
      `p99 ${p99.toFixed(1)}, max ${(latencies.at(-1) ?? 0).toFixed(1)}`,
  );
  // Per kind of request: where the tail comes from.
  const kinds = [...byKind.keys()].map((kind) => {
    const sorted = outcomes
      .filter((outcome) => outcome.kind === kind && outcome.status > 0)
      .map((outcome) => outcome.ms)
      .sort((a, b) => a - b);
    return `${kind} p50 ${percentile(sorted, 0.5).toFixed(0)} / p99 ${percentile(sorted, 0.99).toFixed(0)}`;
  });
  console.log(`  by kind (ms): ${kinds.join(', ')}`);
  return { serverErrors, p99 };
}

// ---------------------------------------------------------------- the run

let failed = false;
const fail = (message: string) => {
  failed = true;
  console.log(`  FAIL: ${message}`);
};

try {
  console.log(
    `Soak: ${DURATION_S} s at ${RATE} req/s, ${SUBSCRIBERS} live subscribers, then ${KILLS} kills of the embedded PostgreSQL (data in ${dataDir})`,
  );
  server = startServer();
  if ((await waitReady(180_000, '/health/demo')) === null) throw new Error(`the server did not start:\n${serverOutput}`);

  const writer = await signIn('dispatch@summit.demo');
  const subscriberSessions: string[] = [];
  for (let index = 0; index < Math.ceil(SUBSCRIBERS / SOCKETS_PER_SESSION); index++)
    subscriberSessions.push(await signIn('admin@summit.demo'));
  const subscribers: Subscriber[] = [];
  for (let index = 0; index < SUBSCRIBERS; index++) {
    subscribers.push(await subscribe(subscriberSessions[Math.floor(index / SOCKETS_PER_SESSION)] as string));
  }
  await sleep(500);
  console.log(`  ${subscribers.filter((subscriber) => subscriber.started).length} of ${SUBSCRIBERS} subscriptions started`);

  // 1. Load.
  const loadOutcomes: Outcome[] = [];
  const loadStarted = performance.now();
  await drive(writer, DURATION_S, RATE, false, loadOutcomes);
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  const load = summarize('load', loadOutcomes, loadSeconds);
  await sleep(1000);
  const notices = subscribers.reduce((sum, subscriber) => sum + subscriber.notices, 0);
  // Changes arrive batched (a frame holds the changes of one window, server/src/domains/realtime/live-hub.ts).
  console.log(`  live frames received: ${notices} across ${SUBSCRIBERS} subscribers`);
  const ledgerAfterLoad = [...ledger];
  const missingAfterLoad = await missingFromDatabase(ledgerAfterLoad);
  console.log(`  ledger: ${ledgerAfterLoad.length} acknowledged creates, ${missingAfterLoad.length} missing`);
  if (load.serverErrors > 0) fail(`${load.serverErrors} server errors or unanswered requests under load`);
  if (missingAfterLoad.length > 0) fail(`${missingAfterLoad.length} acknowledged creates missing`);

  // 2. Faults: the embedded PostgreSQL killed during writes.
  const faultOutcomes: Outcome[] = [];
  const recoveries: number[] = [];
  const faultStarted = performance.now();
  const faultSeconds = KILLS * KILL_INTERVAL_S + 2;
  const writes = drive(writer, faultSeconds, Math.max(10, RATE / 4), true, faultOutcomes);
  for (let kill = 0; kill < KILLS; kill++) {
    await sleep(KILL_INTERVAL_S * 500);
    const pid = Number.parseInt(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0] ?? '', 10);
    process.kill(pid, 'SIGKILL');
    const killedAt = performance.now();
    await sleep(20);
    const recovered = await waitReady(READY_WITHIN_MS + 5000);
    const tookMs = recovered === null ? Number.POSITIVE_INFINITY : performance.now() - killedAt;
    recoveries.push(tookMs);
    if (!(tookMs <= READY_WITHIN_MS)) fail(`kill ${kill + 1}: not ready within 10 s (${tookMs.toFixed(0)} ms)`);
    await sleep(Math.max(0, KILL_INTERVAL_S * 500 - 20));
  }
  await writes;
  const faultElapsed = (performance.now() - faultStarted) / 1000;
  const faults = summarize('writes while the database is killed', faultOutcomes, faultElapsed);
  const http500 = faultOutcomes.filter((outcome) => outcome.status >= 500 && outcome.status !== 503).length;
  const unanswered = faultOutcomes.filter((outcome) => outcome.status === 0).length;
  if (http500 > 0) fail(`${http500} answers other than 503 among server errors while the database was down`);
  if (unanswered > 0) fail(`${unanswered} requests got no answer within ${REQUEST_TIMEOUT_MS / 1000} s`);
  const sortedRecoveries = [...recoveries].sort((a, b) => a - b);
  console.log(
    `  ${KILLS} kills: ready again after p50 ${percentile(sortedRecoveries, 0.5).toFixed(0)} ms, ` +
      `max ${(sortedRecoveries.at(-1) ?? 0).toFixed(0)} ms (limit ${READY_WITHIN_MS} ms); faults p99 ${faults.p99.toFixed(1)} ms`,
  );
  await sleep(3000);
  const resyncs = subscribers.reduce((sum, subscriber) => sum + subscriber.resyncs, 0);
  const open = subscribers.filter((subscriber) => subscriber.socket.readyState === WebSocket.OPEN).length;
  console.log(`  subscribers: ${open} of ${SUBSCRIBERS} sockets still open, ${resyncs} resync events received`);
  const missing = await missingFromDatabase(ledger);
  console.log(`  ledger: ${ledger.length} acknowledged creates in total, ${missing.length} missing`);
  if (missing.length > 0) fail(`${missing.length} acknowledged creates lost: ${missing.slice(0, 5).join(', ')}`);

  for (const subscriber of subscribers) subscriber.socket.terminate();
  console.log(failed ? '\nSOAK FAILED' : '\nSOAK PASSED');
} catch (error) {
  failed = true;
  console.error('Soak could not run:', error instanceof Error ? error.message : error);
} finally {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await Promise.race([exited, sleep(20_000)]);
  }
  rmSync(dataDir, { recursive: true, force: true });
  if (failed) console.log(`\nLast server output:\n${serverOutput.slice(-3000)}`);
  process.exit(failed ? 1 : 0);
}
