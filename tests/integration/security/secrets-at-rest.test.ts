import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailFileOf, mailFilesTo } from '../../../server/src/services/mail/mail-files.js';
import {
  callerFor,
  createMasterAdmin,
  createTestCompany,
  ownerDb,
  startTestServices,
  uniqueEmail,
  type TestCompany,
  type TestUser,
} from '../../support/harness.js';
import { uniqueIp } from '../../support/http.js';
import { createTwoFactorMember } from '../../support/factories.js';

/**
 * Issue 10, item 3 (and the contact subject of item 11): bodies with secrets (invitation links,
 * two-factor codes) are not kept in the outbox once sent, the master admin's outbox viewer shows
 * none, each row names the company it was sent for, and outside production the message itself is
 * in the developer's mail folder.
 */

let started: Awaited<ReturnType<typeof startTestServices>>;
let owner: Kysely<any>;
let company: TestCompany;
let master: TestUser;
let mailDir: string;

beforeAll(async () => {
  started = await startTestServices({ config: { APP_ORIGIN: 'https://dispatch.haulwise.test' } });
  owner = ownerDb();
  company = await createTestCompany(started.services);
  master = await createMasterAdmin(started.services);
  mailDir = path.join(started.services.config.dataDir, 'mail');
});

afterAll(async () => {
  await started?.close();
  await owner?.destroy();
});

const outboxRowsTo = (recipient: string) => owner.selectFrom('outbox').selectAll().where('recipient', '=', recipient).execute();

async function invite(email: string) {
  const admin = await callerFor(started.services, company.users.admin, uniqueIp());
  await admin.team.invite({ email, firstName: 'Ivy', lastName: 'Invitee', role: 'dispatcher' });
  const [mail] = await mailFilesTo(mailDir, email);
  const token = /\/invite\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error('no invitation link was mailed');
  return token;
}

describe('the outbox without a provider', () => {
  it('keeps no body of an invitation, names its company, and the developer reads the link in the mail folder', async () => {
    const email = uniqueEmail('invitee');
    const token = await invite(email);
    const [row] = await outboxRowsTo(email);
    expect(row).toMatchObject({ status: 'sent', provider: 'outbox', bodyText: '', bodyHtml: null, companyId: company.companyId });
    expect(JSON.stringify(row)).not.toContain(token);
    const file = await mailFileOf(mailDir, row?.id);
    expect(file?.text).toContain(`https://dispatch.haulwise.test/invite/${token}`);
  });

  it('keeps no two-factor code either', async () => {
    const member = await createTwoFactorMember(started.services, company.companyId, { enabled: false });
    await (await callerFor(started.services, member, uniqueIp())).twoFactor.sendCode({ method: 'email' });
    const [row] = await outboxRowsTo(member.email);
    const code = /\b(\d{6})\b/.exec((await mailFileOf(mailDir, row?.id))?.text ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(row).toMatchObject({ bodyText: '', bodyHtml: null, companyId: company.companyId });
    expect(JSON.stringify(row)).not.toContain(code);
  });

  it("the master admin's viewer shows recipient, subject, company, status and times: no code, no link, no body", async () => {
    const email = uniqueEmail('viewed');
    const token = await invite(email);
    const member = await createTwoFactorMember(started.services, company.companyId, { enabled: false });
    await (await callerFor(started.services, member, uniqueIp())).twoFactor.sendCode({ method: 'email' });
    const code = /\b(\d{6})\b/.exec((await mailFilesTo(mailDir, member.email))[0]?.text ?? '')?.[1] ?? 'missing';

    const outbox = await (await callerFor(started.services, master)).admin.outbox();
    const invitation = outbox.find((message) => message.recipient === email);
    expect(invitation).toMatchObject({ channel: 'email', status: 'sent', companyName: company.name });
    expect(Object.keys(invitation ?? {}).sort()).toEqual(
      ['channel', 'companyName', 'createdAt', 'error', 'id', 'provider', 'recipient', 'sentAt', 'status', 'subject'].sort(),
    );
    const everything = JSON.stringify(outbox);
    expect(everything).not.toContain(token);
    expect(everything).not.toContain('/invite/');
    expect(outbox.find((message) => message.recipient === member.email)).toBeDefined();
    expect(everything).not.toMatch(new RegExp(`\\b${code}\\b`));
  });
});

describe('the contact subject (item 11)', () => {
  it('strips CR and LF, so a visitor cannot add mail headers', async () => {
    const visitor = await callerFor(started.services, null, uniqueIp());
    const marker = randomUUID();
    await visitor.contact.send({
      name: 'Casey',
      email: uniqueEmail('contact'),
      phone: '',
      subject: `Quote ${marker}\r\nBcc: victim@example.test\nX-Injected: yes`,
      message: 'Hello',
    });
    const [row] = await owner.selectFrom('outbox').selectAll().where('subject', 'like', `[Contact] Quote ${marker}%`).execute();
    expect(row?.subject).toBe(`[Contact] Quote ${marker} Bcc: victim@example.test X-Injected: yes`);
    const [stored] = await owner.selectFrom('contactMessages').selectAll().where('subject', 'like', `Quote ${marker}%`).execute();
    expect(stored?.subject).not.toMatch(/[\r\n]/);
  });
});

/** Resend on loopback: answers every send with an id. */
async function startFakeResend() {
  const received: { subject: string; text: string }[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      received.push(JSON.parse(raw || '{}') as { subject: string; text: string });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: `fake-${randomUUID()}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('the outbox with Resend', () => {
  it('holds the body only until Resend has it, then erases it', async () => {
    const fake = await startFakeResend();
    const previous = process.env.RESEND_BASE_URL;
    process.env.RESEND_BASE_URL = fake.url;
    let withResend: Awaited<ReturnType<typeof startTestServices>> | undefined;
    try {
      withResend = await startTestServices({ config: { RESEND_API_KEY: 're_test_123', RESEND_BASE_URL: fake.url } });
      const email = uniqueEmail('resend-invitee');
      const admin = await callerFor(withResend.services, company.users.admin, uniqueIp());
      await admin.team.invite({ email, firstName: 'Rae', lastName: 'Resend', role: 'sales' });
      await expect.poll(async () => (await outboxRowsTo(email))[0]?.status, { timeout: 15_000, interval: 200 }).toBe('sent');
      const [row] = await outboxRowsTo(email);
      expect(row).toMatchObject({ provider: 'resend', bodyText: '', bodyHtml: null, companyId: company.companyId });
      // Resend got the link; the outbox kept none.
      const delivered = fake.received.find((mail) => mail.text.includes(email) || mail.subject.includes(company.name));
      expect(delivered?.text).toMatch(/\/invite\/[A-Za-z0-9_-]{43}/);
    } finally {
      if (previous === undefined) delete process.env.RESEND_BASE_URL;
      else process.env.RESEND_BASE_URL = previous;
      await withResend?.close();
      await fake.close();
    }
  });
});
