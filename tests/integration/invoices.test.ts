import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { PDFDocument } from 'pdf-lib';
import QRCode from 'qrcode';
import type { DocumentType } from '#shared/schemas/documents.js';
import { textPdf } from '../../server/src/seed/sample-files.js';
import { storageFor } from '../../server/src/services/storage/index.js';
import { createDocument } from './documents/document-factory.js';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { addDays, dueDateFor, localToday, paymentTermDays } from '#shared/schemas/invoices.js';
import { withCompany } from '../../server/src/db/with-company.js';
import { seedDemoInvoices } from '../../server/src/seed/demo-invoices.js';
import { createBroker, createLoad, createTestCompany, type TestCompany } from '../support/factories.js';
import { callPath } from '../support/harness.js';
import { expectTrpcError, settle, userFacingError } from '../support/http.js';
import { useTenants } from '../support/tenants.js';
import { expectSameAsMissing } from './security/authorization-matrix.js';
import { createInvoice } from './security/matrix/invoices.js';

const tenants = useTenants();
const { as } = tenants;
const db = () => tenants.services.db;

const stored = (id: string) => tenants.owner.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** A company of its own, so counts and filters see only this test's invoices. */
const freshCompany = (): Promise<TestCompany> => createTestCompany(tenants.services);

const form = (values: Record<string, unknown> = {}) => ({ invoiceDate: '2026-11-20', dueDate: '2026-12-20', amount: '2450.00', ...values });

describe('creating an invoice', () => {
  it('makes a draft numbered INV-yyyymmdd-NNN of its invoice date, with its load and broker', async () => {
    const company = tenants.companyA;
    const brokerId = await createBroker(db(), company.users.admin, { name: 'Acme Logistics' });
    const loadId = await createLoad(db(), company.users.dispatcher, {
      loadNumber: `LOAD-${randomUUID().slice(0, 8)}`,
      status: 'delivered',
    });
    const treasury = await as('treasury');
    const invoice = await treasury.invoices.create(form({ loadId, brokerId, amount: 1875.5, notes: 'Net 30' }));
    expect(invoice).toMatchObject({
      invoiceNumber: expect.stringMatching(/^INV-20261120-\d{3}$/),
      status: 'draft',
      displayStatus: 'draft',
      amount: '1875.50',
      invoiceDate: '2026-11-20',
      dueDate: '2026-12-20',
      loadId,
      pickupCity: 'Dallas',
      deliveryCity: 'Atlanta',
      brokerId,
      brokerName: 'Acme Logistics',
      notes: 'Net 30',
      createdBy: company.users.treasury.userId,
      paymentLink: null,
      sentAt: null,
      paidAt: null,
    });
    expect((await stored(invoice.id)).companyId).toBe(company.companyId);
    const audit = await tenants.owner.selectFrom('auditLogs').selectAll().where('entityId', '=', invoice.id).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ entityType: 'invoices', action: 'created', userId: company.users.treasury.userId });
  });

  it('gives 20 parallel creations of one date 20 different numbers', async () => {
    const company = await freshCompany();
    // One session (a user keeps at most MAX_SESSIONS_PER_USER, 10: twenty made at once evicted each
    // other before they were read), twenty calls at once, each its own transaction.
    const caller = await as('treasury', company);
    const invoices = await Promise.all(
      Array.from({ length: 20 }, () => caller.invoices.create(form({ invoiceDate: '2026-10-07', dueDate: '2026-11-06' }))),
    );
    const numbers = invoices.map((invoice) => invoice.invoiceNumber);
    expect(new Set(numbers).size).toBe(20);
    for (const number of numbers) expect(number).toMatch(/^INV-20261007-\d{3}$/);
  });

  it('keeps numbers unique per company in the database itself, and lets another company use the same number', async () => {
    const id = await createInvoice(db(), tenants.companyA.users.treasury);
    const { invoiceNumber } = await stored(id);
    const duplicate = withCompany(db(), tenants.companyA.users.treasury, (tx) =>
      tx
        .insertInto('invoices')
        .values({ companyId: tenants.companyA.companyId, invoiceNumber, invoiceDate: '2026-11-02', dueDate: '2026-11-02', amount: '1.00' })
        .execute(),
    );
    await expect(duplicate).rejects.toThrow(/invoices_number_key/);
    await withCompany(db(), tenants.companyB.users.treasury, (tx) =>
      tx
        .insertInto('invoices')
        .values({ companyId: tenants.companyB.companyId, invoiceNumber, invoiceDate: '2026-11-02', dueDate: '2026-11-02', amount: '1.00' })
        .execute(),
    );
  });

  it('invoices a load once, unless its invoice is void', async () => {
    const loadId = await createLoad(db(), tenants.companyA.users.dispatcher, { status: 'delivered' });
    const admin = await as('admin');
    const first = await admin.invoices.create(form({ loadId }));
    const error = await expectTrpcError(admin.invoices.create(form({ loadId })), 'CONFLICT', 'This load already has an invoice');
    expect(userFacingError(error, 'invoices.create').data.field).toBe('loadId');
    expect((await admin.invoices.formOptions({})).loads.map((load) => load.id)).not.toContain(loadId);
    await admin.invoices.changeStatus({ id: first.id, status: 'void' });
    expect((await admin.invoices.formOptions({})).loads.map((load) => load.id)).toContain(loadId);
    const second = await admin.invoices.create(form({ loadId }));
    expect(second.loadId).toBe(loadId);
  });

  it('refuses a missing amount or date, a due date before the invoice date, and a third decimal, naming the field', async () => {
    const treasury = await as('treasury');
    const cases: [Record<string, unknown>, string, string][] = [
      [form({ amount: '' }), 'amount', 'Amount is required'],
      [form({ invoiceDate: '' }), 'invoiceDate', 'Invoice date is required'],
      [form({ dueDate: '2026-11-19' }), 'dueDate', 'Due date cannot be before the invoice date'],
      [form({ amount: '10.005' }), 'amount', 'Amount must have at most 2 decimal places'],
    ];
    for (const [input, field, message] of cases) {
      const error = await expectTrpcError(treasury.invoices.create(input as never), 'BAD_REQUEST');
      const shape = userFacingError(error, 'invoices.create');
      expect(shape.data.fieldErrors?.[field], JSON.stringify(shape)).toBe(message);
    }
  });

  it("refuses another company's load or broker exactly like a missing one", async () => {
    const treasury = await as('treasury');
    const foreignLoad = await createLoad(db(), tenants.companyB.users.dispatcher);
    const foreignBroker = await createBroker(db(), tenants.companyB.users.admin);
    await expectSameAsMissing(
      () => treasury.invoices.create(form({ loadId: foreignLoad })),
      () => treasury.invoices.create(form({ loadId: randomUUID() })),
    );
    await expectSameAsMissing(
      () => treasury.invoices.create(form({ brokerId: foreignBroker })),
      () => treasury.invoices.create(form({ brokerId: randomUUID() })),
    );
  });
});

