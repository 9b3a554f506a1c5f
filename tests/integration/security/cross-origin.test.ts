import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { SESSION_COOKIE } from '../../../server/src/services/lucia.js';
import { asUser } from '../../../server/src/db/transactions.js';
import type { StartedServices } from '../../../server/src/create-services.js';
import {
  createTestCompany,
  listen,
  sessionFor,
  startTestServices,
  TEST_PASSWORD,
  type TestCompany,
  type TestUser,
} from '../../support/harness.js';
import { expectNoInternals, request } from '../../support/http.js';

/**
 * The app over real HTTP on loopback. Sessions live in a cookie the browser sends with
 * every request, so another site must not be able to make a signed-in browser write or
 * open a socket here.
 */

const EVIL = 'http://evil.example';

let started: StartedServices;
let app: FastifyInstance;
let origin: string;
let wsUrl: string;
/** Each test signs in as a different member, so session counts stay its own. */
let company: TestCompany;
/** Every server-side socket, so the suite can always shut down and can see what stays open. */
const serverSockets = new Set<Socket>();

beforeAll(async () => {
  started = await startTestServices();
  company = await createTestCompany(started.services);
  ({ app, origin, wsUrl } = await listen(started.services));
  app.server.on('connection', (socket: Socket) => {
    serverSockets.add(socket);
    socket.once('close', () => serverSockets.delete(socket));
  });
});

afterAll(async () => {
  // A socket the server failed to release must not hang the suite: end it here.
  for (const socket of serverSockets) socket.destroy();
  await app?.close();
  await started?.close();
});

async function sessionsOf(user: TestUser): Promise<number> {
  // Sessions are the user's own under row-level security (issue 10): counted as that user.
  const rows = await asUser(started.services.db, user.userId, (tx) =>
    tx.selectFrom('sessions').select('id').where('userId', '=', user.userId).execute(),
  );
  return rows.length;
}

const signIn = (user: TestUser, headers: Record<string, string>) =>
  request(`${origin}/trpc/auth.signIn`, { headers, body: { email: user.email, password: TEST_PASSWORD } });

describe('cross-origin writes', () => {
  it('refuses a sign-in posted from another origin, and starts no session', async () => {
    const user = company.users.sales;
    const answer = await signIn(user, { origin: EVIL });
    expect(answer.status).toBe(403);
    expect(answer.headers.get('set-cookie')).toBeNull();
    expect(await sessionsOf(user)).toBe(0);
  });

  it("signs in from the app's own origin", async () => {
    const user = company.users.dispatcher;
    const answer = await signIn(user, { origin });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toMatchObject({ result: { data: { user: { email: user.email }, role: 'dispatcher' } } });
    expect(answer.headers.get('set-cookie')).toContain(`${SESSION_COOKIE}=`);
    expect(await sessionsOf(user)).toBe(1);
  });

  it('refuses a cross-site request that sends no Origin', async () => {
    const user = company.users.treasury;
    const answer = await signIn(user, { 'sec-fetch-site': 'cross-site' });
    expect(answer.status).toBe(403);
    expect(await sessionsOf(user)).toBe(0);
  });

  it('refuses an opaque ("null") origin, as sandboxed frames send', async () => {
    const user = company.users.driver;
    const answer = await signIn(user, { origin: 'null' });
    expect(answer.status).toBe(403);
    expect(await sessionsOf(user)).toBe(0);
  });

  it("refuses another site's write that rides on a signed-in browser's cookie", async () => {
    const user = company.users.admin;
    const sessionId = await sessionFor(started.services, user);
    const answer = await request(`${origin}/trpc/auth.signOut`, {
      headers: { origin: EVIL, cookie: `${SESSION_COOKIE}=${sessionId}` },
      body: { scope: 'global' },
    });
    expect(answer.status).toBe(403);
    expect((await started.services.lucia.validateSession(sessionId)).session).not.toBeNull();
  });
});

