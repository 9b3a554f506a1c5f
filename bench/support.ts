// What the benchmarks share: a free port, the statistics, a member added to a generated company,
// the app-role database handle that records the SQL it sends (for the floor), and a tRPC caller
// through a real session. bench/run.ts and bench/dashboards.ts use it.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { CompiledQuery, Kysely, LogEvent } from 'kysely';
import type pg from 'pg';
import { SESSION_COOKIE } from '../server/src/services/lucia.js';
import { loadSessionContext } from '../server/src/auth/session-context.js';
import { startSession } from '../server/src/auth/sign-in.js';
import { appConnectionString } from '../server/src/db/bootstrap.js';
import { createDb, createPool } from '../server/src/db/database.js';
import type { Database } from '../server/src/db/schema.js';
import type { AppServices } from '../server/src/services/services.js';
import { appRouter } from '../server/src/app-router.js';

export type Caller = ReturnType<typeof appRouter.createCaller>;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}

export const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)}s`;

export function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export function percentile(samples: number[], fraction: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

/** Adds a member with a role to the generated company, as the owner (the generator makes only its admin). */
export async function addMember(owner: pg.Pool, companyId: string, role: 'dispatcher' | 'sales' | 'treasury'): Promise<string> {
  const userId = randomUUID();
  await owner.query(`insert into users (id, email, password_hash, email_verified_at) values ($1, $2, 'not-a-real-hash', now())`, [
    userId,
    `${role}-${userId.slice(0, 8)}@scale.example`,
  ]);
  await owner.query(`insert into profiles (user_id, company_id, first_name, last_name) values ($1, $2, 'Scale', $3)`, [
    userId,
    companyId,
    role,
  ]);
  await owner.query(`insert into user_roles (user_id, company_id, role) values ($1, $2, $3)`, [userId, companyId, role]);
  return userId;
}

/**
 * The services' database handle as the app role, made by createDb as the services make theirs (so
 * a transaction opens as theirs does: BEGIN and the tenant settings in one round trip), pushing
 * every statement it sends onto `captured` (for the floor, and to count round trips).
 */
export function recordingAppDb(ownerUrl: string, appPassword: string, captured: CompiledQuery[]): Kysely<Database> {
  return createDb(createPool({ connectionString: appConnectionString(ownerUrl, appPassword), max: 2 }), {
    log: (event: LogEvent) => {
      if (event.level === 'query') captured.push(event.query);
    },
  });
}

/** A tRPC caller as the user, through a real session, as a request would build it. */
export async function callerAs(services: AppServices, userId: string): Promise<Caller> {
  const cookie = await startSession(services, userId, { ip: '127.0.0.1', userAgent: 'bench' });
  const sessionId = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(cookie)?.[1] ?? '';
  const loaded = await loadSessionContext(services, sessionId);
  if (!loaded) throw new Error('the session did not load');
  return appRouter.createCaller({
    services,
    request: { ip: '127.0.0.1', userAgent: 'bench' },
    sessionId,
    session: loaded.session,
    setCookie: null,
    socket: null,
  });
}

/** What autocannon answers for a run (the fields the benches read). */
export interface AutocannonResult {
  requests: { average: number; total: number };
  /** Seconds the run lasted. */
  duration: number;
  latency: { p50: number; p90: number; p97_5: number; p99: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** One side of a side-by-side throughput run: autocannon's own options (url, method, headers, body, requests with setupRequest). */
export type LoadTarget = { url: string } & Record<string, unknown>;

/** A target's figures over all its rounds. */
export interface SideLoad {
  rps: number;
  /** The request-weighted mean of the rounds' p50, in ms. */
  p50: number;
  /** The worst round's p99, in ms. */
  p99: number;
  requests: number;
  failed: number;
}

/**
 * Throughput of several targets side by side (autocannon, from this process: run the server in
 * another one): `rounds` rounds of seconds / rounds each, every target once per round, the order
 * turned around each round, so a shared machine whose load changes weighs on every side alike.
 */
export async function loadSideBySide(
  targets: LoadTarget[],
  options: { connections: number; seconds: number; rounds?: number },
): Promise<SideLoad[]> {
  const { createRequire } = await import('node:module');
  const autocannon = createRequire(import.meta.url)('autocannon') as (options: Record<string, unknown>) => Promise<AutocannonResult>;
  const rounds = options.rounds ?? 4;
  const totals = targets.map(() => ({ requests: 0, seconds: 0, p50Weighted: 0, p99: 0, failed: 0 }));
  for (let round = 0; round < rounds; round += 1) {
    const order = targets.map((_, index) => index);
    if (round % 2 === 1) order.reverse();
    for (const index of order) {
      const total = totals[index] as (typeof totals)[number];
      const result = await autocannon({ ...targets[index], connections: options.connections, duration: options.seconds / rounds });
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
    requests: total.requests,
    failed: total.failed,
  }));
}