describe('the lifecycle', () => {
  it('edits a draft, and nothing else', async () => {
    const treasury = await as('treasury');
    const { id } = await treasury.invoices.create(form());
    const edited = await treasury.invoices.update({ id, ...form({ amount: '99.99', notes: 'corrected' }) });
    expect(edited).toMatchObject({ amount: '99.99', notes: 'corrected', status: 'draft' });
    await treasury.invoices.changeStatus({ id, status: 'sent' });
    await expectTrpcError(treasury.invoices.update({ id, ...form() }), 'CONFLICT', 'Only a draft invoice can be edited');
    // The database refuses it too, whoever writes.
    await expect(
      withCompany(db(), tenants.companyA.users.treasury, (tx) =>
        tx.updateTable('invoices').set({ amount: '1.00' }).where('id', '=', id).execute(),
      ),
    ).rejects.toThrow(/only a draft invoice can be edited/);
  });

  it('moves draft -> sent -> paid, stamping the dates, and refuses every other move', async () => {
    const treasury = await as('treasury');
    const { id } = await treasury.invoices.create(form());
    const sent = await treasury.invoices.changeStatus({ id, status: 'sent' });
    expect(sent.status).toBe('sent');
    expect(sent.sentAt).not.toBeNull();
    await expectTrpcError(
      treasury.invoices.changeStatus({ id, status: 'draft' }),
      'BAD_REQUEST',
      'An invoice cannot go from Sent to Draft',
    );
    const paid = await treasury.invoices.changeStatus({ id, status: 'paid' });
    expect(paid.status).toBe('paid');
    expect(paid.paidAt).not.toBeNull();
    for (const status of ['draft', 'sent', 'void', 'paid'] as const) {
      await expectTrpcError(treasury.invoices.changeStatus({ id, status }), 'BAD_REQUEST');
    }
    await expect(
      withCompany(db(), tenants.companyA.users.treasury, (tx) =>
        tx.updateTable('invoices').set({ status: 'sent' }).where('id', '=', id).execute(),
      ),
    ).rejects.toThrow(/cannot change from paid to sent/);
    const voided = await createInvoice(db(), tenants.companyA.users.treasury, { status: 'void' });
    await expectTrpcError(
      treasury.invoices.changeStatus({ id: voided, status: 'paid' }),
      'BAD_REQUEST',
      'An invoice cannot go from Void to Paid',
    );
    const invalid = await expectTrpcError(treasury.invoices.changeStatus({ id, status: 'overdue' as never }), 'BAD_REQUEST');
    expect(userFacingError(invalid, 'invoices.changeStatus').data.fieldErrors?.status).toBe('Invalid status');
  });

  it('audits each change and tells treasury and admins of a payment status change, not the actor nor other roles', async () => {
    const company = await freshCompany();
    const admin = await as('admin', company);
    const { id, invoiceNumber } = await admin.invoices.create(form());
    await admin.invoices.changeStatus({ id, status: 'sent' });
    const notified = async (persona: 'admin' | 'treasury' | 'dispatcher' | 'sales') =>
      (await (await as(persona, company)).notifications.list({ limit: 100 })).items.filter((item) => item.kind === 'invoice_payment');
    const forTreasury = await notified('treasury');
    expect(forTreasury).toHaveLength(1);
    expect(forTreasury[0]).toMatchObject({
      title: `Invoice ${invoiceNumber} sent`,
      body: `Invoice ${invoiceNumber} status changed from Draft to Sent`,
      link: `/invoices?search=${invoiceNumber}`,
    });
    expect(await notified('admin')).toHaveLength(0);
    expect(await notified('dispatcher')).toHaveLength(0);
    expect(await notified('sales')).toHaveLength(0);
    const audit = await tenants.owner
      .selectFrom('auditLogs')
      .select(['action', 'changes'])
      .where('entityId', '=', id)
      .where('action', '=', 'updated')
      .execute();
    expect(audit.map((row) => row.changes.changedFields?.status)).toContainEqual({ old: 'draft', new: 'sent' });
  });
});

