import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sql } from 'kysely';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, describe, expect, it } from 'vitest';
import { mailFileOf, parseEml, toEml } from '../../server/src/services/mail/mail-files.js';
import { createBroker, createLoad } from '../support/factories.js';
import { expectTrpcError, userFacingError } from '../support/http.js';
import { useTenants } from '../support/tenants.js';
import { createInvoice } from './security/matrix/invoices.js';

/**
 * "Send invoice" attaches the invoice's PDF (issue 12): the mail job names the invoice (no bytes,
 * no secret), the worker makes the PDF at delivery and hands it to Resend as a base64 attachment
 * under the outbox id's idempotency key, and the development mail folder holds it as a real MIME
 * attachment (multipart/mixed, base64, application/pdf).
 */

interface ResendRequest {
  key: string | undefined;
  body: {
    subject: string;
    to: string[];
    text: string;
    attachments?: { filename: string; content: string; content_type?: string }[];
  };
}

/** Resend on loopback: records each request; answers 500 while `failing`. */
const requests: ResendRequest[] = [];
const fakeState = { failing: false };
const fake = createServer((request, response) => {
  let raw = '';
  request.setEncoding('utf8');
  request.on('data', (chunk: string) => (raw += chunk));
  request.on('end', () => {
    const key = typeof request.headers['idempotency-key'] === 'string' ? request.headers['idempotency-key'] : undefined;
    requests.push({ key, body: JSON.parse(raw || '{}') as ResendRequest['body'] });
    response.writeHead(fakeState.failing ? 500 : 200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify(
        fakeState.failing
          ? { statusCode: 500, name: 'internal_server_error', message: 'Fake Resend is down' }
          : { id: `fake-${randomUUID()}` },
      ),
    );
  });
});
fake.listen(0, '127.0.0.1');
await once(fake, 'listening');
const fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
afterAll(() => {
  fake.close();
});

const tenants = useTenants({ config: { RESEND_API_KEY: 're_test_invoice_mail', RESEND_BASE_URL: fakeUrl } });
const { as } = tenants;
const db = () => tenants.services.db;
const mailDir = () => path.join(tenants.services.config.dataDir, 'mail');

async function pdfText(bytes: Buffer): Promise<{ pages: number; text: string }> {
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return { pages: pdf.numPages, text };
}

/** An invoice of a load, billed to a broker with an email address. */
async function invoiceToMail() {
  const company = tenants.companyA;
  const brokerId = await createBroker(db(), company.users.admin, { name: 'Mail Broker' });
  const brokerEmail = `ap-${randomUUID().slice(0, 8)}@broker.example`;
  await tenants.owner.updateTable('brokers').set({ email: brokerEmail }).where('id', '=', brokerId).execute();
  const loadId = await createLoad(db(), company.users.dispatcher, { loadNumber: `LOAD-MAIL-${randomUUID().slice(0, 6)}` });
  const id = await createInvoice(db(), company.users.treasury, { loadId, brokerId, amount: '3150.00', dueDate: '2099-12-31' });
  const { invoiceNumber } = await tenants.owner
    .selectFrom('invoices')
    .select('invoiceNumber')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { id, invoiceNumber, brokerEmail };
}

const outboxOf = (invoiceNumber: string) =>
  tenants.owner.selectFrom('outbox').selectAll().where('subject', 'like', `Invoice ${invoiceNumber} from %`).execute();

