import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServices } from '../../server/src/create-services.js';
import { createMember, createTestCompany, type TestCompany } from '../support/factories.js';
import { callerFor, ownerDb, startTestServices } from '../support/harness.js';

/**
 * Two-factor codes by SMS go through a Twilio-compatible HTTP API (SMS_PROVIDER_URL, SMS_ACCOUNT,
 * SMS_TOKEN, SMS_FROM), sent by the job queue after commit; here a local fake plays the provider.
 */

interface SmsRequest {
  path: string;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
}
const received: SmsRequest[] = [];
/** Answers 500 to the first try of a message to this number, then takes it. */
const FLAKY = '+15550109999';
let provider: Server;
let started: StartedServices;
let company: TestCompany;

beforeAll(async () => {
  provider = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      received.push({ path: request.url ?? '', headers: request.headers, form });
      response.setHeader('content-type', 'application/json');
      const tries = received.filter((entry) => entry.form.get('To') === form.get('To')).length;
      if (form.get('To') === FLAKY && tries === 1) {
        response.statusCode = 500;
        response.end(JSON.stringify({ code: 20500, message: 'Internal Server Error', status: 500 }));
        return;
      }
      response.statusCode = 201;
      response.end(JSON.stringify({ sid: `SM${received.length.toString().padStart(32, '0')}`, status: 'queued' }));
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  const { port } = provider.address() as AddressInfo;
  started = await startTestServices({
    config: {
      SMS_PROVIDER_URL: `http://127.0.0.1:${port}`,
      SMS_ACCOUNT: 'AC0123456789',
      SMS_TOKEN: 'secret-token',
      SMS_FROM: '+15550100000',
    },
  });
  company = await createTestCompany(started.services);
});
afterAll(async () => {
  await started?.close();
  await new Promise((resolve) => provider?.close(resolve));
});

async function outboxRowTo(recipient: string) {
  const owner = ownerDb();
  try {
    return await owner.selectFrom('outbox').selectAll().where('recipient', '=', recipient).executeTakeFirst();
  } finally {
    await owner.destroy();
  }
}

describe('SMS through a Twilio-compatible API', () => {
  it('sends a two-factor code by SMS after commit, authenticated as the account, and records the provider’s id', async () => {
    const phone = '+15550104242';
    const member = await createMember(started.services, company.companyId, { role: 'dispatcher', phone });
    await (await callerFor(started.services, member)).twoFactor.sendCode({ method: 'sms' });

    await expect.poll(() => received.filter((request) => request.form.get('To') === phone).length, { timeout: 10_000 }).toBe(1);
    const request = received.find((entry) => entry.form.get('To') === phone) as SmsRequest;
    expect(request.path).toBe('/2010-04-01/Accounts/AC0123456789/Messages.json');
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from('AC0123456789:secret-token').toString('base64')}`);
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request.form.get('From')).toBe('+15550100000');
    expect(request.form.get('Body')).toMatch(/\b\d{6}\b/);
    expect(request.headers['i-twilio-idempotency-token']).toMatch(/^outbox\//);

    await expect.poll(async () => (await outboxRowTo(phone))?.status, { timeout: 10_000 }).toBe('sent');
    const row = await outboxRowTo(phone);
    expect(row).toMatchObject({ channel: 'sms', provider: 'sms', bodyText: '' });
    expect(row?.providerMessageId).toMatch(/^SM/);
  });

  it('retries a failed send with the same idempotency token, and the code arrives once the provider takes it', async () => {
    const member = await createMember(started.services, company.companyId, { role: 'sales', phone: FLAKY });
    await (await callerFor(started.services, member)).twoFactor.sendCode({ method: 'sms' });
    // graphile-worker waits about 3 s before the second try.
    await expect.poll(() => received.filter((request) => request.form.get('To') === FLAKY).length, { timeout: 20_000 }).toBe(2);
    const tries = received.filter((request) => request.form.get('To') === FLAKY);
    expect(tries[0]?.headers['i-twilio-idempotency-token']).toBe(tries[1]?.headers['i-twilio-idempotency-token']);
    expect(tries[0]?.form.get('Body')).toBe(tries[1]?.form.get('Body'));
    await expect.poll(async () => (await outboxRowTo(FLAKY))?.status, { timeout: 10_000 }).toBe('sent');
  });

  it('mail still goes by email: an email code is not sent to the SMS provider', async () => {
    const member = await createMember(started.services, company.companyId, { role: 'treasury', phone: '+15550105555' });
    const before = received.length;
    await (await callerFor(started.services, member)).twoFactor.sendCode({ method: 'email' });
    await expect.poll(async () => (await outboxRowTo(member.email))?.channel, { timeout: 5_000 }).toBe('email');
    expect(received.length).toBe(before);
  });
});
