import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOAD_PAPERWORK_TEXTS } from '#shared/schemas/load-paperwork.js';
import { withCompany } from '../../server/src/db/with-company.js';
import { mailFileOf } from '../../server/src/services/mail/mail-files.js';
import { createDriver, createTestCompany, type TestCompany } from '../support/factories.js';
import { expectTrpcError, userFacingError } from '../support/http.js';
import { useTenants } from '../support/tenants.js';
import { expectSameAsMissing } from './security/authorization-matrix.js';
import { linkDriverAccount } from './security/matrix/portal.js';

/**
 * Issue 26, item 7 and issue 27, item 1's PDF: the load confirmation (the driver's dispatch sheet)
 * and the bill of lading, made on the server; "Send to driver" records the sending and mails the
 * PDF through the job queue; the driver's portal offers it once sent, for their own loads only.
 */

interface ResendRequest {
  subject: string;
  to: string[];
  attachments?: { filename: string; content: string; content_type?: string }[];
}

/** Resend on loopback: records what the mail job hands it. */
const delivered: ResendRequest[] = [];
const fake = createServer((request, response) => {
  let raw = '';
  request.setEncoding('utf8');
  request.on('data', (chunk: string) => (raw += chunk));
  request.on('end', () => {
    delivered.push(JSON.parse(raw || '{}') as ResendRequest);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ id: `fake-${randomUUID()}` }));
  });
});
fake.listen(0, '127.0.0.1');
await once(fake, 'listening');
afterAll(() => {
  fake.close();
});

const tenants = useTenants({
  config: { RESEND_API_KEY: 're_test_load_paperwork', RESEND_BASE_URL: `http://127.0.0.1:${(fake.address() as AddressInfo).port}` },
});
const { as } = tenants;
const db = () => tenants.services.db;
const tag = () => `LP${randomUUID().replaceAll('-', '').slice(0, 10)}`;

async function pdfText(contentBase64: string | Buffer): Promise<{ pages: number; text: string }> {
  const bytes = typeof contentBase64 === 'string' ? Buffer.from(contentBase64, 'base64') : contentBase64;
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return { pages: pdf.numPages, text };
}

const stop = (type: 'pickup' | 'drop', city: string, state: string, extra: Record<string, unknown> = {}) => ({
  type,
  facilityName: `${city} Cold Storage`,
  address: `12 ${city} Dock Rd`,
  city,
  state,
  zip: '75201',
  contactName: `Pat ${city}`,
  contactPhone: '555-010-2020',
  date: '2026-12-01',
  fromTime: '08:00',
  toTime: '10:00',
  firstComeFirstServed: false,
  poNumber: `PO-${city}`,
  pickupNumber: null,
  notes: null,
  ...extra,
});

/** A company of its own: its driver member, a driver record linked to it, and a reefer load of three stops assigned to that driver. */
async function stage() {
  const company = await createTestCompany(tenants.services);
  await tenants.owner
    .updateTable('companies')
    .set({ mcNumber: '123456', dotNumber: '7654321', phone: '555-100-2000' })
    .where('id', '=', company.companyId)
    .execute();
  await tenants.owner
    .updateTable('profiles')
    .set({ firstName: 'Dana', lastName: 'Dispatch', phone: '555-222-3333' })
    .where('userId', '=', company.users.dispatcher.userId)
    .execute();
  const driverId = await linkDriverAccount(tenants.services, company);
  const driverEmail = `driver-${randomUUID().slice(0, 8)}@paperwork.example`;
  await tenants.owner
    .updateTable('drivers')
    .set({ email: driverEmail, firstName: 'Rita', lastName: 'Road' })
    .where('id', '=', driverId)
    .execute();
  const loadId = await loadFor(company, driverId);
  return { company, driverId, driverEmail, loadId };
}

