// `tsx bench/api.ts`: the REST API against the app's own tRPC procedures (issue 28, item 6: "API
// calls per second per key at >= 0.8x of the same tRPC procedure").
// A fresh embedded PostgreSQL with one generated company (BENCH_API_LOADS loads, default 5,000),
// the real app (createServices + buildApp) in a child process started through tsx, and autocannon
// in this process (the same 2 cores as the server and PostgreSQL: read the ratios). For each
// operation, side by side in alternating rounds (loadSideBySide, bench/support.ts):
//   - ours: the REST endpoint under /api/v1 with an API key (Authorization: Bearer hw_live_…):
//     GET /api/v1/loads (first page), GET /api/v1/loads/{id}, POST /api/v1/brokers;
//   - peer: the same tRPC procedure over HTTP with the company admin's session cookie (the key's
//     creator, so both act as the same user under the same permission table): GET
//     /trpc/loads.list, GET /trpc/loads.get, POST /trpc/brokers.create.
// A key may make 600 calls a minute (shared/src/schemas/api-keys.ts), far under what autocannon
// sends, so the calls are spread round-robin over KEYS keys of the company (each far under its
// limit); each key's lookup is cached 5 s per instance (auth/api-key-context.ts), so about KEYS / 5
// lookups a second are part of what ours costs. Every broker created has a name of its own.
// BENCH_API_SECONDS: each side's time per operation (default 8, in 4 rounds; BENCH_QUICK=1: 2); a
// run shorter than 8 s (a smoke test) prints its figures and records none.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { READ_WRITE_SCOPES } from '#shared/schemas/api-keys.js';
import { recordResults, type BenchRow } from './results.js';
import { freePort, loadSideBySide, seconds, type LoadTarget } from './support.js';

const LOADS = Number(process.env.BENCH_API_LOADS ?? 5_000);
const RUN_SECONDS = Number(process.env.BENCH_API_SECONDS ?? (process.env.BENCH_QUICK === '1' ? 2 : 8));
const CONNECTIONS = 16;
/** Keys the calls are spread over: 200 keys of 600 calls a minute carry 2,000 calls a second. */
const KEYS = 200;
const GOAL_RATIO = 0.8;
/** BENCH_API_PROFILE=1 writes a CPU profile of the server process (the whole run) to .data/profiles/ and records no rows. */
const PROFILE = process.env.BENCH_API_PROFILE === '1';
/** BENCH_API_ONLY=list,get,create runs only those operations (and records no rows). */
const ONLY = process.env.BENCH_API_ONLY?.split(',').map((name) => name.trim());
const APP_PASSWORD = 'haulwise-bench-app';

/** What the server process tells this one once it listens. */
interface Ready {
  port: number;
  cookie: string;
  keys: string[];
  loadId: string;
}

// ---------------------------------------------------------------------------------------------
// The server process: embedded PostgreSQL, one company, the app.
// ---------------------------------------------------------------------------------------------

