import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { StartedServices } from '../../server/src/create-services.js';
import { mailFileOf } from '../../server/src/services/mail/mail-files.js';
import { callerFor, ownerDb, startTestServices, uniqueEmail } from '../support/harness.js';
import { expectTrpcError, uniqueIp, userFacingError } from '../support/http.js';

const INBOX = 'inbox@haulwise.test';

let started: StartedServices;
let owner: Kysely<any>;

beforeAll(async () => {
  started = await startTestServices();
  owner = ownerDb();
});
afterAll(async () => {
  await started?.close();
  await owner?.destroy();
});

/** A valid message whose subject is unique, so this test finds its own rows. */
const validMessage = () => ({
  name: 'Casey Shipper',
  email: uniqueEmail('contact'),
  phone: '+1 555 0100',
  subject: `Quote for a reefer load ${randomUUID()}`,
  message: 'We move 20 reefer loads a week from Fresno to Denver. Can you quote?',
});

const anonymous = (services = started.services, ip = uniqueIp()) => callerFor(services, null, ip);

const storedMessages = (subject: string) => owner.selectFrom('contactMessages').selectAll().where('subject', '=', subject).execute();
/** The outbox rows of a subject, each with its text from the developer's mail folder (the outbox keeps no bodies). */
const outboxFor = async (subject: string): Promise<Record<string, any>[]> => {
  const rows: Record<string, any>[] = await owner.selectFrom('outbox').selectAll().where('subject', '=', `[Contact] ${subject}`).execute();
  const mailDir = path.join(started.services.config.dataDir, 'mail');
  return Promise.all(rows.map(async (row) => ({ ...row, bodyText: (await mailFileOf(mailDir, String(row.id)))?.text ?? '' })));
};

describe('contact form validation', () => {
  const long = (length: number) => 'x'.repeat(length);
  it.each([
    ['name', { name: '' }, 'Name is required'],
    ['name', { name: '   ' }, 'Name is required'],
    ['name', { name: long(101) }, 'Name must be less than 100 characters'],
    ['email', { email: 'not-an-email' }, 'Invalid email address'],
    ['email', { email: '' }, 'Invalid email address'],
    ['email', { email: `${long(250)}@example.test` }, 'Email must be less than 255 characters'],
    ['phone', { phone: long(21) }, 'Phone must be less than 20 characters'],
    ['subject', { subject: '' }, 'Subject is required'],
    ['subject', { subject: long(201) }, 'Subject must be less than 200 characters'],
    ['message', { message: ' \n ' }, 'Message is required'],
    ['message', { message: long(1001) }, 'Message must be less than 1000 characters'],
  ])('refuses a bad %s with the message "%s" beside it', async (field, override, message) => {
    const input = { ...validMessage(), ...override };
    const error = await expectTrpcError((await anonymous()).contact.send(input), 'BAD_REQUEST');
    const shown = userFacingError(error, 'contact.send');
    expect(shown.message).toBe(message);
    expect(shown.data.field).toBe(field);
    expect(await storedMessages(input.subject)).toEqual([]);
  });

  it('accepts every field at its longest', async () => {
    const input = {
      name: long(100),
      email: `${long(242)}@example.test`,
      phone: long(20),
      subject: `${long(164)}${randomUUID()}`,
      message: long(1000),
    };
    expect(input.email).toHaveLength(255);
    expect(input.subject).toHaveLength(200);
    await expect((await anonymous()).contact.send(input)).resolves.toEqual({ success: true });
  });

  it('measures lengths after trimming the spaces around values', async () => {
    const input = { ...validMessage(), name: `  ${long(100)}  ` };
    await expect((await anonymous()).contact.send(input)).resolves.toEqual({ success: true });
  });
});

