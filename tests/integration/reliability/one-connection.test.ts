import { randomInt, randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../../server/src/services/lucia.js';
import { createInvitationToken } from '../../../server/src/domains/invitations/invitation-token.js';
import { asOneCall, SecondConnectionError } from '../../../server/src/services/connection-guard.js';
import type { StartedServices } from '../../../server/src/create-services.js';
import {
  createMasterAdmin,
  createTestCompany,
  listen,
  ownerDb,
  sessionFor,
  startTestServices,
  TEST_PASSWORD,
  uniqueEmail,
  type TestCompany,
  type TestUser,
} from '../../support/harness.js';
import { createTwoFactorMember } from '../../support/factories.js';

/**
 * One connection per call (issue 9, item 1). A call holds one pooled connection, its own
 * transaction; whatever it needs from the database (rate limits, mail, sessions, the master
 * admin's write path) runs on that transaction. Eight parallel requests once froze the server
 * for good: services inside a call each took a second connection from a pool that the calls
 * themselves held.
 *
 * Here the pool has 2 connections and every procedure that touches a service is called 100
 * times at once over HTTP, as browsers would. Every call must end, answered or refused with a
 * clear error (its own rule, or 503 "busy" from the pool's acquire timeout), never with an
 * internal error (the guarded pool answers one for a second connection), and the server must
 * be ready afterwards. The 10 seconds are a bound on liveness: a deadlock never ends.
 */

const CALLS = 100;
const DEADLINE_MS = 10_000;
const POOL_SIZE = 2;

let started: StartedServices;
let app: FastifyInstance;
let origin: string;
let owner: Kysely<any>;
let company: TestCompany;
let master: TestUser;

beforeAll(async () => {
  started = await startTestServices({ poolSize: POOL_SIZE, config: { DB_ACQUIRE_TIMEOUT_MS: '5000' } });
  ({ app, origin } = await listen(started.services));
  owner = ownerDb();
  company = await createTestCompany(started.services);
  master = await createMasterAdmin(started.services);
});
afterAll(async () => {
  await app?.close();
  await started?.close();
  await owner?.destroy();
});

interface Answer {
  status: number;
  code: string;
  message: string;
  data: unknown;
}

/**
 * A tRPC mutation over HTTP from a loopback address of its own (127.x.y.z), so per-address
 * rate limits count this test's calls only.
 */
function post(path: string, input: unknown, options: { session?: string; from: string }): Promise<Answer> {
  // A batch of one, as the browser's batch link sends it (`{}` for a procedure without input).
  const body = JSON.stringify({ 0: input });
  const url = new URL(`/trpc/${path}?batch=1`, origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        localAddress: options.from,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          origin,
          ...(options.session ? { cookie: `${SESSION_COOKIE}=${options.session}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const [parsed] = JSON.parse(text) as { result?: { data?: unknown }; error?: { message: string; data?: { code?: string } } }[];
          if (!parsed) return reject(new Error(`no answer: ${text}`));
          resolve({
            status: res.statusCode ?? 0,
            code: parsed.error ? (parsed.error.data?.code ?? 'UNKNOWN') : 'OK',
            message: parsed.error?.message ?? '',
            data: parsed.result?.data,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const loopbackAddress = () => `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

const BUSY = 'SERVICE_UNAVAILABLE';

/**
 * Fires `CALLS` calls at once and waits for all of them, at most DEADLINE_MS. Answers how many
 * ended with each code; fails naming the calls still running at the deadline.
 */
async function burst(call: (index: number) => Promise<Answer>): Promise<Record<string, number>> {
  let finished = 0;
  const calls = Array.from({ length: CALLS }, (_, index) =>
    call(index).finally(() => {
      finished += 1;
    }),
  );
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'deadline'>((resolve) => {
    timer = setTimeout(() => resolve('deadline'), DEADLINE_MS);
  });
  const outcome = await Promise.race([Promise.all(calls), deadline]);
  clearTimeout(timer);
  expect(outcome === 'deadline' ? `${CALLS - finished} of ${CALLS} calls still running after ${DEADLINE_MS} ms` : 'all ended').toBe(
    'all ended',
  );
  const answers = outcome as Answer[];
  const counts: Record<string, number> = {};
  for (const answer of answers) counts[answer.code] = (counts[answer.code] ?? 0) + 1;
  // Never an internal error (a second connection is one), and a clear message for every refusal.
  expect(counts.INTERNAL_SERVER_ERROR ?? 0, JSON.stringify(counts)).toBe(0);
  for (const answer of answers.filter((each) => each.code !== 'OK')) expect(answer.message).not.toBe('');
  for (const answer of answers.filter((each) => each.code === BUSY)) {
    expect(answer).toMatchObject({ status: 503, message: 'The server is busy. Please try again in a moment.' });
  }
  return counts;
}

/** Only these codes (and busy), and the call's own success at least once. */
function expectOnly(counts: Record<string, number>, allowed: string[], atLeast: Record<string, number>) {
  expect(
    Object.keys(counts).filter((code) => code !== BUSY && !allowed.includes(code)),
    JSON.stringify(counts),
  ).toEqual([]);
  for (const [code, minimum] of Object.entries(atLeast)) expect(counts[code] ?? 0, JSON.stringify(counts)).toBeGreaterThanOrEqual(minimum);
}

async function expectReady() {
  const response = await fetch(new URL('/health/ready', origin));
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok', database: 'ok' });
}

const member = () => createTwoFactorMember(started.services, company.companyId, { enabled: false });

describe(`${CALLS} concurrent calls on a pool of ${POOL_SIZE}`, () => {
  it('twoFactor.sendCode: the advisory lock and the queued mail share the call’s transaction', async () => {
    const session = await sessionFor(started.services, await member());
    const from = loopbackAddress();
    const counts = await burst(() => post('twoFactor.sendCode', { method: 'email' }, { session, from }));
    expectOnly(counts, ['OK', 'TOO_MANY_REQUESTS'], { OK: 1 });
    expect(counts.OK).toBe(1);
    await expectReady();
  });

  it('twoFactor.verify: the rate limit counts inside the call', async () => {
    const user = await member();
    const session = await sessionFor(started.services, user);
    const from = loopbackAddress();
    expect((await post('twoFactor.sendCode', { method: 'email' }, { session, from })).code).toBe('OK');
    const counts = await burst(() => post('twoFactor.verify', { code: '000000' }, { session, from }));
    // 30 tries a quarter of an hour, each answered "invalid" (success false); the rest refused.
    expectOnly(counts, ['OK', 'TOO_MANY_REQUESTS'], { OK: 1 });
    expect(counts.OK).toBeLessThanOrEqual(30);
    await expectReady();
  });

  it('auth.signIn with two-factor authentication: challenge, code and mail on one transaction', async () => {
    const user = await createTwoFactorMember(started.services, company.companyId);
    const from = loopbackAddress();
    const counts = await burst(() => post('auth.signIn', { email: user.email, password: TEST_PASSWORD }, { from }));
    // 10 tries per account per quarter of an hour.
    expectOnly(counts, ['OK', 'TOO_MANY_REQUESTS'], { OK: 1 });
    await expectReady();
  });

  it('team.invite: the limit and the invitation mail on the admin’s transaction', async () => {
    const fresh = await createTestCompany(started.services);
    const session = await sessionFor(started.services, fresh.users.admin);
    const from = loopbackAddress();
    const counts = await burst(() =>
      post('team.invite', { email: uniqueEmail('burst'), firstName: 'Ivy', lastName: 'Invitee', role: 'dispatcher' }, { session, from }),
    );
    // 50 invitations an hour per company.
    expectOnly(counts, ['OK', 'TOO_MANY_REQUESTS'], { OK: 1 });
    expect(counts.OK).toBeLessThanOrEqual(50);
    await expectReady();
  });

  it('team.resendInvitation: one resend a minute, the others refused', async () => {
    const session = await sessionFor(started.services, company.users.admin);
    const from = loopbackAddress();
    const invited = await post(
      'team.invite',
      { email: uniqueEmail('resend'), firstName: 'Ray', lastName: 'Resend', role: 'sales' },
      { session, from },
    );
    expect(invited.code).toBe('OK');
    const { invitation } = invited.data as { invitation: { id: string } };
    await owner
      .updateTable('invitations')
      .set({ lastSentAt: new Date(Date.now() - 120_000) })
      .where('id', '=', invitation.id)
      .execute();
    const counts = await burst(() => post('team.resendInvitation', { id: invitation.id }, { session, from }));
    expectOnly(counts, ['OK', 'TOO_MANY_REQUESTS'], { OK: 1 });
    expect(counts.OK).toBe(1);
    await expectReady();
  });

  it('invitations.accept: one invitation, one new member; the other accepts refused', async () => {
    const { token, tokenHash } = createInvitationToken();
    await owner
      .insertInto('invitations')
      .values({
        companyId: company.companyId,
        email: uniqueEmail('accept'),
        firstName: 'Ana',
        lastName: 'Accept',
        role: 'treasury',
        tokenHash,
        invitedBy: company.users.admin.userId,
        expiresAt: new Date(Date.now() + 3600_000),
      })
      .execute();
    const from = loopbackAddress();
    const counts = await burst(() =>
      post('invitations.accept', { token, firstName: 'Ana', lastName: 'Accept', password: 'a-new-password' }, { from }),
    );
    expectOnly(counts, ['OK', 'NOT_FOUND', 'CONFLICT'], { OK: 1 });
    expect(counts.OK).toBe(1);
    await expectReady();
  });

  it('settings.changePassword: wrong passwords count, inside the call, and are refused after 10', async () => {
    const session = await sessionFor(started.services, await member());
    const from = loopbackAddress();
    const counts = await burst(() =>
      post('settings.changePassword', { currentPassword: `guess-${randomUUID()}`, newPassword: 'n3w-secret' }, { session, from }),
    );
    expectOnly(counts, ['BAD_REQUEST', 'TOO_MANY_REQUESTS'], { BAD_REQUEST: 1 });
    expect(counts.BAD_REQUEST).toBeLessThanOrEqual(10);
    await expectReady();
  });

  it('contact.send: five an hour per address, each stored and mailed in one transaction', async () => {
    const from = loopbackAddress();
    const subject = `Burst ${randomUUID()}`;
    const counts = await burst((index) =>
      post('contact.send', { name: 'Casey', email: 'casey@example.test', subject: `${subject} ${index}`, message: 'Hello' }, { from }),
    );
    expectOnly(counts, ['OK', 'TOO_MANY_REQUESTS'], { OK: 1 });
    expect(counts.OK).toBeLessThanOrEqual(5);
    // What was answered success was stored and mailed; nothing else was.
    const mailed = await owner.selectFrom('outbox').select('id').where('subject', 'like', `[Contact] ${subject}%`).execute();
    const stored = await owner.selectFrom('contactMessages').select('id').where('subject', 'like', `${subject}%`).execute();
    expect([mailed.length, stored.length]).toEqual([counts.OK, counts.OK]);
    await expectReady();
  });

  it('admin.seedTestUsers: the whole seed on the master admin’s transaction, idempotent under overlap', async () => {
    const session = await sessionFor(started.services, master);
    const from = loopbackAddress();
    const counts = await burst(() => post('admin.seedTestUsers', undefined, { session, from }));
    expectOnly(counts, ['OK'], { OK: 1 });
    await expectReady();
  });

  it('admin.setCompanyStatus: the narrow write path inside the master admin’s transaction', async () => {
    const target = await createTestCompany(started.services);
    const session = await sessionFor(started.services, master);
    const from = loopbackAddress();
    const counts = await burst((index) =>
      post('admin.setCompanyStatus', { companyId: target.companyId, status: index % 2 === 0 ? 'suspended' : 'active' }, { session, from }),
    );
    expectOnly(counts, ['OK'], { OK: 1 });
    await expectReady();
  });
});

describe('the guard', () => {
  it('refuses a call a second pooled connection while it holds one', async () => {
    const { db } = started.services;
    const attempt = asOneCall('the test call', () =>
      db.transaction().execute(async () => {
        await sql`select 1`.execute(db);
      }),
    );
    await expect(attempt).rejects.toBeInstanceOf(SecondConnectionError);
    await expect(attempt).rejects.toThrow('the test call asked for a second database connection while holding one');
  });

  it('lets a call use one connection after another, and leaves work outside calls alone', async () => {
    const { db } = started.services;
    const rows = await asOneCall('sequential', async () => {
      const first = await sql<{ one: number }>`select 1 as one`.execute(db);
      const second = await db.transaction().execute((tx) => sql<{ one: number }>`select 1 as one`.execute(tx));
      return [...first.rows, ...second.rows];
    });
    expect(rows).toEqual([{ one: 1 }, { one: 1 }]);
    // Outside a call (start-up, the job worker, the session sweep) nothing is counted.
    await db.transaction().execute(async () => {
      await sql`select 1`.execute(db);
    });
  });
});