describe('the list', () => {
  it('filters by status (overdue computed from the due date), broker, factoring and number, paged newest first', async () => {
    const company = await freshCompany();
    const treasury = await as('treasury', company);
    const by = company.users.treasury;
    const brokerId = await createBroker(db(), company.users.admin);
    const today = localToday();
    const past = addDays(today, -40);
    const overdueSent = await createInvoice(db(), by, { invoiceDate: past, dueDate: addDays(past, 10), status: 'sent', brokerId });
    const currentSent = await createInvoice(db(), by, { invoiceDate: today, dueDate: addDays(today, 30), status: 'sent' });
    const draft = await createInvoice(db(), by, { invoiceDate: today, dueDate: addDays(today, 30) });
    const paid = await createInvoice(db(), by, { invoiceDate: past, dueDate: past, status: 'paid', brokerId });
    const factoredLoad = await createLoad(db(), company.users.dispatcher);
    await tenants.owner.updateTable('loads').set({ factoring: true }).where('id', '=', factoredLoad).execute();
    const factored = await createInvoice(db(), by, { invoiceDate: today, dueDate: today, loadId: factoredLoad });

    const ids = async (input: Record<string, unknown>) => (await treasury.invoices.list(input)).items.map((item) => item.id);
    expect(await ids({})).toEqual([factored, paid, draft, currentSent, overdueSent]);
    expect(await ids({ status: 'overdue' })).toEqual([overdueSent]);
    expect(await ids({ status: 'sent' })).toEqual([currentSent]);
    expect(await ids({ status: 'draft' })).toEqual([factored, draft]);
    expect(await ids({ status: 'paid' })).toEqual([paid]);
    expect(await ids({ status: 'factoring' })).toEqual([factored]);
    expect(await ids({ brokerId })).toEqual([paid, overdueSent]);
    const { invoiceNumber } = await stored(paid);
    expect(await ids({ search: invoiceNumber.slice(-7).toLowerCase() })).toContain(paid);
    expect(await ids({ search: 'no-such-number' })).toEqual([]);
    const overdueRow = (await treasury.invoices.list({ status: 'overdue' })).items[0];
    expect(overdueRow).toMatchObject({ status: 'sent', displayStatus: 'overdue' });

    const first = await treasury.invoices.list({ limit: 2 });
    const second = await treasury.invoices.list({ limit: 2, cursor: first.nextCursor });
    const third = await treasury.invoices.list({ limit: 2, cursor: second.nextCursor });
    expect([...first.items, ...second.items, ...third.items].map((item) => item.id)).toEqual([
      factored,
      paid,
      draft,
      currentSent,
      overdueSent,
    ]);
    expect(third.nextCursor).toBeNull();
  });

  it("answers another company's invoice exactly like a missing one, for every procedure taking an id", async () => {
    const treasury = await as('treasury');
    const foreign = await createInvoice(db(), tenants.companyB.users.treasury);
    const deleted = await createInvoice(db(), tenants.companyA.users.treasury);
    await tenants.owner.deleteFrom('invoices').where('id', '=', deleted).execute();
    for (const missing of [randomUUID(), deleted]) {
      await expectSameAsMissing(
        () => treasury.invoices.get({ id: foreign }),
        () => treasury.invoices.get({ id: missing }),
      );
      await expectSameAsMissing(
        () => treasury.invoices.update({ id: foreign, ...form() }),
        () => treasury.invoices.update({ id: missing, ...form() }),
      );
      await expectSameAsMissing(
        () => treasury.invoices.changeStatus({ id: foreign, status: 'void' }),
        () => treasury.invoices.changeStatus({ id: missing, status: 'void' }),
      );
    }
    expect((await stored(foreign)).status).toBe('draft');
    expect((await treasury.invoices.list({ limit: 100 })).items.map((item) => item.id)).not.toContain(foreign);
  });

  it('is for treasury and admins only: dispatchers, sales and drivers are refused', async () => {
    for (const persona of ['dispatcher', 'sales', 'driver'] as const) {
      await expectTrpcError((await as(persona)).invoices.list({}), 'FORBIDDEN');
    }
  });
});

