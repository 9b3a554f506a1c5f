import type { FastifyInstance } from 'fastify';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_ONLY_SCOPES, READ_WRITE_SCOPES } from '#shared/schemas/api-keys.js';
import { RATE_CON_PATH, RATE_CON_TEXTS, type RateConExtractOutput } from '#shared/schemas/rate-cons.js';
import type { StartedServices } from '../../server/src/create-services.js';
import { withCompany } from '../../server/src/db/with-company.js';
import { SESSION_COOKIE } from '../../server/src/services/lucia.js';
import { FORBIDDEN_TEXT } from '../../server/src/trpc/http-access.js';
import { createLoad, createTestCompany, loadForm, type TestCompany, type TestUser } from '../support/factories.js';
import { callerFor, listen, sessionFor, startTestServices } from '../support/harness.js';
import { minimalPdf } from './documents/upload-client.js';

/**
 * Issue 29: a rate con becomes a load. A real PDF made here with pdfkit goes through
 * POST /api/rate-confirmations/extract (the real reader, server/src/domains/rate-cons/extract/),
 * the broker is matched by MC number then by name within the company, a load with the same
 * reference number is flagged, and the imported file is attached to the saved load.
 */

let started: StartedServices;
let app: FastifyInstance;
let origin: string;
let company: TestCompany;
let other: TestCompany;

const BROKER = { name: 'Summit Freight Brokerage LLC', mc: '771234', phone: '(312) 555-0199', email: 'dispatch@summitfreight.example' };
const REFERENCE = 'SFB-48213';

/** A one-page rate confirmation as a broker's TMS prints one: labelled fields, the carrier's own section, the pay. */
function rateConPdf(reference = REFERENCE, mcLine = `MC#: ${BROKER.mc}`): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 50 });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.fontSize(18).text('RATE CONFIRMATION');
  doc.moveDown().fontSize(11);
  doc.text(`Load #: ${reference}`);
  doc.text(`Broker: ${BROKER.name}`);
  doc.text(mcLine);
  doc.text(`Phone: ${BROKER.phone}`);
  doc.text(`Email: ${BROKER.email}`);
  doc.moveDown();
  doc.text(`Carrier: ${company.name}`);
  doc.text('Carrier MC#: 998877');
  doc.moveDown();
  doc.text('Pickup:');
  doc.text('1200 Industrial Pkwy');
  doc.text('Dallas, TX 75201');
  doc.text('Date: 12/03/2026');
  doc.text('Appointment: 08:00 - 14:00');
  doc.moveDown();
  doc.text('Delivery:');
  doc.text('88 Harbor Rd');
  doc.text('Atlanta, GA 30301');
  doc.text('Date: 12/05/2026');
  doc.moveDown();
  doc.text('Commodity: Paper products');
  doc.text('Weight: 42,000 lbs');
  doc.moveDown();
  doc.text('Line Haul: $2,200.00');
  doc.text('Fuel Surcharge: $250.00');
  doc.text('Total Rate: $2,450.00');
  doc.end();
  return done;
}

interface Answer {
  status: number;
  body: RateConExtractOutput & { error?: { message: string; field?: string }; detail?: string; errors?: Array<{ field: string }> };
}

