import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_MAX_ATTEMPTS } from '../../../server/src/services/mail/mailer.js';
import type { StartedServices } from '../../../server/src/create-services.js';
import { callerFor, createTestCompany, ownerDb, startTestServices, uniqueEmail, type TestCompany } from '../../support/harness.js';
import { uniqueIp } from '../../support/http.js';

/**
 * Mail leaves through the job queue after commit (issue 9, item 1): nothing is sent for a change
 * that rolled back, nothing is lost for one that committed, and a message is sent once even when
 * the worker fails after the provider took it (the outbox id is Resend's idempotency key).
 */

interface Delivery {
  key: string | undefined;
  subject: string;
  to: string[];
}

/**
 * Resend on loopback, keeping idempotency keys as Resend does: a request with a key it has seen
 * answers the first answer again and sends nothing. `loseAnswers` keys are sent and then the
 * connection is dropped before the answer, as a crash or a network failure after the send would.
 */
async function startFakeResend() {
  const requests: Delivery[] = [];
  const sent: Delivery[] = [];
  const answers = new Map<string, { id: string }>();
  const state = { failing: false, loseAnswerOnce: new Set<string>() };
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as { subject: string; to: string[] };
      const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined;
      const delivery = { key, subject: body.subject, to: body.to };
      requests.push(delivery);
      if (state.failing) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ statusCode: 500, name: 'internal_server_error', message: 'Fake Resend is down' }));
        return;
      }
      let answer = key ? answers.get(key) : undefined;
      if (!answer) {
        answer = { id: `fake-${randomUUID()}` };
        sent.push(delivery);
        if (key) answers.set(key, answer);
      }
      if (key && state.loseAnswerOnce.delete(body.subject)) {
        req.socket.destroy();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sent,
    answers,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let fake: Awaited<ReturnType<typeof startFakeResend>>;
let started: StartedServices;
let owner: Kysely<any>;
let company: TestCompany;

beforeAll(async () => {
  fake = await startFakeResend();
  const previous = process.env.RESEND_BASE_URL;
  process.env.RESEND_BASE_URL = fake.url;
  try {
    started = await startTestServices({ config: { RESEND_API_KEY: 're_test_jobs', RESEND_BASE_URL: fake.url } });
  } finally {
    if (previous === undefined) delete process.env.RESEND_BASE_URL;
    else process.env.RESEND_BASE_URL = previous;
  }
  owner = ownerDb();
  company = await createTestCompany(started.services);
});
afterAll(async () => {
  await started?.close();
  await fake?.close();
  await owner?.destroy();
});

const outboxRow = (subject: string) => owner.selectFrom('outbox').selectAll().where('subject', '=', subject).executeTakeFirst();
const jobOf = async (outboxId: string) => {
  const { rows } = await sql<{ attempts: number; maxAttempts: number; lastError: string | null }>`
    select attempts, max_attempts, last_error from graphile_worker.jobs where key = ${`outbox/${outboxId}`}`.execute(owner);
  return rows[0];
};
const message = (subject: string) => ({ channel: 'email' as const, to: 'someone@example.test', subject, text: 'Hello' });

/** Mail the worker must deliver: once it is in, every job queued before it has had its turn. */
async function deliverSentinel() {
  const subject = `Sentinel ${randomUUID()}`;
  const { mailer, db } = started.services;
  await mailer.send(db, message(subject));
  await expect.poll(() => fake.sent.some((each) => each.subject === subject), { timeout: 10_000 }).toBe(true);
}

describe('mail through the job queue', () => {
  it('is queued in the caller’s transaction and sent after commit, the outbox id as idempotency key', async () => {
    const subject = `Committed ${randomUUID()}`;
    const { mailer, db } = started.services;
    const queued = await db.transaction().execute((tx) => mailer.send(tx, message(subject)));
    expect(queued.status).toBe('queued');
    await expect.poll(async () => (await outboxRow(subject))?.status, { timeout: 10_000 }).toBe('sent');
    const row = await outboxRow(subject);
    expect(fake.sent.filter((each) => each.subject === subject)).toEqual([
      { key: `outbox/${queued.id}`, subject, to: ['someone@example.test'] },
    ]);
    expect(row).toMatchObject({
      provider: 'resend',
      attempts: 1,
      error: null,
      providerMessageId: fake.answers.get(`outbox/${queued.id}`)?.id,
    });
  });

  it('never sends mail for a change that rolled back', async () => {
    const subject = `Rolled back ${randomUUID()}`;
    const { mailer, db } = started.services;
    await expect(
      db.transaction().execute(async (tx) => {
        await mailer.send(tx, message(subject));
        throw new Error('the change failed after its mail was queued');
      }),
    ).rejects.toThrow('the change failed');
    await deliverSentinel();
    expect(fake.requests.some((each) => each.subject === subject)).toBe(false);
    expect(await outboxRow(subject)).toBeUndefined();
  });

  it('never sends mail for a procedure that fails, and sends it once for one that succeeds', async () => {
    const admin = await callerFor(started.services, company.users.admin, uniqueIp());
    const email = uniqueEmail('queued-invite');
    await admin.team.invite({ email, firstName: 'Quinn', lastName: 'Queued', role: 'dispatcher' });
    // The same address again is refused (already invited): nothing of it is queued.
    await expect(admin.team.invite({ email, firstName: 'Quinn', lastName: 'Again', role: 'sales' })).rejects.toThrow();
    await deliverSentinel();
    await expect.poll(() => fake.sent.filter((each) => each.to.includes(email)).length, { timeout: 10_000 }).toBe(1);
    const rows = () => owner.selectFrom('outbox').select(['status']).where('recipient', '=', email).execute();
    await expect.poll(rows, { timeout: 10_000 }).toEqual([{ status: 'sent' }]);
  });

  it('is sent once when the worker fails after Resend took it: the retry carries the same key', async () => {
    const subject = `Answer lost ${randomUUID()}`;
    fake.state.loseAnswerOnce.add(subject);
    const { mailer, db } = started.services;
    const queued = await db.transaction().execute((tx) => mailer.send(tx, message(subject)));
    // The first try is sent but its answer never arrives: the job fails and is retried with backoff.
    await expect.poll(async () => (await outboxRow(subject))?.status, { timeout: 20_000, interval: 250 }).toBe('sent');
    const key = `outbox/${queued.id}`;
    expect(fake.requests.filter((each) => each.subject === subject).map((each) => each.key)).toEqual([key, key]);
    expect(fake.sent.filter((each) => each.subject === subject)).toHaveLength(1);
    expect(await outboxRow(subject)).toMatchObject({
      status: 'sent',
      attempts: 2,
      error: null,
      providerMessageId: fake.answers.get(key)?.id,
    });
  });

  it('retries a failing provider with backoff and marks the message failed after its last try', async () => {
    const subject = `Provider down ${randomUUID()}`;
    fake.state.failing = true;
    try {
      const { mailer, db } = started.services;
      const queued = await mailer.send(db, message(subject));
      await expect.poll(async () => (await outboxRow(subject))?.error, { timeout: 10_000 }).toBe('Fake Resend is down');
      expect(await outboxRow(subject)).toMatchObject({ status: 'queued', attempts: 1, sentAt: null });
      const job = await jobOf(queued.id);
      expect(job).toMatchObject({ attempts: 1, maxAttempts: MAIL_MAX_ATTEMPTS });

      // Time moves on: the next try is the last one, and it is due now.
      await sql`update graphile_worker._private_jobs set max_attempts = 2, run_at = now() where key = ${`outbox/${queued.id}`}`.execute(
        owner,
      );
      await expect.poll(async () => (await outboxRow(subject))?.status, { timeout: 10_000 }).toBe('failed');
      expect(await outboxRow(subject)).toMatchObject({ attempts: 2, error: 'Fake Resend is down', sentAt: null });
      expect(fake.requests.filter((each) => each.subject === subject)).toHaveLength(2);
      expect(fake.sent.filter((each) => each.subject === subject)).toHaveLength(0);
    } finally {
      fake.state.failing = false;
    }
  });

  it('schedules the hourly sweep of rate-limit windows with the queue’s cron, as the app role', async () => {
    // The worker registers its crontab at start; a role without the cron's grants fails here, and the sweep never runs.
    const known = () =>
      sql<{
        identifier: string;
      }>`select identifier from graphile_worker._private_known_crontabs where identifier = 'sweep-rate-limits'`.execute(owner);
    await expect.poll(async () => (await known()).rows, { timeout: 10_000 }).toEqual([{ identifier: 'sweep-rate-limits' }]);
  });

  it('keeps SMS (no provider) in the outbox as sent at once, with no job', async () => {
    const { mailer, db } = started.services;
    const text = `Your code is ${randomUUID().slice(0, 6)}`;
    const queued = await mailer.send(db, { channel: 'sms', to: '+1 555 010 9999', subject: '', text });
    expect(queued.status).toBe('sent');
    expect(await jobOf(queued.id)).toBeUndefined();
    const row = await owner.selectFrom('outbox').selectAll().where('id', '=', queued.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ provider: 'outbox', status: 'sent' });
  });
});