async function serve(): Promise<void> {
  const { loadConfig } = await import('../server/src/config.js');
  const { createServices } = await import('../server/src/create-services.js');
  const { buildApp } = await import('../server/src/app.js');
  const { startEmbeddedPostgres } = await import('../server/src/db/embedded.js');
  const { withCompany } = await import('../server/src/db/with-company.js');
  const { startSession } = await import('../server/src/auth/sign-in.js');
  const { sessionCookieName } = await import('../server/src/services/lucia.js');
  const { createApiKeySecret } = await import('../server/src/auth/api-key-secret.js');
  const { insertApiKey } = await import('../server/src/domains/api-keys/api-keys.repository.js');
  const { canSkipTriggers, companyName, generateCompany } = await import('../scripts/generate-scale.js');

  const dataDir = mkdtempSync(path.join(tmpdir(), 'haulwise-bench-api-'));
  const embedded = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'haulwise_bench' });
  const owner = new pg.Pool({ connectionString: embedded.url, max: 2 });
  owner.on('error', () => {});
  const config = loadConfig({
    NODE_ENV: 'production',
    APP_DB_PASSWORD: APP_PASSWORD,
    APP_ORIGIN: 'http://localhost',
    HAULWISE_DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    DEMO_SIMULATION: 'off',
    // The load generator is one address: the per-address limit and admission are not what is measured.
    RATE_LIMIT_PER_MINUTE: '100000000',
    MAX_CONCURRENT_REQUESTS: '1000',
    LOG_LEVEL: 'warn',
  });
  const started = await createServices(config, embedded.url, {
    log: { info: () => {}, warn: (message) => console.warn(message), error: (message) => console.error(message) },
  });
  const client = await owner.connect();
  let company: { companyId: string; adminId: string };
  try {
    company = await generateCompany(
      client,
      { name: companyName(0), loads: LOADS, drivers: 20, brokers: 20, carriers: 5 },
      { passwordHash: 'not-a-real-hash', skipTriggers: await canSkipTriggers(client) },
    );
  } finally {
    client.release();
  }
  const { services } = started;
  const scope = {
    userId: company.adminId,
    companyId: company.companyId,
    role: 'admin' as const,
    isMasterAdmin: false,
    readsCompanyId: company.companyId,
  };
  const keys = await withCompany(services.db, { companyId: company.companyId, userId: company.adminId }, async (tx) => {
    const made: string[] = [];
    for (let index = 0; index < KEYS; index += 1) {
      const { key, prefix, secretHash } = createApiKeySecret();
      await insertApiKey(tx, scope, { name: `bench ${index}`, prefix, secretHash, scopes: READ_WRITE_SCOPES, expiresAt: null });
      made.push(key);
    }
    return made;
  });
  const app = await buildApp(services, { logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as AddressInfo).port;
  const setCookie = await startSession(services, company.adminId, { ip: '127.0.0.1', userAgent: 'bench' });
  const name = sessionCookieName(config);
  const cookie = `${name}=${new RegExp(`${name}=([^;]+)`).exec(setCookie)?.[1] ?? ''}`;
  const { rows } = await owner.query<{ id: string }>('select id from loads where company_id = $1 order by id limit 1', [company.companyId]);
  const loadId = rows[0]?.id;
  if (!loadId) throw new Error('the company has no load');
  process.send?.({ port, cookie, keys, loadId } satisfies Ready);
  process.on('message', (message) => {
    if (message !== 'stop') return;
    void (async () => {
      await app.close();
      await started.close();
      await owner.end();
      await embedded.stop();
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    })();
  });
}

