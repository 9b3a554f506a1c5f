import { request as httpRequest } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '#shared/schemas/live.js';
import { SESSION_COOKIE } from '../../../server/src/services/lucia.js';
import type { StartedServices } from '../../../server/src/create-services.js';
import { createTestCompany, loadForm, TEST_PASSWORD, type TestCompany, uniqueEmail } from '../../support/factories.js';
import { SESSION_CACHE_MS } from '../../../server/src/trpc/session-cache.js';
import { listen, ownerDb, startTestServices } from '../../support/harness.js';
import { openLiveTab } from '../../support/live.js';

/**
 * Two Haulwise servers on one PostgreSQL and nothing else shared (no memory, no sticky sessions),
 * as behind a load balancer: a session started on one is good on the other, a change made through
 * one reaches the live subscribers of the other within a second, a sign-out on one ends the other's
 * live channel, and the per-address sign-in limit is one count across both.
 */
const SIGN_IN_MAX_PER_IP = 3;

interface Instance {
  started: StartedServices;
  app: FastifyInstance;
  origin: string;
  wsUrl: string;
}
const instances: Instance[] = [];
const closers: (() => void)[] = [];
let company: TestCompany;

function pair(): [Instance, Instance] {
  const [one, two] = instances;
  if (!one || !two) throw new Error('the two instances did not start');
  return [one, two];
}

beforeAll(async () => {
  for (let index = 0; index < 2; index += 1) {
    const started = await startTestServices({ config: { SIGN_IN_MAX_PER_IP: String(SIGN_IN_MAX_PER_IP) } });
    instances.push({ started, ...(await listen(started.services)) });
  }
  company = await createTestCompany(pair()[0].started.services);
});
afterAll(async () => {
  for (const close of closers) close();
  for (const instance of instances) {
    await instance.app.close();
    await instance.started.close();
  }
});

interface Answer {
  status: number;
  data?: unknown;
  code?: string;
  session?: string;
}