async function loadFor(company: TestCompany, driverId: string | null) {
  const dispatcher = await as('dispatcher', company);
  const load = await dispatcher.loads.create({
    loadNumber: tag(),
    referenceNumber: 'REF-889',
    commodity: 'Frozen berries',
    weight: '38000',
    equipmentType: 'reefer',
    temperature: '-10',
    lineHaul: '2000',
    driverId,
    notes: 'Seal the trailer before leaving.',
    stops: [
      stop('pickup', 'Dallas', 'TX', { pickupNumber: 'PU-4471', notes: 'Check in at gate 2' }),
      stop('drop', 'Memphis', 'TN', {
        facilityName: 'Memphis Crossdock',
        date: '2026-12-02',
        fromTime: null,
        toTime: null,
        firstComeFirstServed: true,
      }),
      stop('drop', 'Atlanta', 'GA', { facilityName: 'Atlanta Grocers DC', date: '2026-12-03', fromTime: '14:00', toTime: '16:30' }),
    ],
  });
  return load.id;
}

const loadNumberOf = async (loadId: string) =>
  (await tenants.owner.selectFrom('loads').select('loadNumber').where('id', '=', loadId).executeTakeFirstOrThrow()).loadNumber as string;

let staged: Awaited<ReturnType<typeof stage>>;
beforeAll(async () => {
  staged = await stage();
});

describe('the load confirmation', () => {
  it('is a one-page PDF with the load, the driver, the equipment, every stop in order and the dispatcher, without the rate', async () => {
    const { company, loadId } = staged;
    const loadNumber = await loadNumberOf(loadId);
    const { fileName, contentBase64 } = await (await as('dispatcher', company)).loadPaperwork.confirmationPdf({ loadId });
    expect(fileName).toBe(`${loadNumber}-confirmation.pdf`);
    const { pages, text } = await pdfText(contentBase64);
    expect(pages).toBe(1);
    for (const expected of [
      'LOAD CONFIRMATION',
      loadNumber,
      'REF-889',
      'MC# 123456',
      'USDOT# 7654321',
      'Rita Road',
      'Reefer, set at -10 °F',
      'Frozen berries',
      'Dallas Cold Storage',
      '12 Dallas Dock Rd',
      'Dallas, TX 75201',
      'Dec 1, 2026, 08:00–10:00',
      'PO PO-Dallas',
      'Pickup # PU-4471',
      'Pat Dallas',
      'Check in at gate 2',
      'Memphis Crossdock',
      'First come, first served',
      'Atlanta Grocers DC',
      'Dec 3, 2026, 14:00–16:30',
      'Seal the trailer before leaving.',
      'Dana Dispatch',
      '555-222-3333',
      company.users.dispatcher.email,
    ]) {
      expect(text).toContain(expected);
    }
    // In order: pickup, the stop between, the delivery.
    expect(text.indexOf('Dallas Cold Storage')).toBeLessThan(text.indexOf('Memphis Crossdock'));
    expect(text.indexOf('Memphis Crossdock')).toBeLessThan(text.indexOf('Atlanta Grocers DC'));
    // No money on the driver's sheet.
    expect(text).not.toMatch(/\$\s?\d/);
    expect(text).not.toContain('2,000');
  });

  it('answers another company’s load exactly like a missing one', async () => {
    const foreign = await loadFor(tenants.companyB, null);
    const dispatcher = await as('dispatcher');
    await expectSameAsMissing(
      () => dispatcher.loadPaperwork.confirmationPdf({ loadId: foreign }),
      () => dispatcher.loadPaperwork.confirmationPdf({ loadId: randomUUID() }),
    );
    await expectSameAsMissing(
      () => dispatcher.loadPaperwork.billOfLadingPdf({ loadId: foreign }),
      () => dispatcher.loadPaperwork.billOfLadingPdf({ loadId: randomUUID() }),
    );
    await expectSameAsMissing(
      () => dispatcher.loadPaperwork.confirmationStatus({ loadId: foreign }),
      () => dispatcher.loadPaperwork.confirmationStatus({ loadId: randomUUID() }),
    );
    await expectSameAsMissing(
      () => dispatcher.loadPaperwork.sendConfirmation({ loadId: foreign, emailDriver: false }),
      () => dispatcher.loadPaperwork.sendConfirmation({ loadId: randomUUID(), emailDriver: false }),
    );
    await expectTrpcError(dispatcher.loadPaperwork.confirmationPdf({ loadId: foreign }), 'NOT_FOUND', 'Load not found');
  });
});