describe('Send invoice', () => {
  it('writes the mail folder’s .eml with the PDF as a real attachment, to the broker’s email', async () => {
    const { id, invoiceNumber, brokerEmail } = await invoiceToMail();
    const sent = await (await as('treasury')).invoices.send({ id });
    expect(sent.status).toBe('sent');
    const [row] = await outboxOf(invoiceNumber);
    expect(row).toMatchObject({ channel: 'email', recipient: brokerEmail });

    const names = await readdir(mailDir());
    const name = names.find((candidate) => candidate.endsWith(`-${String(row?.id)}.eml`));
    expect(name).toBeDefined();
    const raw = await readFile(path.join(mailDir(), name ?? ''), 'utf8');
    expect(raw).toMatch(/^Content-Type: multipart\/mixed; boundary="[^"]+"$/m);
    expect(raw).toContain(`Content-Type: application/pdf; name="${invoiceNumber}.pdf"`);
    expect(raw).toContain(`Content-Disposition: attachment; filename="${invoiceNumber}.pdf"`);
    expect(raw).toContain('Content-Transfer-Encoding: base64');
    // Base64 in lines of at most 76 characters.
    expect(raw.split('\r\n').every((line) => line.length <= 998)).toBe(true);

    const mail = await mailFileOf(mailDir(), String(row?.id));
    expect(mail?.text).toContain(`Invoice ${invoiceNumber}`);
    expect(mail?.text).toContain(`The invoice is attached as ${invoiceNumber}.pdf.`);
    expect(mail?.attachments).toHaveLength(1);
    const [attachment] = mail?.attachments ?? [];
    expect(attachment).toMatchObject({ filename: `${invoiceNumber}.pdf`, contentType: 'application/pdf' });
    const { pages, text } = await pdfText(attachment?.content ?? Buffer.alloc(0));
    expect(pages).toBe(1);
    expect(text).toContain(invoiceNumber);
    expect(text).toContain('Mail Broker');
    expect(text).toContain('$3,150.00');
    // The broker reads where to remit, never the invoice's internal status (issue 27, item 7).
    expect(text).toContain('REMIT TO');
    expect(text).not.toContain('Status');
  });

  it('queues a job naming the invoice (no PDF, no secret); the worker attaches the PDF for Resend under the outbox key, retried with the same key', async () => {
    const { id, invoiceNumber } = await invoiceToMail();
    fakeState.failing = true;
    try {
      await (await as('treasury')).invoices.send({ id, email: 'billing@broker.example' });
      const [row] = await outboxOf(invoiceNumber);
      const key = `outbox/${String(row?.id)}`;
      // The first try fails: the job stays, and its payload is what the queue keeps.
      const job = async () =>
        (
          await sql<{ payload: unknown; lastError: string | null }>`
            select payload, last_error from graphile_worker._private_jobs where key = ${key}`.execute(tenants.owner)
        ).rows[0];
      await expect.poll(async () => (await job())?.lastError ?? null, { timeout: 15_000 }).not.toBeNull();
      const payload = (await job())?.payload;
      expect(payload).toEqual({
        outboxId: row?.id,
        attachments: [{ kind: 'invoice-pdf', companyId: tenants.companyA.companyId, invoiceId: id }],
      });
      expect(JSON.stringify(payload)).not.toContain('JVBER'); // base64 of "%PDF"
    } finally {
      fakeState.failing = false;
    }
    const [row] = await outboxOf(invoiceNumber);
    await expect.poll(async () => (await outboxOf(invoiceNumber))[0]?.status, { timeout: 30_000 }).toBe('sent');
    const mine = requests.filter((request) => request.body.subject.startsWith(`Invoice ${invoiceNumber} `));
    expect(mine.length).toBeGreaterThanOrEqual(2);
    expect(new Set(mine.map((request) => request.key))).toEqual(new Set([`outbox/${String(row?.id)}`]));
    const delivered = mine.at(-1)?.body;
    expect(delivered?.to).toEqual(['billing@broker.example']);
    expect(delivered?.attachments).toHaveLength(1);
    const [attachment] = delivered?.attachments ?? [];
    expect(attachment).toMatchObject({ filename: `${invoiceNumber}.pdf`, content_type: 'application/pdf' });
    const { text } = await pdfText(Buffer.from(attachment?.content ?? '', 'base64'));
    expect(text).toContain(invoiceNumber);
    // Delivered: the outbox keeps no body.
    expect((await outboxOf(invoiceNumber))[0]?.bodyText).toBe('');
  });

  it('refuses without a recipient, naming the field, and queues nothing', async () => {
    const id = await createInvoice(db(), tenants.companyA.users.treasury);
    const { invoiceNumber } = await tenants.owner
      .selectFrom('invoices')
      .select('invoiceNumber')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const error = await expectTrpcError(
      (await as('treasury')).invoices.send({ id }),
      'BAD_REQUEST',
      'The broker has no email address: enter one',
    );
    expect(userFacingError(error, 'invoices.send').data.field).toBe('email');
    expect(await outboxOf(invoiceNumber)).toEqual([]);
    expect((await tenants.owner.selectFrom('invoices').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe(
      'draft',
    );
  });
});

describe('the mail folder’s MIME', () => {
  it('round-trips text, HTML and a binary attachment', () => {
    const content = Buffer.from(Array.from({ length: 1000 }, (_, n) => n % 256));
    const eml = toEml('0b9c2f5e-0000-4000-8000-000000000001', {
      channel: 'email',
      to: 'someone@example.test',
      subject: 'Files',
      text: 'Plain words',
      html: '<p>Rich words</p>',
      attachments: [{ filename: 'odd "name"\r\n.pdf', contentType: 'application/pdf', content }],
    });
    expect(eml).toContain('filename="odd _name_.pdf"');
    const parsed = parseEml(eml);
    expect(parsed).toMatchObject({ to: 'someone@example.test', subject: 'Files', text: 'Plain words', html: '<p>Rich words</p>' });
    expect(parsed.attachments).toHaveLength(1);
    expect(parsed.attachments[0]?.content.equals(content)).toBe(true);
    // Without attachments the file is as before.
    const plain = parseEml(toEml('0b9c2f5e-0000-4000-8000-000000000002', { channel: 'email', to: 'a@b.test', subject: 'S', text: 'T' }));
    expect(plain).toMatchObject({ text: 'T', html: null, attachments: [] });
  });
});