/** Opens a WebSocket to /trpc from the given origin: 'open', or the HTTP status that refused it. */
function connect(fromOrigin: string): Promise<{ opened: true; socket: WebSocket } | { opened: false; status: number | null }> {
  return new Promise((resolve) => {
    const socket = new WebSocket(wsUrl, { headers: { origin: fromOrigin } });
    socket.once('open', () => resolve({ opened: true, socket }));
    socket.once('unexpected-response', (clientRequest, response) => {
      response.resume();
      // The client hangs up, as a browser does after a refused handshake.
      response.once('end', () => clientRequest.destroy());
      resolve({ opened: false, status: response.statusCode ?? null });
    });
    socket.once('error', () => resolve({ opened: false, status: null }));
  });
}

describe('cross-origin WebSocket upgrades', () => {
  it('refuses an upgrade from another origin with 403', async () => {
    const outcome = await connect(EVIL);
    expect(outcome).toEqual({ opened: false, status: 403 });
  });

  it("lets the app's own origin connect", async () => {
    const outcome = await connect(origin);
    expect(outcome.opened).toBe(true);
    if (outcome.opened) {
      const closed = new Promise((resolve) => outcome.socket.once('close', resolve));
      outcome.socket.close();
      await closed;
    }
  });

  it('releases the connection of a refused upgrade (else each one holds a socket open for good)', async () => {
    const before = new Set(serverSockets);
    const outcome = await connect(EVIL);
    expect(outcome).toEqual({ opened: false, status: 403 });
    const opened = () => [...serverSockets].filter((socket) => !before.has(socket));
    await expect.poll(() => opened().length, { timeout: 2000, message: 'server sockets still open after the refused upgrade' }).toBe(0);
  });
});

describe('health', () => {
  it('answers live', async () => {
    const answer = await request(`${origin}/health/live`);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual({ status: 'ok' });
  });

  it('answers ready with the database reachable', async () => {
    const answer = await request(`${origin}/health/ready`);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual({ status: 'ok', database: 'ok' });
  });
});

describe('security headers', () => {
  it.each(['/health/live', '/trpc/auth.session'])('are sent on %s', async (path) => {
    const answer = await request(`${origin}${path}`);
    expect(answer.status).toBe(200);
    const policy = answer.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('odd requests', () => {
  const json = { 'content-type': 'application/json' };
  const cases: [string, string, { method?: string; headers?: Record<string, string>; body?: unknown }, number][] = [
    ['an unknown procedure (POST)', '/trpc/nope.nothing', { body: {} }, 404],
    ['an unknown procedure (GET)', '/trpc/nope.nothing', {}, 404],
    ['a write to an unknown route', '/definitely/not/here', { body: {} }, 404],
    ['malformed JSON', '/trpc/auth.signIn', { headers: json, body: '{"email":' }, 400],
    ['an empty JSON body', '/trpc/auth.signIn', { headers: json, body: '' }, 400],
    ['JSON that is not an object', '/trpc/auth.signIn', { headers: json, body: '[1,2,3]' }, 400],
    ['a mutation over GET', '/trpc/auth.signIn', {}, 405],
    ['an unsupported content type', '/trpc/auth.signIn', { headers: { 'content-type': 'text/plain' }, body: 'hello' }, 415],
    ['a body over the size limit', '/trpc/contact.send', { headers: json, body: JSON.stringify({ message: 'x'.repeat(1_100_000) }) }, 413],
  ];

  it.each(cases)('answers %s with a client error and no internals', async (_label, path, init, status) => {
    const answer = await request(`${origin}${path}`, { ...init, headers: { origin, ...init.headers } });
    expect(answer.status).toBe(status);
    expectNoInternals(answer.text);
  });

  it('keeps internals out of the answer even when the database refuses a value', async () => {
    // PostgreSQL cannot store U+0000 in text; whatever the status, the body must not say so.
    const answer = await request(`${origin}/trpc/contact.send`, {
      headers: { origin },
      body: { name: 'Nul\u0000Byte', email: 'nul@example.test', subject: 'Odd input', message: 'Hello' },
    });
    expectNoInternals(answer.text);
  });
});
