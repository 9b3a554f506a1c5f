import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.js';
import { PAYMENTS_NOT_CONFIGURED } from '../../server/src/domains/invoices/generate-payment-link.js';
import { PAYMENT_WEBHOOK_PATH } from '../../server/src/domains/invoices/payment-webhook.routes.js';
import { signWebhook } from '../../server/src/services/payments/payments.js';
import { startFakeAirwallex } from '../support/fake-airwallex.js';
import { createLoad } from '../support/factories.js';
import { callerFor, listen, sessionFor } from '../support/harness.js';
import { openLiveTab } from '../support/live.js';
import { expectTrpcError, uniqueIp } from '../support/http.js';
import { useTenants } from '../support/tenants.js';
import { createInvoice } from './security/matrix/invoices.js';

/** Airwallex, played by a local HTTP server (tests/support/fake-airwallex.ts): it checks the client id and key on login, the bearer token on every call, and records each payment link request. */
const CLIENT_ID = 'client-test';
const API_KEY = 'key-test';
const WEBHOOK_SECRET = 'whsec-test';

const fake = await startFakeAirwallex({ clientId: CLIENT_ID, apiKey: API_KEY });
const fakeUrl = fake.url;

const tenants = useTenants({
  config: {
    AIRWALLEX_CLIENT_ID: CLIENT_ID,
    AIRWALLEX_API_KEY: API_KEY,
    AIRWALLEX_BASE_URL: fakeUrl,
    AIRWALLEX_WEBHOOK_SECRET: WEBHOOK_SECRET,
    AIRWALLEX_ACCOUNT_ID: 'acct_default',
  },
});
const { as } = tenants;
const db = () => tenants.services.db;

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp(tenants.services);
});
afterAll(async () => {
  await app?.close();
  await fake.close();
});
beforeEach(() => {
  fake.recorded.length = 0;
});

const { recorded } = fake;
const linkRequests = () => fake.linkRequests();
const stored = (id: string) => tenants.owner.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('Generate Link', () => {
  it('makes a single-use link for the amount on behalf of the company’s account, stores it, and asks only once', async () => {
    const company = tenants.companyA;
    await tenants.owner
      .updateTable('companies')
      .set({ airwallexAccountId: 'acct_company_a' })
      .where('id', '=', company.companyId)
      .execute();
    const loadId = await createLoad(db(), company.users.dispatcher, { loadNumber: 'LOAD-PAY-1', status: 'delivered' });
    const treasury = await as('treasury');
    const invoice = await treasury.invoices.create({ invoiceDate: '2026-11-20', dueDate: '2026-12-20', amount: '1875.50', loadId });
    expect(await treasury.invoices.paymentsStatus()).toEqual({ configured: true });

    const { paymentLink } = await treasury.invoices.generatePaymentLink({ id: invoice.id });
    expect(paymentLink).toMatch(/^https:\/\/checkout\.airwallex\.test\/pay\/pl_\d+$/);
    const [request] = linkRequests();
    expect(request?.headers['x-on-behalf-of']).toBe('acct_company_a');
    expect(request?.body).toMatchObject({
      request_id: `${invoice.id}-link`,
      amount: 1875.5,
      currency: 'USD',
      reusable: false,
      reference: invoice.invoiceNumber,
      description: `Invoice ${invoice.invoiceNumber} for load LOAD-PAY-1 (Dallas to Atlanta)`,
      metadata: { invoice_id: invoice.id, company_id: company.companyId },
    });
    expect(await stored(invoice.id)).toMatchObject({ airwallexPaymentLink: paymentLink, paymentLinkId: expect.stringMatching(/^pl_/) });
    expect((await treasury.invoices.get({ id: invoice.id })).paymentLink).toBe(paymentLink);

    // The stored link is the answer from now on: the provider is not asked again.
    expect((await treasury.invoices.generatePaymentLink({ id: invoice.id })).paymentLink).toBe(paymentLink);
    expect(linkRequests()).toHaveLength(1);
  });

  it('uses the configured account when the company saved none, and logs in once for several links', async () => {
    const company = tenants.companyB;
    const admin = await as('admin', company);
    const first = await createInvoice(db(), company.users.admin);
    const second = await createInvoice(db(), company.users.admin);
    await admin.invoices.generatePaymentLink({ id: first });
    await admin.invoices.generatePaymentLink({ id: second });
    expect(linkRequests().map((request) => request.headers['x-on-behalf-of'])).toEqual(['acct_default', 'acct_default']);
    expect(recorded.filter((request) => request.path === '/api/v1/authentication/login').length).toBeLessThanOrEqual(1);
  });

  it('stores nothing when the provider fails, and says so', async () => {
    const treasury = await as('treasury');
    const id = await createInvoice(db(), tenants.companyA.users.treasury);
    fake.failNext();
    await expectTrpcError(
      treasury.invoices.generatePaymentLink({ id }),
      'SERVICE_UNAVAILABLE',
      'The payment provider is not available. Please try again in a moment.',
    );
    expect(await stored(id)).toMatchObject({ airwallexPaymentLink: null, paymentLinkId: null });
  });

  it('makes no link for a paid or void invoice', async () => {
    const treasury = await as('treasury');
    const paid = await createInvoice(db(), tenants.companyA.users.treasury, { status: 'paid' });
    await expectTrpcError(treasury.invoices.generatePaymentLink({ id: paid }), 'CONFLICT', 'A paid invoice takes no payment link');
    expect(linkRequests()).toHaveLength(0);
  });

  it('explains that payments are not configured when the keys are missing', async () => {
    const services = {
      ...tenants.services,
      config: { ...tenants.services.config, AIRWALLEX_CLIENT_ID: undefined, AIRWALLEX_API_KEY: undefined },
    };
    const treasury = await callerFor(services, tenants.companyA.users.treasury, uniqueIp());
    expect(await treasury.invoices.paymentsStatus()).toEqual({ configured: false });
    const id = await createInvoice(db(), tenants.companyA.users.treasury);
    await expectTrpcError(treasury.invoices.generatePaymentLink({ id }), 'PRECONDITION_FAILED', PAYMENTS_NOT_CONFIGURED);
  });
});

