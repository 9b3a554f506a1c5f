import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { StartedServices } from '../../../server/src/create-services.js';
import { BUSY_MESSAGE, databaseUnavailableMessage } from '../../../server/src/db/database.js';
import { SESSION_COOKIE } from '../../../server/src/services/lucia.js';
import { createTestCompany, listen, sessionFor, startTestServices } from '../../support/harness.js';
import { expectNoInternals, request } from '../../support/http.js';
import { openRawSocket, subscribeMessage } from './raw-socket.js';

/** Nothing waits forever (issue 9, item 2): a full pool answers 503 "busy", and the app role has timeouts. */

let started: StartedServices;
let app: FastifyInstance;
let origin: string;

beforeAll(async () => {
  started = await startTestServices({ poolSize: 1, config: { DB_ACQUIRE_TIMEOUT_MS: '300' } });
  ({ app, origin } = await listen(started.services));
});
afterAll(async () => {
  await app?.close();
  await started?.close();
});

describe('the pool acquire timeout', () => {
  it('with the only connection held, a call answers 503 "busy, try again" instead of hanging, and succeeds once it is free', async () => {
    const company = await createTestCompany(started.services);
    const sessionId = await sessionFor(started.services, company.users.dispatcher);
    const headers = { cookie: `${SESSION_COOKIE}=${sessionId}` };

    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding = () => {};
    const isHolding = new Promise<void>((resolve) => (holding = resolve));
    const holder = started.services.db.transaction().execute(async (tx) => {
      await sql`select 1`.execute(tx);
      holding();
      await held;
    });
    await isHolding;
    try {
      const busy = await request(`${origin}/trpc/auth.session`, { headers });
      expect(busy.status).toBe(503);
      const body = JSON.parse(busy.text) as { error: { message: string; data: { code: string; httpStatus: number } } };
      expect(body.error.message).toBe(BUSY_MESSAGE);
      expect(body.error.data.code).toBe('SERVICE_UNAVAILABLE');
      expectNoInternals(busy.text);

      const ready = await request(`${origin}/health/ready`);
      expect(ready.status).toBe(503);
      expect(JSON.parse(ready.text)).toEqual({ status: 'unavailable', database: 'busy' });
    } finally {
      release();
      await holder;
    }
    const after = await request(`${origin}/trpc/auth.session`, { headers });
    expect(after.status).toBe(200);
    expect((await request(`${origin}/health/ready`)).status).toBe(200);
  });
});

describe('the app role', () => {
  it('has a statement, a lock and an idle-in-transaction timeout', async () => {
    const { rows } = await sql<{ statement: string; lock: string; idle: string; role: string }>`
      select current_setting('statement_timeout') as statement, current_setting('lock_timeout') as lock,
             current_setting('idle_in_transaction_session_timeout') as idle, current_user as role`.execute(started.services.db);
    expect(rows[0]).toEqual({ statement: '15s', lock: '5s', idle: '30s', role: 'haulwise_app' });
  });

  it('a statement cancelled by its timeout is read as "busy, try again" (503), not as a failure (500)', async () => {
    const error = await started.services.db
      .transaction()
      .execute(async (tx) => {
        await sql`set local statement_timeout = 100`.execute(tx);
        await sql`select pg_sleep(2)`.execute(tx);
      })
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    expect((error as { code?: string } | null)?.code).toBe('57014');
    expect(databaseUnavailableMessage(error)).toBe(BUSY_MESSAGE);
  });
});

describe('the WebSocket message deadline', () => {
  it('a subscription that cannot start within REQUEST_TIMEOUT_MS is answered with an error, and is stopped when it starts late', async () => {
    const slow = await startTestServices({ poolSize: 1, config: { REQUEST_TIMEOUT_MS: '400', DB_ACQUIRE_TIMEOUT_MS: '10000' } });
    const served = await listen(slow.services);
    try {
      const company = await createTestCompany(slow.services);
      const sessionId = await sessionFor(slow.services, company.users.dispatcher);
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let holding = () => {};
      const isHolding = new Promise<void>((resolve) => (holding = resolve));
      const holder = slow.services.db.transaction().execute(async (tx) => {
        await sql`select 1`.execute(tx);
        holding();
        await held;
      });
      await isHolding;
      // The socket's session cannot be read while the only connection is held: nothing can start.
      const raw = await openRawSocket(served.wsUrl, served.origin, sessionId);
      raw.send(subscribeMessage(1));
      await expect.poll(() => raw.errors(), { timeout: 5_000 }).toHaveLength(1);
      expect(raw.errors()[0]).toMatchObject({
        id: 1,
        error: { message: 'The server took too long to answer. Please try again.', data: { code: 'SERVICE_UNAVAILABLE' } },
      });
      release();
      await holder;
      // Once the session loads, the late subscription starts and is stopped at once; the client hears nothing more of it.
      raw.send(subscribeMessage(2));
      await expect.poll(() => raw.started(), { timeout: 5_000 }).toEqual([2]);
      expect(raw.frames.filter((frame) => frame.id === 1)).toHaveLength(1);
      raw.socket.close();
    } finally {
      await served.app.close();
      await slow.close();
    }
  });
});

describe('admission control', () => {
  it('past MAX_CONCURRENT_REQUESTS calls in progress, the next is answered 503 at once; the admitted ones finish', async () => {
    const small = await startTestServices({ poolSize: 1, config: { MAX_CONCURRENT_REQUESTS: '2', DB_ACQUIRE_TIMEOUT_MS: '20000' } });
    const served = await listen(small.services);
    try {
      const company = await createTestCompany(small.services);
      const headers = { cookie: `${SESSION_COOKIE}=${await sessionFor(small.services, company.users.dispatcher)}` };
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let holding = () => {};
      const isHolding = new Promise<void>((resolve) => (holding = resolve));
      const holder = small.services.db.transaction().execute(async (tx) => {
        await sql`select 1`.execute(tx);
        holding();
        await held;
      });
      await isHolding;
      // Calls that need the database wait for the held connection; once two wait, the next is turned away.
      const admitted: Promise<{ status: number }>[] = [];
      let refused: { status: number; text: string } | null = null;
      for (let attempt = 0; attempt < 20 && !refused; attempt++) {
        const call = request(`${served.origin}/trpc/auth.session`, { headers });
        const answer = await Promise.race([call, new Promise<null>((resolve) => setTimeout(() => resolve(null), 300))]);
        if (answer?.status === 503) refused = answer;
        else admitted.push(call);
      }
      expect(refused?.status).toBe(503);
      expect(JSON.parse(refused?.text ?? '{}')).toMatchObject({ error: { message: BUSY_MESSAGE, data: { code: 'SERVICE_UNAVAILABLE' } } });
      expect(admitted.length).toBeGreaterThanOrEqual(2);
      // Health checks are not API calls: never turned away by it.
      expect((await request(`${served.origin}/health/live`)).status).toBe(200);
      release();
      await holder;
      expect((await Promise.all(admitted)).map((answer) => answer.status)).toEqual(admitted.map(() => 200));
    } finally {
      await served.app.close();
      await small.close();
    }
  });
});
