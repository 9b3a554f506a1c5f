import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { StartedServices } from '../../../server/src/services/create-services.js';
import { BUSY_MESSAGE, databaseUnavailableMessage } from '../../../server/src/db/database.js';
import { SESSION_COOKIE } from '../../../server/src/auth/lucia.js';
import { createTestCompany, listen, sessionFor, startTestServices } from '../../support/harness.js';
import { expectNoInternals, request } from '../../support/http.js';

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