describe('the treasury dashboard', () => {
  it('sums pending, outstanding, paid this month, factoring and ageing in SQL, with known answers', async () => {
    const company = await freshCompany();
    const by = company.users.treasury;
    const today = localToday();
    const on = (days: number) => addDays(today, days);
    const invoice = (days: number, amount: string, extra: Parameters<typeof createInvoice>[2] = {}) =>
      createInvoice(db(), by, { invoiceDate: on(days), dueDate: on(days), amount, ...extra });
    const factoredLoad = await createLoad(db(), company.users.dispatcher);
    await tenants.owner.updateTable('loads').set({ factoring: true }).where('id', '=', factoredLoad).execute();

    const current = await invoice(10, '100.00');
    const days5 = await invoice(-5, '200.00');
    const days45 = await invoice(-45, '400.00', { status: 'sent' });
    const days75 = await invoice(-75, '800.00', { status: 'sent', loadId: factoredLoad });
    const days120 = await invoice(-120, '1600.00', { status: 'sent' });
    const paid = await invoice(-1, '3200.00', { status: 'paid' });
    const voided = await invoice(-2, '6400.00', { status: 'void' });
    const paidLastMonth = await invoice(-3, '12800.00', { status: 'paid' });
    const firstOfMonth = `${today.slice(0, 8)}01`;
    await tenants.owner
      .updateTable('invoices')
      .set({ paidAt: new Date(`${addDays(firstOfMonth, -1)}T12:00:00Z`) })
      .where('id', '=', paidLastMonth)
      .execute();

    const dashboard = await (await as('treasury', company)).invoices.treasuryDashboard();
    expect(dashboard).toMatchObject({
      totalPending: { count: 2, amount: '300.00' },
      outstanding: { count: 5, amount: '3100.00' },
      paidThisMonth: { count: 1, amount: '3200.00' },
      factoringActive: { count: 1, amount: '800.00' },
      ageing: {
        current: { count: 1, amount: '100.00' },
        days1to30: { count: 1, amount: '200.00' },
        days31to60: { count: 1, amount: '400.00' },
        days61to90: { count: 1, amount: '800.00' },
        days90plus: { count: 1, amount: '1600.00' },
      },
    });
    expect(dashboard.recentInvoices.map((row) => row.id)).toEqual([current, paid, voided, paidLastMonth, days5, days45, days75, days120]);
    expect(dashboard.recentInvoices.find((row) => row.id === days45)?.displayStatus).toBe('overdue');
    // An admin reads the same figures; another company's invoices never count.
    expect((await (await as('admin', company)).invoices.treasuryDashboard()).outstanding).toEqual({ count: 5, amount: '3100.00' });
    expect((await (await as('treasury', tenants.companyB)).invoices.treasuryDashboard()).recentInvoices.map((row) => row.id)).not.toContain(
      current,
    );
  });

  it('shows the 20 latest invoices by invoice date, with the broker name', async () => {
    const company = await freshCompany();
    const brokerId = await createBroker(db(), company.users.admin, { name: 'Summit Freight Brokers' });
    const ids: string[] = [];
    for (let day = 1; day <= 21; day++) {
      ids.push(await createInvoice(db(), company.users.treasury, { invoiceDate: `2026-10-${String(day).padStart(2, '0')}`, brokerId }));
    }
    const { recentInvoices } = await (await as('treasury', company)).invoices.treasuryDashboard();
    expect(recentInvoices.map((row) => row.id)).toEqual(ids.slice(1).reverse());
    expect(recentInvoices.every((row) => row.brokerName === 'Summit Freight Brokers')).toBe(true);
  });
});