async function extract(
  file: { name: string; bytes: Buffer | string; type: string },
  credentials: { user?: TestUser; apiKey?: string; path?: string },
): Promise<Answer> {
  const form = new FormData();
  const bytes = Uint8Array.from(typeof file.bytes === 'string' ? Buffer.from(file.bytes, 'latin1') : file.bytes);
  form.append('file', new Blob([bytes], { type: file.type }), file.name);
  const headers: Record<string, string> = { origin };
  if (credentials.user) headers.cookie = `${SESSION_COOKIE}=${await sessionFor(started.services, credentials.user)}`;
  if (credentials.apiKey) headers.authorization = `Bearer ${credentials.apiKey}`;
  const response = await fetch(`${origin}${credentials.path ?? RATE_CON_PATH}`, { method: 'POST', headers, body: form });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

const pdfFile = async (reference?: string, mcLine?: string) => ({
  name: 'rate-con.pdf',
  bytes: await rateConPdf(reference, mcLine),
  type: 'application/pdf',
});

async function addBroker(of: TestCompany, values: { name: string; mcNumber?: string | null }): Promise<string> {
  return withCompany(started.services.db, of.users.admin, async (tx) => {
    const row = await tx
      .insertInto('brokers')
      .values({ companyId: of.companyId, name: values.name, mcNumber: values.mcNumber ?? null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

beforeAll(async () => {
  started = await startTestServices();
  ({ app, origin } = await listen(started.services));
  [company, other] = await Promise.all([
    createTestCompany(started.services, 'Ratecon Carriers'),
    createTestCompany(started.services, 'Other Haulage'),
  ]);
}, 60_000);
afterAll(async () => {
  await app?.close();
  await started?.close();
});

describe('POST /api/rate-confirmations/extract', () => {
  it("reads a generated PDF's fields; another company's broker (same MC and name) and loads never match", async () => {
    await addBroker(other, { name: BROKER.name, mcNumber: BROKER.mc });
    const otherLoad = await createLoad(started.services.db, other.users.admin);
    await withCompany(started.services.db, other.users.admin, (tx) =>
      tx.updateTable('loads').set({ referenceNumber: REFERENCE }).where('id', '=', otherLoad).execute(),
    );

    const answer = await extract(await pdfFile(), { user: company.users.dispatcher });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { fields } = answer.body;
    expect(fields.referenceNumber.value).toBe(REFERENCE);
    expect(fields.brokerMc.value?.replace(/\D/g, '')).toBe(BROKER.mc);
    expect(fields.pickupCity.value).toBe('Dallas');
    expect(fields.pickupState.value).toBe('TX');
    expect(fields.deliveryCity.value).toBe('Atlanta');
    expect(fields.rate.value).toBe(2450);
    expect(fields.rate.confidence).toBeGreaterThan(0);
    expect(answer.body.stops.map((stop) => [stop.type, stop.city])).toEqual([
      ['pickup', 'Dallas'],
      ['delivery', 'Atlanta'],
    ]);
    expect(answer.body.stops[0]?.appointment).toMatch(/08:00.*14:00/);
    expect(answer.body.lineItems.map((item) => [item.kind, item.amount])).toEqual([
      ['line_haul', '2200.00'],
      ['fuel_surcharge', '250.00'],
    ]);
    expect(answer.body.fileToken).toEqual(expect.any(String));
    expect(answer.body.brokerMatch).toBeNull();
    expect(answer.body.duplicateOf).toBeNull();
  });

  it('matches the broker by name (legal form and punctuation aside), then by MC number before the name', async () => {
    const byName = await addBroker(company, { name: 'SUMMIT FREIGHT BROKERAGE, INC.' });
    let answer = await extract(await pdfFile(), { user: company.users.sales });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.brokerMatch).toEqual({ id: byName, name: 'SUMMIT FREIGHT BROKERAGE, INC.', matchedBy: 'name' });

    const byMc = await addBroker(company, { name: 'Summit (Chicago desk)', mcNumber: BROKER.mc });
    answer = await extract(await pdfFile(), { user: company.users.dispatcher });
    expect(answer.body.brokerMatch).toEqual({ id: byMc, name: 'Summit (Chicago desk)', matchedBy: 'mc' });
  });

  it('matches by MC number written with its prefix, on the document and on the stored broker alike', async () => {
    const prefixed = await createTestCompany(started.services, 'Prefix Haulage');
    // Stored through brokers.create written with its prefix and a leading zero: digits are kept.
    const { id: stored } = await (
      await callerFor(started.services, prefixed.users.dispatcher)
    ).brokers.create({
      name: 'Summit Desk Three',
      mcNumber: `MC-0${BROKER.mc}`,
    });
    for (const mcLine of [`MC-${BROKER.mc}`, `MC# ${BROKER.mc}`, `MC ${BROKER.mc}`]) {
      const answer = await extract(await pdfFile(REFERENCE, mcLine), { user: prefixed.users.dispatcher });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.fields.brokerMc.value, mcLine).toBe(BROKER.mc);
      expect(answer.body.brokerMatch, mcLine).toEqual({ id: stored, name: 'Summit Desk Three', matchedBy: 'mc' });
    }
  });

  it('flags a load of the company with the same reference number as a possible duplicate', async () => {
    const loadId = await createLoad(started.services.db, company.users.admin);
    const loadNumber = await withCompany(started.services.db, company.users.admin, async (tx) => {
      const row = await tx
        .updateTable('loads')
        .set({ referenceNumber: 'DUP-7001' })
        .where('id', '=', loadId)
        .returning('loadNumber')
        .executeTakeFirstOrThrow();
      return row.loadNumber;
    });
    const answer = await extract(await pdfFile('DUP-7001'), { user: company.users.dispatcher });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.duplicateOf).toEqual({ id: loadId, loadNumber });
  });

  it("refuses a driver and a treasury user (403, the routes' error shape), and nobody signed in (401)", async () => {
    for (const persona of ['driver', 'treasury'] as const) {
      const answer = await extract(await pdfFile(), { user: company.users[persona] });
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ error: { message: FORBIDDEN_TEXT } });
    }
    expect((await extract(await pdfFile(), {})).status).toBe(401);
  });

  it("passes the reader's and the upload checks' messages through naming the field 'file'", async () => {
    const notRateCon = await extract(
      { name: 'letter.pdf', bytes: minimalPdf('Dear customer, thank you for your order.'), type: 'application/pdf' },
      { user: company.users.dispatcher },
    );
    expect(notRateCon.status).toBe(400);
    expect(notRateCon.body.error?.field).toBe('file');
    expect(notRateCon.body.error?.message).toMatch(/^No rate confirmation found/);

    // Too many pages: the reader's own message, naming the file.
    const long = new PDFDocument({ size: 'LETTER' });
    const pages: Buffer[] = [];
    long.on('data', (chunk: Buffer) => pages.push(chunk));
    const ended = new Promise<void>((resolve) => long.on('end', () => resolve()));
    for (let page = 1; page <= 200; page += 1) {
      if (page > 1) long.addPage();
      long.text(`Terms and conditions, page ${page}`);
    }
    long.end();
    await ended;
    const tooLong = await extract(
      { name: 'terms.pdf', bytes: Buffer.concat(pages), type: 'application/pdf' },
      { user: company.users.dispatcher },
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error?.field).toBe('file');
    expect(tooLong.body.error?.message).toMatch(/pages/i);

    const text = await extract({ name: 'rate-con.txt', bytes: 'Load # 1', type: 'text/plain' }, { user: company.users.dispatcher });
    expect(text.status).toBe(400);
    expect(text.body.error?.field).toBe('file');

    const disguised = await extract(
      { name: 'rate-con.pdf', bytes: 'not a pdf at all', type: 'application/pdf' },
      { user: company.users.dispatcher },
    );
    expect(disguised.status).toBe(400);
    expect(disguised.body.error?.field).toBe('file');
  });
});

describe('saving the load attaches the rate con', () => {
  it('gives the new load a rate_confirmation document, once', async () => {
    const answer = await extract(await pdfFile('ATT-1'), { user: company.users.dispatcher });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const dispatcher = await callerFor(started.services, company.users.dispatcher);
    const load = await dispatcher.loads.create({ ...(await loadForm(started.services.db, company)), referenceNumber: 'ATT-1' });
    const document = await dispatcher.rateCons.attach({ loadId: load.id, fileToken: answer.body.fileToken });
    expect(document).toMatchObject({
      loadId: load.id,
      documentType: 'rate_confirmation',
      fileName: 'rate-con.pdf',
      contentType: 'application/pdf',
    });
    const listed = await dispatcher.documents.forLoad({ loadId: load.id });
    expect(listed.items.map((item) => item.documentType)).toEqual(['rate_confirmation']);

    await expect(dispatcher.rateCons.attach({ loadId: load.id, fileToken: answer.body.fileToken })).rejects.toMatchObject({
      code: 'CONFLICT',
      field: 'fileToken',
    });
  });

  it("refuses an altered token, another company's token and another company's load", async () => {
    const answer = await extract(await pdfFile('ATT-2'), { user: company.users.dispatcher });
    const dispatcher = await callerFor(started.services, company.users.dispatcher);
    const load = await dispatcher.loads.create(await loadForm(started.services.db, company));
    const [body, signature] = answer.body.fileToken.split('.') as [string, string];
    const altered = `${body}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    await expect(dispatcher.rateCons.attach({ loadId: load.id, fileToken: altered })).rejects.toMatchObject({
      message: RATE_CON_TEXTS.expired,
      field: 'fileToken',
    });
    const outsider = await callerFor(started.services, other.users.dispatcher);
    const otherLoad = await outsider.loads.create(await loadForm(started.services.db, other));
    await expect(outsider.rateCons.attach({ loadId: otherLoad.id, fileToken: answer.body.fileToken })).rejects.toMatchObject({
      field: 'fileToken',
    });
    await expect(dispatcher.rateCons.attach({ loadId: otherLoad.id, fileToken: answer.body.fileToken })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      field: 'loadId',
    });
  });
});

describe('POST /api/v1/rate-confirmations/extract (an API key)', () => {
  it('answers a key with loads write, and refuses a read-only key (403) and no key (401) as problems', async () => {
    const admin = await callerFor(started.services, company.users.admin);
    const { key } = await admin.apiKeys.create({ name: 'Rate con import', scopes: READ_WRITE_SCOPES });
    const { key: readOnly } = await admin.apiKeys.create({ name: 'Rate con reader', scopes: READ_ONLY_SCOPES });
    const path = '/api/v1/rate-confirmations/extract';

    const answer = await extract(await pdfFile(), { apiKey: key, path });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.fields.referenceNumber.value).toBe(REFERENCE);

    const refused = await extract(await pdfFile(), { apiKey: readOnly, path });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toEqual(expect.any(String));

    expect((await extract(await pdfFile(), { path })).status).toBe(401);

    const bad = await extract({ name: 'letter.pdf', bytes: minimalPdf('Just a letter.'), type: 'application/pdf' }, { apiKey: key, path });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('file');
  });
});