describe('the payment webhook', () => {
  async function invoiceWithLink() {
    const id = await createInvoice(db(), tenants.companyA.users.treasury, { status: 'sent' });
    const linkId = `pl_hook_${id.slice(0, 8)}`;
    await tenants.owner
      .updateTable('invoices')
      .set({ airwallexPaymentLink: `https://checkout.airwallex.test/pay/${linkId}`, paymentLinkId: linkId })
      .where('id', '=', id)
      .execute();
    return { id, linkId };
  }

  const paidEvent = (invoiceId: string, linkId: string, companyId = tenants.companyA.companyId) =>
    JSON.stringify({
      id: `evt_${invoiceId}`,
      name: 'payment_intent.succeeded',
      accountId: 'acct_company_a',
      data: {
        object: {
          id: `int_${invoiceId.slice(0, 8)}`,
          amount: 1200,
          currency: 'USD',
          status: 'SUCCEEDED',
          payment_link_id: linkId,
          metadata: { invoice_id: invoiceId, company_id: companyId },
        },
      },
    });

  const deliver = (body: string, options: { secret?: string; timestamp?: number; signature?: string } = {}) => {
    const timestamp = String(options.timestamp ?? Date.now());
    const signature = options.signature ?? signWebhook(options.secret ?? WEBHOOK_SECRET, timestamp, body);
    return app.inject({
      method: 'POST',
      url: PAYMENT_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': signature },
      payload: body,
    });
  };

  it('marks the invoice paid with its paid date, as System, and tells treasury and admins', async () => {
    const { id, linkId } = await invoiceWithLink();
    const answer = await deliver(paidEvent(id, linkId));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ received: true, changed: true });
    const invoice = await stored(id);
    expect(invoice.status).toBe('paid');
    expect(invoice.paidAt).toBeInstanceOf(Date);
    const audit = await tenants.owner
      .selectFrom('auditLogs')
      .select(['userId', 'changes'])
      .where('entityId', '=', id)
      .where('action', '=', 'updated')
      .execute();
    const paidChange = audit.find((row) => (row.changes.changedFields?.status?.new as string | undefined) === 'paid');
    expect(paidChange).toBeDefined();
    expect(paidChange?.userId).toBeNull();
    for (const persona of ['treasury', 'admin'] as const) {
      const { items } = await (await as(persona)).notifications.list({ limit: 100 });
      expect(
        items.some(
          (item) =>
            item.kind === 'invoice_payment' && item.body.endsWith('from Sent to Paid') && item.link?.includes(invoice.invoiceNumber),
        ),
      ).toBe(true);
    }
  });

  it('publishes the payment live to an open treasury tab, as nobody’s own change', async () => {
    const { id, linkId } = await invoiceWithLink();
    const server = await listen(tenants.services);
    try {
      const sessionId = await sessionFor(tenants.services, tenants.companyA.users.treasury);
      const live = await openLiveTab({ wsUrl: server.wsUrl, origin: server.origin }, sessionId);
      try {
        expect((await deliver(paidEvent(id, linkId))).json()).toEqual({ received: true, changed: true });
        const paid = () => live.changes().find((change) => change.table === 'invoices' && change.id === id);
        await expect.poll(() => paid()?.status, { timeout: 10_000 }).toBe('paid');
        expect(paid()).toMatchObject({ op: 'UPDATE', previousStatus: 'sent', mine: false });
      } finally {
        live.close();
      }
    } finally {
      await server.app.close();
    }
  });

  it('changes nothing on a replay', async () => {
    const { id, linkId } = await invoiceWithLink();
    const body = paidEvent(id, linkId);
    expect((await deliver(body)).json()).toEqual({ received: true, changed: true });
    const paidAt = (await stored(id)).paidAt;
    const audits = async () => (await tenants.owner.selectFrom('auditLogs').select('id').where('entityId', '=', id).execute()).length;
    const before = await audits();
    const replay = await deliver(body);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, changed: false });
    expect((await stored(id)).paidAt).toEqual(paidAt);
    expect(await audits()).toBe(before);
  });

  it('refuses a forged, missing or stale signature, and reads nothing', async () => {
    const { id, linkId } = await invoiceWithLink();
    const body = paidEvent(id, linkId);
    expect((await deliver(body, { secret: 'not-the-secret' })).statusCode).toBe(401);
    expect((await deliver(body, { signature: '' })).statusCode).toBe(401);
    expect((await deliver(body, { timestamp: Date.now() - 10 * 60_000 })).statusCode).toBe(401);
    // Signed, then changed in transit.
    const timestamp = String(Date.now());
    const signature = signWebhook(WEBHOOK_SECRET, timestamp, body);
    const tampered = await app.inject({
      method: 'POST',
      url: PAYMENT_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': signature },
      payload: body.replace('1200', '1'),
    });
    expect(tampered.statusCode).toBe(401);
    expect((await stored(id)).status).toBe('sent');
  });

  it('pays nothing for a link that is not the invoice’s, or another company’s invoice', async () => {
    const { id, linkId } = await invoiceWithLink();
    expect((await deliver(paidEvent(id, 'pl_someone_else'))).json()).toEqual({ received: true, changed: false });
    expect((await deliver(paidEvent(id, linkId, tenants.companyB.companyId))).json()).toEqual({ received: true, changed: false });
    expect((await stored(id)).status).toBe('sent');
  });
});

describe('under load', () => {
  it('ends every one of many parallel link generations, sends and packets: answered or refused, never an internal error', async () => {
    const treasury = await as('treasury');
    const ids = await Promise.all(Array.from({ length: 12 }, () => createInvoice(db(), tenants.companyA.users.treasury)));
    const loadId = await createLoad(db(), tenants.companyA.users.dispatcher);
    await tenants.owner.updateTable('loads').set({ factoring: true }).where('id', '=', loadId).execute();
    const factored = await createInvoice(db(), tenants.companyA.users.treasury, { loadId });
    const calls = ids.flatMap((id) => [
      treasury.invoices.generatePaymentLink({ id }),
      treasury.invoices.send({ id, email: 'ap@broker.example' }),
      treasury.invoices.pdf({ id }),
      treasury.invoices.factoringPacket({ id: factored }),
    ]);
    const outcomes = await Promise.allSettled(calls);
    const internal = outcomes.filter(
      (outcome) => outcome.status === 'rejected' && (outcome.reason as { code?: string }).code === 'INTERNAL_SERVER_ERROR',
    );
    expect(internal).toEqual([]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled').length).toBeGreaterThan(0);
    const ready = await app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
  });
});