describe('sending a contact message', () => {
  it('stores the trimmed message and mails it to the contact inbox', async () => {
    const input = validMessage();
    const ip = uniqueIp();
    const padded = {
      name: `  ${input.name} `,
      email: ` ${input.email}  `,
      phone: ` ${input.phone} `,
      subject: `\t${input.subject} `,
      message: `\n${input.message}  \n`,
    };
    await expect((await anonymous(started.services, ip)).contact.send(padded)).resolves.toEqual({ success: true });

    const stored = await storedMessages(input.subject);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ ...input, ip });

    const mails = await outboxFor(input.subject);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ channel: 'email', recipient: INBOX, status: 'sent', provider: 'outbox' });
    expect(mails[0]?.sentAt).not.toBeNull();
    expect(mails[0]?.bodyText).toContain(`From: ${input.name} <${input.email}>`);
    expect(mails[0]?.bodyText).toContain(`Phone: ${input.phone}`);
    expect(mails[0]?.bodyText).toContain(input.message);
  });

  it('treats an empty phone as no phone', async () => {
    const input = { ...validMessage(), phone: '   ' };
    await (await anonymous()).contact.send(input);
    const [stored] = await storedMessages(input.subject);
    expect(stored?.phone).toBeNull();
    const [mail] = await outboxFor(input.subject);
    expect(mail?.bodyText).not.toContain('Phone:');
  });

  it('answers a bot that fills the hidden website field as if sent, and stores nothing', async () => {
    const input = { ...validMessage(), website: 'http://spam.example' };
    await expect((await anonymous()).contact.send(input)).resolves.toEqual({ success: true });
    expect(await storedMessages(input.subject)).toEqual([]);
    expect(await outboxFor(input.subject)).toEqual([]);
  });

  it('refuses the sixth message from one address within an hour, and stores it not', async () => {
    const caller = await anonymous();
    for (let sent = 0; sent < 5; sent += 1) {
      await expect(caller.contact.send(validMessage())).resolves.toEqual({ success: true });
    }
    const sixth = validMessage();
    await expectTrpcError(caller.contact.send(sixth), 'TOO_MANY_REQUESTS', 'Too many messages from this network. Please try again later.');
    expect(await storedMessages(sixth.subject)).toEqual([]);
    // Another address is not held back by it.
    await expect((await anonymous()).contact.send(validMessage())).resolves.toEqual({ success: true });
  });
});

interface ReceivedMail {
  path: string;
  headers: IncomingHttpHeaders;
  body: { from?: string; to?: string[]; subject?: string; text?: string };
}

/** A stand-in for Resend's API on loopback: records POST /emails and answers as told. */
async function startFakeResend() {
  const received: ReceivedMail[] = [];
  const state = { status: 200, answer: (): unknown => ({ id: `fake-${randomUUID()}` }), lastId: '' };
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      received.push({ path: `${req.method} ${req.url}`, headers: req.headers, body: JSON.parse(raw || '{}') });
      const answer = state.answer();
      if (state.status === 200) state.lastId = (answer as { id: string }).id;
      res.writeHead(state.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, received, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('delivery through Resend', () => {
  let fake: Awaited<ReturnType<typeof startFakeResend>>;
  let withResend: StartedServices;

  beforeAll(async () => {
    fake = await startFakeResend();
    // The Resend SDK reads RESEND_BASE_URL from the environment when it is constructed.
    const previous = process.env.RESEND_BASE_URL;
    process.env.RESEND_BASE_URL = fake.url;
    try {
      withResend = await startTestServices({ config: { RESEND_API_KEY: 're_test_123', RESEND_BASE_URL: fake.url } });
    } finally {
      if (previous === undefined) delete process.env.RESEND_BASE_URL;
      else process.env.RESEND_BASE_URL = previous;
    }
  });
  afterAll(async () => {
    await withResend?.close();
    await fake?.close();
  });

  it('hands the message to Resend after commit, with the outbox row as its idempotency key, and records its id', async () => {
    fake.state.status = 200;
    const input = validMessage();
    await expect((await anonymous(withResend.services)).contact.send(input)).resolves.toEqual({ success: true });

    const [row] = await outboxFor(input.subject);
    await expect.poll(() => fake.received.find((entry) => entry.body.subject === `[Contact] ${input.subject}`)).toBeDefined();
    const mail = fake.received.find((entry) => entry.body.subject === `[Contact] ${input.subject}`);
    expect(mail?.path).toBe('POST /emails');
    expect(mail?.headers.authorization).toBe('Bearer re_test_123');
    expect(mail?.headers['idempotency-key']).toBe(`outbox/${row?.id}`);
    expect(mail?.body.to).toEqual([INBOX]);
    expect(mail?.body.text).toContain(`From: ${input.name} <${input.email}>`);
    expect(mail?.body.text).toContain(input.message);

    await expect.poll(async () => (await outboxFor(input.subject))[0]?.status).toBe('sent');
    const [sent] = await outboxFor(input.subject);
    expect(sent).toMatchObject({ recipient: INBOX, provider: 'resend', status: 'sent', providerMessageId: fake.state.lastId, attempts: 1 });
    expect(sent?.sentAt).not.toBeNull();
  });

  it('keeps the message and answers success when Resend fails; the outbox row waits for the next try with the error', async () => {
    fake.state.status = 500;
    fake.state.answer = () => ({ statusCode: 500, name: 'internal_server_error', message: 'Fake Resend is down' });
    const input = validMessage();
    await expect((await anonymous(withResend.services)).contact.send(input)).resolves.toEqual({ success: true });
    expect(await storedMessages(input.subject)).toHaveLength(1);

    await expect.poll(async () => (await outboxFor(input.subject))[0]?.error).toBe('Fake Resend is down');
    expect(fake.received.some((entry) => entry.body.subject === `[Contact] ${input.subject}`)).toBe(true);
    const [row] = await outboxFor(input.subject);
    expect(row).toMatchObject({ provider: 'resend', status: 'queued', attempts: 1, providerMessageId: null, sentAt: null });
  });
});