// ---------------------------------------------------------------------------------------------
// The driver: autocannon against both, the rows.
// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const began = performance.now();
  const child: ChildProcess = fork(import.meta.filename, ['serve'], {
    execArgv: ['--import', 'tsx', ...(PROFILE ? ['--cpu-prof', '--cpu-prof-dir', path.resolve('.data', 'profiles')] : [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const ready = await new Promise<Ready>((resolve, reject) => {
      child.once('message', (message) => resolve(message as Ready));
      child.once('exit', (code) => reject(new Error(`the server process ended (${code})`)));
    });
    console.log(
      `Server ready (${seconds(began)}): ${LOADS} loads, ${ready.keys.length} keys; each side ${RUN_SECONDS} s per operation, ${CONNECTIONS} connections.`,
    );
    const base = `http://127.0.0.1:${ready.port}`;
    // A JSON content type only on a POST (Fastify refuses a GET that announces a JSON body it does not have).
    const json = (method: string) => (method === 'POST' ? { 'content-type': 'application/json' } : {});
    const withCookie = (method: string) => ({ cookie: ready.cookie, ...json(method) });
    let nextKey = 0;
    const keyed = (method: string) => ({
      authorization: `Bearer ${ready.keys[(nextKey = (nextKey + 1) % ready.keys.length)] ?? ''}`,
      ...json(method),
    });
    let nextBroker = 0;
    const brokerBody = () =>
      JSON.stringify({ name: `Bench Broker ${(nextBroker += 1)}`, email: `b${nextBroker}@bench.example`, paymentTerms: 'Net 30' });
    /** Every request its own key (ours) or the session cookie (tRPC); a body of its own for a create. */
    const target = (url: string, method: 'GET' | 'POST', withKey: boolean): LoadTarget => ({
      url,
      method,
      requests: [
        {
          setupRequest: (request: Record<string, unknown>) => ({
            ...request,
            method,
            headers: withKey ? keyed(method) : withCookie(method),
            ...(method === 'POST' ? { body: brokerBody() } : {}),
          }),
          onResponse: (status: number, body: string) => {
            if (status < 300) return;
            refusals.set(`${url.split('?')[0]} ${status}`, (refusals.get(`${url.split('?')[0]} ${status}`) ?? 0) + 1);
            if (refusals.size <= 6 && !firstBodies.has(status)) firstBodies.set(status, body.slice(0, 300));
          },
        },
      ],
    });
    /** Answers that were not 2xx, by address and status, and the first body of each status (printed after each operation). */
    const refusals = new Map<string, number>();
    const firstBodies = new Map<number, string>();
    const operations = [
      {
        key: 'list',
        name: 'loads list, first page',
        ours: target(`${base}/api/v1/loads`, 'GET', true),
        peer: target(`${base}/trpc/loads.list?input=${encodeURIComponent('{}')}`, 'GET', false),
        oursText: 'GET /api/v1/loads',
        peerText: 'GET /trpc/loads.list',
      },
      {
        key: 'get',
        name: 'load by id',
        ours: target(`${base}/api/v1/loads/${ready.loadId}`, 'GET', true),
        peer: target(`${base}/trpc/loads.get?input=${encodeURIComponent(JSON.stringify({ id: ready.loadId }))}`, 'GET', false),
        oursText: 'GET /api/v1/loads/{id}',
        peerText: 'GET /trpc/loads.get',
      },
      {
        key: 'create',
        name: 'create a broker',
        ours: target(`${base}/api/v1/brokers`, 'POST', true),
        peer: target(`${base}/trpc/brokers.create`, 'POST', false),
        oursText: 'POST /api/v1/brokers',
        peerText: 'POST /trpc/brokers.create',
      },
    ].filter((operation) => !ONLY || ONLY.includes(operation.key));

    // Each call once by fetch first: both sides answer 2xx, or the run stops here.
    for (const operation of operations) {
      for (const [side, withKey] of [
        [operation.ours, true],
        [operation.peer, false],
      ] as const) {
        const response = await fetch(side.url, {
          method: String(side.method),
          headers: withKey ? keyed(String(side.method)) : withCookie(String(side.method)),
          ...(side.method === 'POST' ? { body: brokerBody() } : {}),
        });
        if (response.status >= 300) throw new Error(`${side.url}: ${response.status} ${await response.text()}`);
        await response.arrayBuffer();
      }
      // Warm-up of both, so JIT and caches are alike.
      await loadSideBySide([operation.ours, operation.peer], { connections: CONNECTIONS, seconds: 2, rounds: 1 });
    }

    const rows: BenchRow[] = [];
    for (const operation of operations) {
      const [ours, peer] = (await loadSideBySide([operation.ours, operation.peer], {
        connections: CONNECTIONS,
        seconds: RUN_SECONDS,
      })) as [Awaited<ReturnType<typeof loadSideBySide>>[number], Awaited<ReturnType<typeof loadSideBySide>>[number]];
      const ratio = ours.rps / peer.rps;
      for (const [what, count] of refusals) console.log(`    not 2xx: ${what}: ${count}`);
      for (const [status, body] of firstBodies) console.log(`    first ${status}: ${body}`);
      refusals.clear();
      firstBodies.clear();
      const load = loadavg()[0]?.toFixed(1) ?? '?';
      const failed = ours.failed + peer.failed;
      const met = ratio >= GOAL_RATIO && failed === 0;
      console.log(
        `  ${operation.name.padEnd(24)} ${operation.oursText} ${Math.round(ours.rps)} req/s p50 ${ours.p50.toFixed(1)} ms p99 ${ours.p99.toFixed(1)} ms | ${operation.peerText} ${Math.round(peer.rps)} req/s p50 ${peer.p50.toFixed(1)} ms p99 ${peer.p99.toFixed(1)} ms | ${ratio.toFixed(2)}x (load average ${load})${failed ? `; ${failed} failed` : ''}`,
      );
      rows.push({
        name: `${operation.name}: ${operation.oursText} with an API key, ${CONNECTIONS} conn.`,
        unit: 'ms',
        median: ours.p50,
        p99: ours.p99,
        peer: `${operation.peerText} with a session cookie`,
        peerMedian: peer.p50,
        peerP99: peer.p99,
        ratio,
        goal: `>= ${GOAL_RATIO}x req/s`,
        met,
        note: `${Math.round(ours.rps)} vs ${Math.round(peer.rps)} req/s; calls spread over ${ready.keys.length} keys (600/min each); load average ${load} on ${cpus().length} cores${failed ? `; ${failed} failed` : ''}`,
      });
    }
    if (RUN_SECONDS >= 8 && !PROFILE && !ONLY) recordResults('api', rows);
    console.log(`\nDone in ${seconds(began)}.`);
  } finally {
    if (child.connected) {
      const exiting = new Promise((resolve) => child.once('exit', resolve));
      child.send('stop');
      await Promise.race([exiting, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    }
    child.kill();
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
