import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Kysely } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCompany } from '../../server/src/db/with-company.js';
import { checkWebhookAddress, isPublicAddress } from '../../server/src/domains/webhooks/webhook-address.js';
import {
  attemptDelivery,
  DISABLE_AFTER_MS,
  nextAttemptAt,
  RETRY_DELAYS_MS,
  sweepStrandedDeliveries,
  type WebhookDeps,
  type WebhookRequest,
} from '../../server/src/domains/webhooks/webhook-tasks.js';
import { WEBHOOK_TEXTS, type WebhookEvent } from '#shared/schemas/webhooks.js';
import { callerFor, createTestCompany, ownerDb, startTestServices, type TestCompany } from '../support/harness.js';
import { createDriver, createLoad } from '../support/factories.js';
import { expectTrpcError, uniqueIp } from '../support/http.js';
import { expectSameAsMissing } from './security/authorization-matrix.js';

/**
 * Issue 28, item 3: signed webhooks. A local receiver on 127.0.0.1 (allowed outside production)
 * takes the deliveries the job worker of the test services sends after commit; the retry schedule
 * and the disabling are driven through the delivery task with a clock of the test's own.
 */

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let started: Awaited<ReturnType<typeof startTestServices>>;
let owner: Kysely<any>;
let company: TestCompany;
let other: TestCompany;
let receiver: Server;
let base: string;
const received: Received[] = [];

beforeAll(async () => {
  started = await startTestServices();
  owner = ownerDb();
  [company, other] = await Promise.all([createTestCompany(started.services), createTestCompany(started.services)]);
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      // /fail/... answers 500, anything else 204.
      response.statusCode = request.url?.startsWith('/fail') ? 500 : 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await started?.close();
  await owner?.destroy();
  await new Promise((resolve) => receiver?.close(resolve));
});

const admin = (of: TestCompany = company) => callerFor(started.services, of.users.admin, uniqueIp());

async function register(path: string, events: WebhookEvent[], of: TestCompany = company) {
  return (await admin(of)).webhooks.createEndpoint({ url: `${base}${path}`, description: `Test ${path}`, events });
}

