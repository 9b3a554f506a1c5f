import type { AddressInfo } from 'node:net';
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { buildApp } from '../../server/src/app.js';
import { SESSION_COOKIE } from '../../server/src/services/lucia.js';
import { loadSessionContext } from '../../server/src/auth/session-context.js';
import { startSession } from '../../server/src/auth/sign-in.js';
import type { Config } from '../../server/src/config.js';
import { listConfiguredPlatformAdmins } from '../../server/src/db/bootstrap.js';
import { createServices, listedPlatformAdmins, type StartedServices } from '../../server/src/create-services.js';
import type { AppServices } from '../../server/src/services/services.js';
import { appRouter, type AppRouter } from '../../server/src/app-router.js';
import type { Context } from '../../server/src/trpc/context.js';
import { testConfig } from './config.js';
import { testDatabaseUrl } from './databases.js';
import { ownerDb } from './owner-db.js';
import type { TestUser } from './factories.js';

const quietLog: AppServices['log'] = { info: () => {}, warn: () => {}, error: () => {} };

/** Real services on this test file's own database (tests/support/databases.ts), connected as the app role. */
export async function startTestServices(
  options: { poolSize?: number; config?: Record<string, string> } = {},
): Promise<StartedServices & { config: Config }> {
  const config = testConfig(options.config);
  const started = await createServices(config, await testDatabaseUrl(), { poolSize: options.poolSize ?? 4, log: quietLog, migrate: false });
  // What a start does after migrating (the database is migrated once, by global-setup).
  const owner = ownerDb();
  try {
    await listConfiguredPlatformAdmins(owner, listedPlatformAdmins(config));
  } finally {
    await owner.destroy();
  }
  return { ...started, config };
}

export { ownerDb } from './owner-db.js';

// Companies, users and records: tests/support/factories.ts; personas: tests/support/personas.ts.
export { createMasterAdmin, createTestCompany, TEST_PASSWORD, uniqueEmail, type TestCompany, type TestUser } from './factories.js';
export { PERSONAS, type PersonaName } from './personas.js';

const request = { ip: '127.0.0.1', userAgent: 'vitest' };

/** A real session for the user: the cookie value the browser would hold. */
export async function sessionFor(services: AppServices, user: TestUser): Promise<string> {
  const cookie = await startSession(services, user.userId, request);
  const match = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(cookie);
  if (!match?.[1]) throw new Error('no session cookie');
  return match[1];
}

export type Caller = ReturnType<typeof appRouter.createCaller>;

/** A tRPC caller as the user, through a real session, exactly as a request would build it. */
export async function callerFor(services: AppServices, user: TestUser | null, ip = '127.0.0.1'): Promise<Caller> {
  return appRouter.createCaller(await contextFor(services, user, ip));
}

/**
 * Calls the procedure at this path ("loads.get", as the client spells it) on the caller: for tests
 * that go through a table of procedures (the authorization matrix, fuzzing).
 */
export function callPath(caller: Caller, path: string, input: unknown): Promise<unknown> {
  const procedure = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], caller);
  if (typeof procedure !== 'function') throw new Error(`no procedure ${path}`);
  // Called inside a promise, so a synchronous throw is a rejection like any other refusal.
  return Promise.resolve().then(() => (procedure as (input: unknown) => Promise<unknown>)(input));
}

export async function contextFor(services: AppServices, user: TestUser | null, ip = '127.0.0.1'): Promise<Context> {
  const base = { services, request: { ip, userAgent: 'vitest' }, setCookie: () => {}, socket: null };
  if (!user) return { ...base, sessionId: null, session: null };
  const sessionId = await sessionFor(services, user);
  const loaded = await loadSessionContext(services, sessionId);
  if (!loaded) throw new Error('session did not load');
  return { ...base, sessionId, session: loaded.session };
}

/** The app listening on a free loopback port, for HTTP and WebSocket tests. */
export async function listen(services: AppServices): Promise<{ app: FastifyInstance; origin: string; wsUrl: string }> {
  const app = await buildApp(services);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { app, origin: `http://127.0.0.1:${port}`, wsUrl: `ws://127.0.0.1:${port}/trpc` };
}

/** A tRPC client over WebSocket that carries the session cookie, as a browser tab would. */
export function wsClientFor(wsUrl: string, sessionId: string, origin: string) {
  const headers = { cookie: `${SESSION_COOKIE}=${sessionId}`, origin };
  class CookieWebSocket extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { headers });
    }
  }
  const wsClient = createWSClient({
    url: wsUrl,
    WebSocket: CookieWebSocket as unknown as typeof globalThis.WebSocket,
    retryDelayMs: () => 60_000,
  });
  const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient })] });
  return { client, wsClient };
}