describe('the bill of lading', () => {
  it('is prefilled: shipper the first pickup, consignee the last delivery, the carrier with MC and DOT, rows, hazmat and three signatures', async () => {
    const { company, loadId } = staged;
    const loadNumber = await loadNumberOf(loadId);
    const { fileName, contentBase64 } = await (await as('treasury', company)).loadPaperwork.billOfLadingPdf({ loadId });
    expect(fileName).toBe(`${loadNumber}-bol.pdf`);
    const { pages, text } = await pdfText(contentBase64);
    expect(pages).toBe(1);
    for (const expected of [
      'BILL OF LADING',
      'Not negotiable',
      `BOL number: ${loadNumber}`,
      'SHIP FROM (SHIPPER)',
      'Dallas Cold Storage',
      'SHIP TO (CONSIGNEE)',
      'Atlanta Grocers DC',
      'CARRIER',
      company.name,
      'MC# 123456',
      'USDOT# 7654321',
      'Rita Road',
      'Reference: REF-889',
      'PO: PO-Dallas, PO-Memphis, PO-Atlanta',
      'Pickup #: PU-4471',
      'HANDLING UNITS',
      'NMFC #',
      'CLASS',
      'Frozen berries',
      '38,000',
      'Hazardous materials',
      'SHIPPER',
      'CARRIER / DRIVER',
      'CONSIGNEE',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text.indexOf('SHIP TO (CONSIGNEE)')).toBeLessThan(text.indexOf('Atlanta Grocers DC'));
    expect(text).not.toContain('Memphis Crossdock');
  });
});

describe('Send to driver', () => {
  it('records the sending and mails the driver the PDF through the job queue; the portal shows it only once sent', async () => {
    const { company, loadId, driverEmail } = staged;
    const loadNumber = await loadNumberOf(loadId);
    const driver = await as('driver', company);
    const before = (await driver.portal.driver()).loads.find((load) => load.id === loadId);
    expect(before?.confirmationSentAt).toBeNull();
    await expectTrpcError(driver.loadPaperwork.driverConfirmationPdf({ loadId }), 'NOT_FOUND', 'Load not found');

    const dispatcher = await as('dispatcher', company);
    expect(await dispatcher.loadPaperwork.confirmationStatus({ loadId })).toEqual({
      driver: { name: 'Rita Road', email: driverEmail },
      lastSentAt: null,
      lastEmailedTo: null,
    });
    const sent = await dispatcher.loadPaperwork.sendConfirmation({ loadId, emailDriver: true });
    expect(await dispatcher.loadPaperwork.confirmationStatus({ loadId })).toMatchObject({
      lastSentAt: sent.sentAt,
      lastEmailedTo: driverEmail,
    });
    expect(sent).toMatchObject({ loadId, emailedTo: driverEmail, driverName: 'Rita Road' });
    const rows = await tenants.owner.selectFrom('loadConfirmations').selectAll().where('loadId', '=', loadId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ companyId: company.companyId, sentBy: company.users.dispatcher.userId, emailedTo: driverEmail });

    // The mail: in the outbox, in the mail folder with the PDF attached, and handed to the provider by the job, attachment and all.
    const subject = `Load confirmation ${loadNumber} from ${company.name}`;
    const [mail] = await tenants.owner.selectFrom('outbox').selectAll().where('subject', '=', subject).execute();
    expect(mail).toMatchObject({ channel: 'email', recipient: driverEmail });
    const file = await mailFileOf(path.join(tenants.services.config.dataDir, 'mail'), String(mail?.id));
    expect(file?.attachments?.[0]).toMatchObject({ filename: `${loadNumber}-confirmation.pdf`, contentType: 'application/pdf' });
    await expect.poll(() => delivered.find((request) => request.subject === subject), { timeout: 30_000 }).toBeDefined();
    const request = delivered.find((candidate) => candidate.subject === subject);
    expect(request?.to).toEqual([driverEmail]);
    expect(request?.attachments).toHaveLength(1);
    expect(request?.attachments?.[0]).toMatchObject({ filename: `${loadNumber}-confirmation.pdf`, content_type: 'application/pdf' });
    const mailed = await pdfText(request?.attachments?.[0]?.content ?? '');
    expect(mailed.text).toContain(loadNumber);
    expect(mailed.text).toContain('Dana Dispatch');

    // The driver's portal now offers it, and the driver downloads it.
    const after = (await driver.portal.driver()).loads.find((load) => load.id === loadId);
    expect(after?.confirmationSentAt).toBe(sent.sentAt);
    const own = await driver.loadPaperwork.driverConfirmationPdf({ loadId });
    expect(own.fileName).toBe(`${loadNumber}-confirmation.pdf`);
    const { text } = await pdfText(own.contentBase64);
    expect(text).toContain(loadNumber);
    expect(text).toContain('Atlanta Grocers DC');
    expect(text).toContain('Dana Dispatch');
  });

  it('sends to the portal only without mailing; refuses a load with no driver, and a mail to a driver with no email, naming the field', async () => {
    const { company } = staged;
    const dispatcher = await as('dispatcher', company);
    const noEmailDriver = await createDriver(db(), company.users.admin, { firstName: 'Nora', lastName: 'Nomail' });
    const loadId = await loadFor(company, noEmailDriver);
    const error = await expectTrpcError(
      dispatcher.loadPaperwork.sendConfirmation({ loadId, emailDriver: true }),
      'BAD_REQUEST',
      LOAD_PAPERWORK_TEXTS.noDriverEmail,
    );
    expect(userFacingError(error, 'loadPaperwork.sendConfirmation').data.field).toBe('emailDriver');
    expect(await tenants.owner.selectFrom('loadConfirmations').select('id').where('loadId', '=', loadId).execute()).toEqual([]);
    const portalOnly = await dispatcher.loadPaperwork.sendConfirmation({ loadId, emailDriver: false });
    expect(portalOnly).toMatchObject({ loadId, emailedTo: null, driverName: 'Nora Nomail' });
    const loadNumber = await loadNumberOf(loadId);
    expect(
      await tenants.owner.selectFrom('outbox').select('id').where('subject', 'like', `Load confirmation ${loadNumber} %`).execute(),
    ).toEqual([]);

    const unassigned = await loadFor(company, null);
    const noDriver = await expectTrpcError(
      dispatcher.loadPaperwork.sendConfirmation({ loadId: unassigned, emailDriver: false }),
      'BAD_REQUEST',
      LOAD_PAPERWORK_TEXTS.noDriver,
    );
    expect(userFacingError(noDriver, 'loadPaperwork.sendConfirmation').data.field).toBe('loadId');
  });

  it('never gives a driver another driver’s load confirmation, nor another company’s', async () => {
    const { company } = staged;
    const otherDriver = await createDriver(db(), company.users.admin, { firstName: 'Omar', lastName: 'Other' });
    const othersLoad = await loadFor(company, otherDriver);
    await (await as('dispatcher', company)).loadPaperwork.sendConfirmation({ loadId: othersLoad, emailDriver: false });
    const driver = await as('driver', company);
    await expectTrpcError(driver.loadPaperwork.driverConfirmationPdf({ loadId: othersLoad }), 'NOT_FOUND', 'Load not found');
    expect((await driver.portal.driver()).loads.map((load) => load.id)).not.toContain(othersLoad);

    // Company B's driver, with a sent load of their own, asks for company A's load: not found, as a missing one.
    const companyB = await createTestCompany(tenants.services);
    const driverB = await linkDriverAccount(tenants.services, companyB);
    const loadB = await loadFor(companyB, driverB);
    await (await as('dispatcher', companyB)).loadPaperwork.sendConfirmation({ loadId: loadB, emailDriver: false });
    const callerB = await as('driver', companyB);
    await expectSameAsMissing(
      () => callerB.loadPaperwork.driverConfirmationPdf({ loadId: staged.loadId }),
      () => callerB.loadPaperwork.driverConfirmationPdf({ loadId: randomUUID() }),
    );
    expect((await callerB.loadPaperwork.driverConfirmationPdf({ loadId: loadB })).fileName).toContain('-confirmation.pdf');
    // Staff are no driver: refused by the guard (portal.write), whatever the load.
    await expectTrpcError(
      (await as('dispatcher', company)).loadPaperwork.driverConfirmationPdf({ loadId: staged.loadId }),
      'FORBIDDEN',
      'You do not have permission to do this',
    );
    await withCompany(db(), company.users.admin, async (tx) => {
      // Row-level security: with company A set, company B's sendings are not there.
      expect(await tx.selectFrom('loadConfirmations').select('id').where('loadId', '=', loadB).execute()).toEqual([]);
    });
  });
});