describe('the PDF and Send invoice', () => {
  it('makes a one-page PDF that parses back with the number, parties, lane, amount, due date and payment link (and its QR code)', async () => {
    const company = tenants.companyA;
    const brokerId = await createBroker(db(), company.users.admin, { name: 'Pat Broker' });
    const loadId = await createLoad(db(), company.users.dispatcher, { loadNumber: `LOAD-PDF-${randomUUID().slice(0, 6)}` });
    const id = await createInvoice(db(), company.users.treasury, {
      loadId,
      brokerId,
      amount: '2450.00',
      invoiceDate: '2026-11-20',
      dueDate: '2026-12-20',
      paymentLink: { url: 'https://checkout.airwallex.test/pay/pl_pdf', id: 'pl_pdf' },
    });
    const { invoiceNumber } = await stored(id);
    const { fileName, contentBase64 } = await (await as('treasury')).invoices.pdf({ id });
    expect(fileName).toBe(`${invoiceNumber}.pdf`);
    const bytes = Buffer.from(contentBase64, 'base64');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    expect(pdf.numPages).toBe(1);
    const { text } = await extractText(pdf, { mergePages: true });
    for (const expected of [
      invoiceNumber,
      'Pat Broker',
      'Dallas, TX to Atlanta, GA',
      '$2,450.00',
      'Dec 20, 2026',
      'https://checkout.airwallex.test/pay/pl_pdf',
    ]) {
      expect(text).toContain(expected);
    }
    expect(bytes.toString('latin1')).toMatch(/\/Subtype \/Image/);
  });

  it('mails the invoice through the queue to the address given and makes a draft sent; paid invoices are not sent', async () => {
    const treasury = await as('treasury');
    const id = await createInvoice(db(), tenants.companyA.users.treasury);
    const { invoiceNumber } = await stored(id);
    const sent = await treasury.invoices.send({ id, email: 'AP@Broker.example' });
    expect(sent.status).toBe('sent');
    const mails = await tenants.owner
      .selectFrom('outbox')
      .selectAll()
      .where('subject', 'like', `Invoice ${invoiceNumber} from %`)
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ channel: 'email', recipient: 'ap@broker.example' });
    const noAddress = await expectTrpcError(treasury.invoices.send({ id }), 'BAD_REQUEST', 'The broker has no email address: enter one');
    expect(userFacingError(noAddress, 'invoices.send').data.field).toBe('email');
    const paid = await createInvoice(db(), tenants.companyA.users.treasury, { status: 'paid' });
    await expectTrpcError(treasury.invoices.send({ id: paid, email: 'ap@broker.example' }), 'CONFLICT', 'A paid invoice is not sent');
  });
});