/** A tRPC call over HTTP to one instance, from a loopback address of the caller's choosing. */
function call(instance: Instance, path: string, input: unknown, options: { session?: string; from?: string; query?: boolean } = {}) {
  const url = new URL(`/trpc/${path}`, instance.origin);
  if (options.query && input !== undefined) url.searchParams.set('input', JSON.stringify(input));
  const body = options.query ? undefined : JSON.stringify(input ?? {});
  return new Promise<Answer>((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: options.query ? 'GET' : 'POST',
        localAddress: options.from ?? '127.0.0.1',
        agent: false,
        headers: {
          origin: instance.origin,
          ...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
          ...(options.session ? { cookie: `${SESSION_COOKIE}=${options.session}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const parsed = JSON.parse(text) as { result?: { data?: unknown }; error?: { data?: { code?: string } } };
          const cookie = [res.headers['set-cookie'] ?? []].flat().find((header) => header.startsWith(`${SESSION_COOKIE}=`));
          const session = cookie ? /^[^=]+=([^;]*)/.exec(cookie)?.[1] : undefined;
          resolve({
            status: res.statusCode ?? 0,
            data: parsed.result?.data,
            code: parsed.error?.data?.code,
            session: session || undefined,
          });
        });
      },
    );
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

async function signIn(instance: Instance, email: string, from: string): Promise<string> {
  const answer = await call(instance, 'auth.signIn', { email, password: TEST_PASSWORD }, { from });
  if (!answer.session) throw new Error(`no session from sign-in: ${answer.status} ${answer.code ?? ''}`);
  return answer.session;
}

/** A tab's live channel on an instance (tests/support/live.ts), resolved once it listens. */
async function liveChannel(instance: Instance, session: string): Promise<LiveEvent[]> {
  const tab = await openLiveTab(instance, session);
  closers.push(tab.close);
  return tab.events;
}

describe('two instances on one database', () => {
  it('a session started on one instance is good on the other', async () => {
    const [one, two] = pair();
    const session = await signIn(one, company.users.dispatcher.email, '127.0.0.11');
    const answer = await call(two, 'auth.session', undefined, { session, query: true });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ user: { email: company.users.dispatcher.email } });
  });

  it('a load created through one instance reaches a subscriber of the other within a second', async () => {
    const [one, two] = pair();
    const writer = await signIn(one, company.users.dispatcher.email, '127.0.0.12');
    const watcher = await signIn(two, company.users.admin.email, '127.0.0.12');
    const events = await liveChannel(two, watcher);

    const created = await call(one, 'loads.create', await loadForm(one.started.services.db, company), { session: writer });
    expect(created.status).toBe(200);
    const id = (created.data as { id: string }).id;
    await expect
      .poll(() => events.some((event) => event.type === 'change' && event.table === 'loads' && event.id === id), {
        timeout: 1000,
        interval: 20,
      })
      .toBe(true);
  });

  it("signing out on one instance ends the session's live channel on the other", async () => {
    const [one, two] = pair();
    const session = await signIn(one, company.users.treasury.email, '127.0.0.13');
    const events = await liveChannel(two, session);
    expect((await call(one, 'auth.signOut', { scope: 'local' }, { session })).status).toBe(200);
    await expect
      .poll(() => events.some((event) => event.type === 'session' && event.state === 'ended'), { timeout: 2000, interval: 20 })
      .toBe(true);
    expect((await call(two, 'auth.session', undefined, { session, query: true })).data).toBeNull();
  });

  it('sessions are cached per instance, yet a change or a revocation through one holds there at once and on the other within the notice', async () => {
    const [one, two] = pair();
    const member = company.users.sales;
    const session = await signIn(one, member.email, '127.0.0.15');
    const admin = await signIn(one, company.users.admin.email, '127.0.0.15');
    const who = async (instance: Instance, cookie = session) =>
      (await call(instance, 'auth.session', undefined, { session: cookie, query: true })).data;
    /** The other instance hears of it through the bus's "session revoked" notice (milliseconds), never only after the cache lifetime. */
    const soon = async (instance: Instance, expected: (data: unknown) => boolean, cookie = session) => {
      const started = Date.now();
      await expect.poll(async () => expected(await who(instance, cookie)), { timeout: SESSION_CACHE_MS / 5, interval: 5 }).toBe(true);
      return Date.now() - started;
    };
    // Warm on both: each instance now answers from its cache for a few seconds.
    for (const instance of [one, two, one, two]) expect(await who(instance)).toMatchObject({ user: { email: member.email } });

    // A profile edit through one: one answers the new name at once, two as soon as the notice is in.
    const renamed = `Renamed${Date.now() % 100000}`;
    const edited = await call(one, 'settings.updateProfile', { firstName: renamed, lastName: 'Member', phone: '' }, { session });
    expect(edited.status).toBe(200);
    expect(await who(one)).toMatchObject({ user: { firstName: renamed } });
    const renameLag = await soon(two, (data) => (data as { user?: { firstName?: string } } | null)?.user?.firstName === renamed);

    // A role change through one (it ends the member's sessions): refused on one at once, on two within the notice.
    for (const instance of [one, two]) expect(await who(instance)).not.toBeNull();
    const changed = await call(one, 'team.changeRole', { userId: member.userId, role: 'dispatcher' }, { session: admin });
    expect(changed.status).toBe(200);
    expect(await who(one)).toBeNull();
    const roleLag = await soon(two, (data) => data === null);

    // A sign-out through two: refused on two at once, on one within the notice.
    const again = await signIn(two, member.email, '127.0.0.16');
    for (const instance of [one, two]) expect(await who(instance, again)).toMatchObject({ role: 'dispatcher' });
    expect((await call(two, 'auth.signOut', { scope: 'local' }, { session: again })).status).toBe(200);
    expect(await who(two, again)).toBeNull();
    const signOutLag = await soon(one, (data) => data === null, again);
    // Far inside the cache's lifetime: the notice, not the lifetime, bounds it.
    expect(Math.max(renameLag, roleLag, signOutLag)).toBeLessThan(SESSION_CACHE_MS / 5);
  });

  it('a change made outside the app (an operator in psql) holds on both instances within the notice, not the cache lifetime', async () => {
    const [one, two] = pair();
    const member = company.users.treasury;
    const session = await signIn(one, member.email, '127.0.0.17');
    const who = async (instance: Instance) => (await call(instance, 'auth.session', undefined, { session, query: true })).data;
    for (const instance of [one, two, one, two]) expect(await who(instance)).toMatchObject({ role: 'treasury' });
    const started = Date.now();
    // The database's own triggers announce it (migrations/2026-11-25T2100_session_fact_notices.ts).
    await ownerDb().updateTable('user_roles').set({ role: 'sales' }).where('user_id', '=', member.userId).execute();
    for (const instance of [one, two]) {
      await expect
        .poll(async () => ((await who(instance)) as { role?: string } | null)?.role, { timeout: SESSION_CACHE_MS / 5, interval: 5 })
        .toBe('sales');
    }
    expect(Date.now() - started).toBeLessThan(SESSION_CACHE_MS / 5);
    await ownerDb().updateTable('user_roles').set({ role: 'treasury' }).where('user_id', '=', member.userId).execute();
  });

  it('counts sign-in attempts from one address across both instances', async () => {
    const from = '127.0.0.14';
    for (let attempt = 0; attempt < SIGN_IN_MAX_PER_IP; attempt += 1) {
      const answer = await call(
        pair()[attempt % 2 ? 1 : 0],
        'auth.signIn',
        { email: uniqueEmail('nobody'), password: 'wrong-password-1' },
        { from },
      );
      expect(answer.code).not.toBe('TOO_MANY_REQUESTS');
    }
    for (const instance of instances) {
      const answer = await call(instance, 'auth.signIn', { email: company.users.sales.email, password: TEST_PASSWORD }, { from });
      expect(answer.code).toBe('TOO_MANY_REQUESTS');
    }
  });
});