async function waitFor<T>(find: () => T | undefined | Promise<T | undefined>, what: string, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The value, which the test has just made sure exists. */
function present<T>(value: T | undefined, what = 'value'): T {
  if (value === undefined) throw new Error(`no ${what}`);
  return value;
}

const arrivedAt = (path: string) => received.filter((request) => request.path === path);
const deliveriesOf = (endpointId: string) =>
  owner.selectFrom('webhookDeliveries').selectAll().where('endpointId', '=', endpointId).orderBy('createdAt').execute();
const tenantOf = (of: TestCompany) => ({ companyId: of.companyId, userId: of.users.admin.userId });

function deps(overrides: Partial<WebhookDeps> = {}): WebhookDeps {
  return {
    db: started.services.db,
    mailer: started.services.mailer,
    production: false,
    appOrigin: 'https://dispatch.haulwise.test',
    ...overrides,
  };
}

describe('events written with the change', () => {
  it('writes the delivery in the same transaction, and sends nothing when it rolls back', async () => {
    const path = `/rollback-${randomUUID()}`;
    const endpoint = await register(path, ['load.created']);
    const failure = new Error('rolled back on purpose');
    let seenInside = 0;
    await expect(
      withCompany(started.services.db, tenantOf(company), async (tx) => {
        await tx
          .insertInto('loads')
          .values({
            companyId: company.companyId,
            loadNumber: `WH-${randomUUID().slice(0, 8)}`,
            pickupLocation: '1 A St',
            pickupCity: 'Dallas',
            pickupState: 'TX',
            deliveryLocation: '2 B St',
            deliveryCity: 'Austin',
            deliveryState: 'TX',
          })
          .execute();
        const rows = await tx.selectFrom('webhookDeliveries').select('id').where('endpointId', '=', endpoint.id).execute();
        seenInside = rows.length;
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(seenInside).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await deliveriesOf(endpoint.id)).toHaveLength(0);
    expect(arrivedAt(path)).toHaveLength(0);
  });

  it('delivers after commit, signed so that standardwebhooks verifies it, and logs the delivery', async () => {
    const path = `/ok-${randomUUID()}`;
    const endpoint = await register(path, ['load.created', 'load.status_changed', 'load.assigned']);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    const loadId = await createLoad(started.services.db, company.users.dispatcher);
    const request = present(
      (await waitFor(() => (arrivedAt(path).length > 0 ? arrivedAt(path) : undefined), 'the load.created delivery'))[0],
    );
    const verified = new Webhook(endpoint.secret).verify(request.body, request.headers as Record<string, string>) as {
      type: string;
      data: { loadId: string };
    };
    expect(verified.type).toBe('load.created');
    expect(verified.data.loadId).toBe(loadId);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['webhook-id']).toMatch(/^msg_/);
    // A signature made with another secret does not verify.
    expect(() => new Webhook(`whsec_${Buffer.alloc(24, 7).toString('base64')}`).verify(request.body, request.headers as never)).toThrow();

    const [delivery] = await waitFor(async () => {
      const rows = await deliveriesOf(endpoint.id);
      return rows[0]?.status === 'succeeded' ? rows : undefined;
    }, 'the delivery to be recorded');
    expect(delivery).toMatchObject({ eventType: 'load.created', attempts: 1, lastStatusCode: 204, lastError: null });

    // The status change and the assignment, from the procedures.
    const dispatcher = await callerFor(started.services, company.users.dispatcher, uniqueIp());
    const driverId = await createDriver(started.services.db, company.users.dispatcher);
    await dispatcher.loads.assign({ id: loadId, driverId });
    const types = await waitFor(() => {
      const seen = arrivedAt(path).map((arrived) => (JSON.parse(arrived.body) as { type: string }).type);
      return seen.includes('load.assigned') && seen.includes('load.status_changed') ? seen : undefined;
    }, 'load.assigned and load.status_changed');
    expect(types).toEqual(expect.arrayContaining(['load.created', 'load.assigned', 'load.status_changed']));

    const log = await (await admin()).webhooks.listDeliveries({ endpointId: endpoint.id, limit: 2 });
    expect(log.items).toHaveLength(2);
    expect(log.nextCursor).not.toBeNull();
    const rest = await (await admin()).webhooks.listDeliveries({ endpointId: endpoint.id, cursor: log.nextCursor, limit: 2 });
    expect(rest.items.length).toBeGreaterThan(0);
  });

  it('writes document.uploaded, pod.extracted, invoice.created, invoice.paid and message.received from their changes', async () => {
    const path = `/ok-all-${randomUUID()}`;
    const endpoint = await register(path, ['document.uploaded', 'pod.extracted', 'invoice.created', 'invoice.paid', 'message.received']);
    const loadId = await createLoad(started.services.db, company.users.dispatcher, { status: 'delivered' });
    const invoiceNumber = `INV-20261102-${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
    await withCompany(started.services.db, tenantOf(company), async (tx) => {
      const document = await tx
        .insertInto('documents')
        .values({
          companyId: company.companyId,
          loadId,
          fileName: 'pod.pdf',
          filePath: `${company.companyId}/${randomUUID()}`,
          fileSize: 1024,
          contentType: 'application/pdf',
          documentType: 'pod',
          visibility: 'dispatcher',
          uploadedBy: company.users.admin.userId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('podData')
        .values({
          companyId: company.companyId,
          documentId: document.id,
          deliveryDate: '2026-11-02',
          deliveryTime: null,
          recipientName: 'Dock 4',
          recipientSignature: true,
          location: null,
          condition: 'good',
          notes: null,
          confirmedBy: company.users.admin.userId,
        })
        .execute();
      const invoice = await tx
        .insertInto('invoices')
        .values({
          companyId: company.companyId,
          invoiceNumber,
          loadId,
          invoiceDate: '2026-11-02',
          dueDate: '2026-12-02',
          amount: '2450.00',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx.updateTable('invoices').set({ status: 'sent' }).where('id', '=', invoice.id).execute();
      await tx.updateTable('invoices').set({ status: 'paid' }).where('id', '=', invoice.id).execute();
      await tx
        .insertInto('messages')
        .values({
          companyId: company.companyId,
          senderId: company.users.admin.userId,
          recipientId: company.users.dispatcher.userId,
          subject: 'Dock change',
          body: 'Private text',
        })
        .execute();
    });
    const rows = await deliveriesOf(endpoint.id);
    expect(rows.map((row) => row.eventType).sort()).toEqual(
      ['document.uploaded', 'invoice.created', 'invoice.paid', 'message.received', 'pod.extracted'].sort(),
    );
    const payloadOf = (type: string) => (rows.find((row) => row.eventType === type)?.payload as { data: Record<string, unknown> }).data;
    expect(payloadOf('invoice.paid')).toMatchObject({ invoiceNumber, loadId });
    expect(payloadOf('pod.extracted')).toMatchObject({ loadId, recipientName: 'Dock 4', condition: 'good' });
    expect(payloadOf('message.received')).toMatchObject({ subject: 'Dock change' });
    expect(JSON.stringify(payloadOf('message.received'))).not.toContain('Private text');
    await waitFor(() => (arrivedAt(path).length === 5 ? true : undefined), 'the five deliveries');
  });

  it("never sends another company's endpoint this company's events", async () => {
    const path = `/other-${randomUUID()}`;
    const foreign = await register(path, ['load.created'], other);
    await createLoad(started.services.db, company.users.dispatcher);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await deliveriesOf(foreign.id)).toHaveLength(0);
    expect(arrivedAt(path)).toHaveLength(0);
    // Nor may this company's admin read or change it: it answers like a missing one.
    const caller = await admin();
    await expectSameAsMissing(
      () => caller.webhooks.listDeliveries({ endpointId: foreign.id }),
      () => caller.webhooks.listDeliveries({ endpointId: randomUUID() }),
    );
    await expectSameAsMissing(
      () => caller.webhooks.sendTest({ id: foreign.id }),
      () => caller.webhooks.sendTest({ id: randomUUID() }),
    );
  });

  it('sends driver.position at most once a minute per driver', async () => {
    const path = `/position-${randomUUID()}`;
    const endpoint = await register(path, ['driver.position']);
    const driverId = await createDriver(started.services.db, company.users.dispatcher);
    const move = (minutesAgo: number) =>
      withCompany(started.services.db, tenantOf(company), (tx) =>
        tx
          .updateTable('drivers')
          .set({
            currentLocationLat: '32.7767',
            currentLocationLng: '-96.7970',
            lastLocationUpdate: new Date(Date.now() - minutesAgo * 1000),
          })
          .where('id', '=', driverId)
          .execute(),
      );
    await move(30);
    await move(20);
    await move(10);
    expect(await deliveriesOf(endpoint.id)).toHaveLength(1);
    // A minute later the next position is sent again.
    await owner
      .updateTable('webhookEventMarks')
      .set({ lastAt: new Date(Date.now() - 61_000) })
      .where('companyId', '=', company.companyId)
      .where('key', '=', `driver.position:${driverId}`)
      .execute();
    await move(0);
    const rows = await deliveriesOf(endpoint.id);
    expect(rows).toHaveLength(2);
    expect(rows.map((row) => (row.payload as { data: { driverId: string } }).data.driverId)).toEqual([driverId, driverId]);
  });
});

describe('retries and disabling', () => {
  it('retries with backoff for 24 hours, then disables the endpoint and mails the admins', async () => {
    const path = `/fail-${randomUUID()}`;
    const endpoint = await register(path, ['load.created']);
    await createLoad(started.services.db, company.users.dispatcher);
    // The worker's first attempt, at once after commit.
    const first = present(
      (
        await waitFor(async () => {
          const rows = await deliveriesOf(endpoint.id);
          return rows[0]?.attempts === 1 && rows[0].status === 'pending' && rows[0].lastStatusCode === 500 ? rows : undefined;
        }, 'the first failed attempt')
      )[0],
    );
    const createdAt = new Date(first.createdAt as Date);
    expect(new Date(first.nextAttemptAt as Date).getTime() - createdAt.getTime()).toBeLessThan(RETRY_DELAYS_MS[0] + 5_000);
    const job = { companyId: company.companyId, deliveryId: first.id as string };

    // Each next attempt at its time, by the test's clock: 30 s, 2 min, 10 min, 30 min, 1 h, then hourly.
    let now = new Date(first.nextAttemptAt as Date);
    const gaps: number[] = [];
    for (let attempt = 2; attempt <= 8; attempt += 1) {
      expect(await attemptDelivery(deps(), job, now)).toBe('retrying');
      const row = present((await deliveriesOf(endpoint.id))[0]);
      expect(row).toMatchObject({ attempts: attempt, status: 'pending', lastStatusCode: 500 });
      const next = new Date(row.nextAttemptAt as Date);
      gaps.push(next.getTime() - now.getTime());
      now = next;
    }
    expect(gaps).toEqual([30_000, 120_000, 600_000, 1_800_000, 3_600_000, 3_600_000, 3_600_000]);
    // An attempt before its time is not made.
    expect(await attemptDelivery(deps(), job, new Date(now.getTime() - 60_000))).toBe('skipped');
    expect(nextAttemptAt(30, createdAt, new Date(createdAt.getTime() + 23.5 * 3_600_000))).toBeNull();

    // 24 hours of failures: the attempt that finds it disables the endpoint and mails every admin.
    const endpointRow = await owner.selectFrom('webhookEndpoints').selectAll().where('id', '=', endpoint.id).executeTakeFirstOrThrow();
    expect(endpointRow.failureCount).toBeGreaterThanOrEqual(8);
    const late = new Date(new Date(endpointRow.failingSince as Date).getTime() + DISABLE_AFTER_MS + 1000);
    expect(await attemptDelivery(deps(), job, late)).toBe('failed');
    const disabled = await owner.selectFrom('webhookEndpoints').selectAll().where('id', '=', endpoint.id).executeTakeFirstOrThrow();
    expect(disabled.enabled).toBe(false);
    expect(disabled.disabledReason).toMatch(/^Every delivery failed for 24 hours/);
    const [final] = await deliveriesOf(endpoint.id);
    expect(final).toMatchObject({ status: 'failed', nextAttemptAt: null });
    const mails = await owner
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', '=', company.users.admin.email)
      .where('subject', '=', 'Haulwise: a webhook endpoint was disabled')
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.companyId).toBe(company.companyId);

    // A disabled endpoint gets no new events, refuses a test event, and shows why in the list.
    await createLoad(started.services.db, company.users.dispatcher);
    expect(await deliveriesOf(endpoint.id)).toHaveLength(1);
    const caller = await admin();
    await expectTrpcError(caller.webhooks.sendTest({ id: endpoint.id }), 'BAD_REQUEST', WEBHOOK_TEXTS.endpointDisabled);
    const listed = (await caller.webhooks.listEndpoints()).items.find((item) => item.id === endpoint.id);
    expect(listed).toMatchObject({ enabled: false, disabledReason: disabled.disabledReason });
    // Enabling it again clears the streak.
    const enabled = await caller.webhooks.updateEndpoint({ id: endpoint.id, enabled: true });
    expect(enabled).toMatchObject({ enabled: true, disabledReason: null, failureCount: 0 });
  });

  it('a success clears the failure streak', async () => {
    const path = `/ok-${randomUUID()}`;
    const endpoint = await register(path, ['load.created']);
    await owner.updateTable('webhookEndpoints').set({ failureCount: 7, failingSince: new Date() }).where('id', '=', endpoint.id).execute();
    await createLoad(started.services.db, company.users.dispatcher);
    await waitFor(async () => {
      const row = await owner.selectFrom('webhookEndpoints').selectAll().where('id', '=', endpoint.id).executeTakeFirstOrThrow();
      return row.failureCount === 0 && row.failingSince === null ? row : undefined;
    }, 'the streak to clear');
  });
});

describe('the sweep', () => {
  it('queues again a pending delivery whose job was lost, and the worker delivers it', async () => {
    const path = `/ok-stranded-${randomUUID()}`;
    const endpoint = await register(path, ['driver.position']);
    // A delivery whose attempt is long overdue, with no job (as after a worker that died mid-attempt).
    const stranded = await owner
      .insertInto('webhookDeliveries')
      .values({
        companyId: company.companyId,
        endpointId: endpoint.id,
        eventType: 'driver.position',
        eventId: `msg_${randomUUID().replaceAll('-', '')}`,
        payload: JSON.stringify({ type: 'driver.position', data: { driverId: randomUUID() } }),
        attempts: 1,
        nextAttemptAt: new Date(Date.now() - 20 * 60_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await sweepStrandedDeliveries(started.services.db)).toBeGreaterThanOrEqual(1);
    await waitFor(() => (arrivedAt(path).length === 1 ? true : undefined), 'the swept delivery');
    const row = await waitFor(async () => {
      const found = await owner.selectFrom('webhookDeliveries').selectAll().where('id', '=', stranded.id).executeTakeFirstOrThrow();
      return found.status === 'succeeded' ? found : undefined;
    }, 'the swept delivery to be recorded');
    expect(row.attempts).toBe(2);
  });
});

describe('SSRF', () => {
  const production = { production: true };

  it('in production refuses http, loopback, private, link-local and a host resolving to loopback', async () => {
    expect(await checkWebhookAddress('http://example.com/hook', production)).toEqual({ ok: false, message: WEBHOOK_TEXTS.urlHttps });
    for (const url of [
      'https://127.0.0.1/hook',
      'https://10.1.2.3/hook',
      'https://172.16.0.9/hook',
      'https://192.168.1.1/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/hook',
      'https://0.0.0.0/hook',
      'https://[::1]/hook',
      'https://[fe80::1]/hook',
      'https://[fd00::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://[::]/hook',
      'https://localhost/hook',
    ]) {
      expect(await checkWebhookAddress(url, production), url).toEqual({ ok: false, message: WEBHOOK_TEXTS.urlPrivate });
    }
    // A name that answers one public and one private address is refused too.
    const mixed = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.5', family: 4 },
    ];
    expect(await checkWebhookAddress('https://hooks.example.test/x', { production: true, resolve: mixed })).toEqual({
      ok: false,
      message: WEBHOOK_TEXTS.urlPrivate,
    });
    expect(await checkWebhookAddress('https://93.184.216.34/hook', production)).toMatchObject({ ok: true, address: '93.184.216.34' });
    expect(isPublicAddress('8.8.8.8')).toBe(true);
    expect(isPublicAddress('2606:4700::1111')).toBe(true);
  });

  it('outside production allows http on loopback, still refuses private addresses at registration, naming the field', async () => {
    expect(await checkWebhookAddress(`${base}/dev`, { production: false })).toMatchObject({ ok: true, address: '127.0.0.1' });
    const caller = await admin();
    const refused = await expectTrpcError(
      caller.webhooks.createEndpoint({ url: 'http://10.0.0.1/hook', events: ['load.created'] }),
      'BAD_REQUEST',
      WEBHOOK_TEXTS.urlPrivate,
    );
    expect((refused as { field?: string }).field).toBe('url');
    await expectTrpcError(caller.webhooks.createEndpoint({ url: `${base}/x`, events: [] }), 'BAD_REQUEST');
  });

  it('checks again at delivery, and connects to the address it checked (no DNS rebinding)', async () => {
    const path = `/ssrf-${randomUUID()}`;
    const endpoint = await register(path, ['driver.position']);
    const insert = async () =>
      withCompany(started.services.db, tenantOf(company), (tx) =>
        tx
          .insertInto('webhookDeliveries')
          .values({
            companyId: company.companyId,
            endpointId: endpoint.id,
            eventType: 'driver.position',
            eventId: `msg_${randomUUID().replaceAll('-', '')}`,
            payload: JSON.stringify({ type: 'driver.position', data: {} }),
            nextAttemptAt: new Date(Date.now() - 1000),
          })
          .returning('id')
          .executeTakeFirstOrThrow(),
      );
    // Registered outside production as http://127.0.0.1: a production delivery refuses it and sends nothing.
    const refused = await insert();
    expect(await attemptDelivery(deps({ production: true }), { companyId: company.companyId, deliveryId: refused.id })).toBe('retrying');
    const row = await owner.selectFrom('webhookDeliveries').selectAll().where('id', '=', refused.id).executeTakeFirstOrThrow();
    expect(row.lastError).toBe(`Refused: ${WEBHOOK_TEXTS.urlHttps}`);
    expect(arrivedAt(path)).toHaveLength(0);

    // The address the request connects to is the one the check resolved, whatever DNS says later.
    await owner.updateTable('webhookEndpoints').set({ url: 'https://hooks.example.test/in' }).where('id', '=', endpoint.id).execute();
    let answers = 0;
    const rebinding = async () => [{ address: answers++ === 0 ? '93.184.216.34' : '127.0.0.1', family: 4 }];
    const sent: WebhookRequest[] = [];
    const pinned = await insert();
    const outcome = await attemptDelivery(
      deps({ production: true, resolve: rebinding, send: async (request) => (sent.push(request), 200) }),
      { companyId: company.companyId, deliveryId: pinned.id },
    );
    expect(outcome).toBe('succeeded');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ address: '93.184.216.34', family: 4, timeoutMs: 10_000 });
    expect(sent[0]?.url.hostname).toBe('hooks.example.test');
    expect(answers).toBe(1);
  });
});

describe('Resend and Send test event', () => {
  it('sends a test event, and resends a delivery with the same webhook-id', async () => {
    const path = `/test-${randomUUID()}`;
    const endpoint = await register(path, ['invoice.paid']);
    const caller = await admin();
    const test = await caller.webhooks.sendTest({ id: endpoint.id });
    expect(test).toMatchObject({ eventType: 'webhook.test', status: 'pending' });
    const arrived = present((await waitFor(() => (arrivedAt(path).length === 1 ? arrivedAt(path) : undefined), 'the test event'))[0]);
    const body = new Webhook(endpoint.secret).verify(arrived.body, arrived.headers as Record<string, string>) as { type: string };
    expect(body.type).toBe('webhook.test');

    const again = await caller.webhooks.resend({ id: test.id });
    expect(again.id).not.toBe(test.id);
    expect(again.eventId).toBe(test.eventId);
    const both = await waitFor(() => (arrivedAt(path).length === 2 ? arrivedAt(path) : undefined), 'the resent event');
    expect(both[1]?.headers['webhook-id']).toBe(test.eventId);
    expect(both[1]?.body).toBe(present(both[0]).body);
    const log = await caller.webhooks.listDeliveries({ endpointId: endpoint.id });
    expect(log.items.map((item) => item.eventType)).toEqual(['webhook.test', 'webhook.test']);

    // Deleting the endpoint takes its log with it.
    await caller.webhooks.deleteEndpoint({ id: endpoint.id });
    expect(await deliveriesOf(endpoint.id)).toHaveLength(0);
    await expectTrpcError(caller.webhooks.resend({ id: test.id }), 'NOT_FOUND', WEBHOOK_TEXTS.deliveryNotFound);
  });
});