describe('factoring packets', () => {
  /** A file of the load in the real file store, as an upload leaves it. */
  async function storedDocument(loadId: string, documentType: DocumentType, fileName: string, contentType: string, bytes: Buffer) {
    const by = tenants.companyA.users.dispatcher;
    const filePath = `${by.companyId}/${randomUUID()}`;
    const storage = storageFor(tenants.services.config);
    await storage.ready();
    const staging = path.join(tenants.services.config.dataDir, 'files', '.tmp', `${randomUUID()}.fixture`);
    await mkdir(path.dirname(staging), { recursive: true });
    await writeFile(staging, bytes);
    await storage.putFile(filePath, staging, bytes.length, contentType);
    const { id } = await createDocument(db(), by, { filePath, documentType, loadId, fileName, visibility: 'dispatcher' });
    await tenants.owner.updateTable('documents').set({ contentType }).where('id', '=', id).execute();
  }
  const pagesOf = async (bytes: Buffer | Uint8Array) => (await PDFDocument.load(bytes)).getPageCount();

  async function factoredInvoice() {
    const loadId = await createLoad(db(), tenants.companyA.users.dispatcher);
    await tenants.owner.updateTable('loads').set({ factoring: true }).where('id', '=', loadId).execute();
    return { loadId, id: await createInvoice(db(), tenants.companyA.users.treasury, { loadId }) };
  }

  it('merges the invoice, the rate confirmation, the BOL and the POD into one PDF, in that order, and says what it skipped', async () => {
    const { loadId, id } = await factoredInvoice();
    const rateConfirmation = textPdf(['RATE CONFIRMATION', 'Load rate $2,450.00']);
    const pod = await readFile('tests/fixtures/pod/pod-text.pdf');
    const bolPhoto = await QRCode.toBuffer('BOL 55120', { type: 'png', width: 300 });
    await storedDocument(loadId, 'pod', 'POD.pdf', 'application/pdf', pod);
    await storedDocument(loadId, 'bol', 'BOL photo.png', 'image/png', bolPhoto);
    await storedDocument(loadId, 'rate_confirmation', 'Rate con.pdf', 'application/pdf', rateConfirmation);
    await storedDocument(
      loadId,
      'bol',
      'BOL.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      Buffer.from('PK'),
    );

    const packet = await (await as('treasury')).invoices.factoringPacket({ id });
    expect(packet.included).toEqual([
      { documentType: 'rate_confirmation', fileName: 'Rate con.pdf' },
      { documentType: 'bol', fileName: 'BOL photo.png' },
      { documentType: 'pod', fileName: 'POD.pdf' },
    ]);
    expect(packet.missing).toEqual([]);
    expect(packet.skipped).toEqual([{ fileName: 'BOL.docx', reason: 'Only PDF, JPG and PNG files can be merged' }]);
    const bytes = Buffer.from(packet.contentBase64, 'base64');
    const expectedPages = 1 + (await pagesOf(rateConfirmation)) + 1 + (await pagesOf(pod));
    expect(packet.pageCount).toBe(expectedPages);
    expect(await pagesOf(bytes)).toBe(expectedPages);
    // The order: the invoice first, then the rate confirmation, whose text follows it.
    const text = (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: false })).text;
    expect(text[0]).toContain((await stored(id)).invoiceNumber);
    expect(text[1]).toContain('RATE CONFIRMATION');
  });

  it('names every missing paper, and refuses an invoice without a factored load', async () => {
    const { id } = await factoredInvoice();
    const treasury = await as('treasury');
    const packet = await treasury.invoices.factoringPacket({ id });
    expect(packet).toMatchObject({ pageCount: 1, included: [], missing: ['rate_confirmation', 'bol', 'pod'], skipped: [] });
    const plain = await createInvoice(db(), tenants.companyA.users.treasury, {
      loadId: await createLoad(db(), tenants.companyA.users.dispatcher),
    });
    await expectTrpcError(treasury.invoices.factoringPacket({ id: plain }), 'CONFLICT', 'This load is not flagged for factoring');
    const noLoad = await createInvoice(db(), tenants.companyA.users.treasury);
    await expectTrpcError(treasury.invoices.factoringPacket({ id: noLoad }), 'BAD_REQUEST', 'This invoice has no load');
  });
});

describe('demo invoices', () => {
  it('invoices the delivered loads in every state, once', async () => {
    const company = await freshCompany();
    const brokerId = await createBroker(db(), company.users.admin, { name: 'Demo Broker' });
    await tenants.owner.updateTable('brokers').set({ paymentTerms: 'Net 30' }).where('id', '=', brokerId).execute();
    const today = localToday();
    for (let index = 0; index < 24; index++) {
      const id = await createLoad(db(), company.users.dispatcher, { status: 'delivered', rate: `${1000 + index * 25}.00` });
      await tenants.owner
        .updateTable('loads')
        .set({ deliveryDate: addDays(today, -index * 6), brokerId, factoring: index % 5 === 0 })
        .where('id', '=', id)
        .execute();
    }
    expect(await seedDemoInvoices(db(), company.companyId)).toBe(true);
    const { items } = await (await as('treasury', company)).invoices.list({ limit: 100 });
    expect(items).toHaveLength(24);
    expect(new Set(items.map((item) => item.displayStatus))).toEqual(new Set(['draft', 'sent', 'paid', 'overdue', 'void']));
    const dashboard = await (await as('treasury', company)).invoices.treasuryDashboard();
    // Every figure and every ageing bucket shows something (the loads reach 108 days past due).
    for (const figure of [
      dashboard.totalPending,
      dashboard.outstanding,
      dashboard.paidThisMonth,
      dashboard.factoringActive,
      ...Object.values(dashboard.ageing),
    ]) {
      expect(figure.count).toBeGreaterThan(0);
    }
    const unread = await (await as('treasury', company)).notifications.list({ limit: 100 });
    expect(unread.items.filter((item) => item.kind === 'invoice_payment' && !item.isRead)).toEqual([]);
    expect(await seedDemoInvoices(db(), company.companyId)).toBe(false);
  });
});

describe('due dates from payment terms', () => {
  it('reads Net N, N days and due on receipt; anything else proposes nothing', () => {
    expect(paymentTermDays('Net 30')).toBe(30);
    expect(paymentTermDays('net-45')).toBe(45);
    expect(paymentTermDays('15 days')).toBe(15);
    expect(paymentTermDays('2/10 Net 30')).toBe(30);
    expect(paymentTermDays('Quick Pay (2%, 5 days)')).toBe(5);
    expect(paymentTermDays('Quick Pay')).toBeNull();
    expect(paymentTermDays('Due on receipt')).toBe(0);
    expect(paymentTermDays('whenever')).toBeNull();
    expect(paymentTermDays(null)).toBeNull();
    expect(dueDateFor('2026-01-31', 'Net 30')).toBe('2026-03-02');
    expect(dueDateFor('2026-01-31', 'soon')).toBeNull();
  });
});

describe('fuzzing', () => {
  it('never answers INTERNAL_SERVER_ERROR, whatever the input', async () => {
    const treasury = await as('treasury');
    const anyValue = fc.oneof(
      fc.string(),
      fc.constantFrom('', ' ', '12.5', '-1', '1e3', '\u0000', '2026-02-30', randomUUID()),
      fc.anything(),
    );
    const invoiceForm = fc.record(
      { invoiceDate: anyValue, dueDate: anyValue, amount: anyValue, loadId: anyValue, brokerId: anyValue, notes: anyValue },
      { requiredKeys: [] },
    );
    const paths: [string, fc.Arbitrary<unknown>][] = [
      ['invoices.create', invoiceForm],
      ['invoices.update', fc.tuple(invoiceForm, anyValue).map(([values, id]) => ({ ...values, id }))],
      ['invoices.changeStatus', fc.record({ id: anyValue, status: anyValue }, { requiredKeys: [] })],
      [
        'invoices.list',
        fc.record({ search: anyValue, status: anyValue, brokerId: anyValue, cursor: anyValue, limit: anyValue }, { requiredKeys: [] }),
      ],
      ['invoices.get', fc.record({ id: anyValue }, { requiredKeys: [] })],
    ];
    for (const [path, input] of paths) {
      await fc.assert(
        fc.asyncProperty(input, async (value) => {
          const error = await settle(callPath(treasury, path, value));
          expect(error?.code, `${path} ${JSON.stringify(value)}`).not.toBe('INTERNAL_SERVER_ERROR');
        }),
        { numRuns: 40 },
      );
    }
  });
});
