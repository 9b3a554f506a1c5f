import { randomUUID } from 'node:crypto';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { addDays, defaultDueDate } from '#shared/schemas/invoices.js';
import { createLoad, createTestCompany } from '../support/factories.js';
import { expectTrpcError, userFacingError } from '../support/http.js';
import { useTenants } from '../support/tenants.js';
import { createInvoice } from './security/matrix/invoices.js';

/**
 * Issue 27, item 7: an invoice's due date follows the broker's payment terms, a load not yet
 * delivered is invoiced only when the caller says so, and the PDF tells the broker where to remit
 * (the company's name, address, phone, email, MC and DOT numbers) and nothing internal (no status).
 */

const tenants = useTenants();
const { as } = tenants;
const db = () => tenants.services.db;

const INVOICE_DATE = '2026-11-20';

async function brokerWithTerms(paymentTerms: string | null) {
  const admin = await as('admin');
  return (await admin.brokers.create({ name: `Terms Broker ${randomUUID().slice(0, 6)}`, paymentTerms: paymentTerms ?? '' })).id;
}

async function deliveredLoad(values: { brokerId?: string; status?: 'delivered' | 'pending' | 'in_transit' | 'cancelled' } = {}) {
  const loadNumber = `LOAD-T27-${randomUUID().slice(0, 8)}`;
  const id = await createLoad(db(), tenants.companyA.users.dispatcher, { loadNumber, status: values.status ?? 'delivered' });
  if (values.brokerId) await tenants.owner.updateTable('loads').set({ brokerId: values.brokerId }).where('id', '=', id).execute();
  return { id, loadNumber };
}

async function pdfText(id: string, caller: Awaited<ReturnType<typeof as>>) {
  const { contentBase64 } = await caller.invoices.pdf({ id });
  const pdf = await getDocumentProxy(new Uint8Array(Buffer.from(contentBase64, 'base64')));
  expect(pdf.numPages).toBe(1);
  return (await extractText(pdf, { mergePages: true })).text;
}

describe("the due date from the broker's payment terms", () => {
  it('is the invoice date plus the terms when the due date is left out (Net N, N days, due on receipt)', async () => {
    const treasury = await as('treasury');
    for (const [terms, days] of [
      ['Net 45', 45],
      ['Net 15', 15],
      ['Quick Pay (2%, 5 days)', 5],
      ['Due on receipt', 0],
    ] as const) {
      const brokerId = await brokerWithTerms(terms);
      const invoice = await treasury.invoices.create({ invoiceDate: INVOICE_DATE, amount: '1000.00', brokerId });
      expect(invoice.dueDate, terms).toBe(addDays(INVOICE_DATE, days));
      // Empty means "none" too (a cleared field in the form).
      const cleared = await treasury.invoices.create({ invoiceDate: INVOICE_DATE, dueDate: '', amount: '1000.00', brokerId });
      expect(cleared.dueDate, terms).toBe(addDays(INVOICE_DATE, days));
    }
  });

  it("takes the load's broker when no broker is given, and 30 days without terms or a broker", async () => {
    const treasury = await as('treasury');
    const net21 = await brokerWithTerms('Net 21');
    const load = await deliveredLoad({ brokerId: net21 });
    const viaLoad = await treasury.invoices.create({ invoiceDate: INVOICE_DATE, amount: '1000.00', loadId: load.id });
    expect(viaLoad.dueDate).toBe('2026-12-11');

    const vague = await brokerWithTerms('Quick Pay');
    const withVague = await treasury.invoices.create({ invoiceDate: INVOICE_DATE, amount: '1000.00', brokerId: vague });
    expect(withVague.dueDate).toBe('2026-12-20');
    const none = await treasury.invoices.create({ invoiceDate: INVOICE_DATE, amount: '1000.00' });
    expect(none.dueDate).toBe('2026-12-20');
    expect(defaultDueDate(INVOICE_DATE, null)).toBe('2026-12-20');
  });

  it('keeps a due date that is given, and still refuses one before the invoice date', async () => {
    const treasury = await as('treasury');
    const brokerId = await brokerWithTerms('Net 45');
    const given = await treasury.invoices.create({ invoiceDate: INVOICE_DATE, dueDate: '2026-11-25', amount: '1000.00', brokerId });
    expect(given.dueDate).toBe('2026-11-25');
    const error = await expectTrpcError(
      treasury.invoices.create({ invoiceDate: INVOICE_DATE, dueDate: '2026-11-19', amount: '1000.00', brokerId }),
      'BAD_REQUEST',
    );
    expect(userFacingError(error, 'invoices.create').data.fieldErrors?.dueDate).toBe('Due date cannot be before the invoice date');
  });

  it('gives the form each load’s status and each broker’s terms', async () => {
    const brokerId = await brokerWithTerms('Net 45');
    const pending = await deliveredLoad({ status: 'pending', brokerId });
    const options = await (await as('treasury')).invoices.formOptions({});
    expect(options.loads.find((load) => load.id === pending.id)).toMatchObject({ status: 'pending', brokerId });
    expect(options.brokers.find((broker) => broker.id === brokerId)).toMatchObject({ paymentTerms: 'Net 45' });
  });
});

describe('invoicing a load that is not delivered', () => {
  it('is refused naming the load field unless confirmed; with confirmUndelivered it is created', async () => {
    const treasury = await as('treasury');
    for (const status of ['pending', 'in_transit', 'cancelled'] as const) {
      const load = await deliveredLoad({ status });
      const input = { invoiceDate: INVOICE_DATE, amount: '1000.00', loadId: load.id };
      for (const confirmation of [{}, { confirmUndelivered: false }]) {
        const error = await expectTrpcError(
          treasury.invoices.create({ ...input, ...confirmation }),
          'PRECONDITION_FAILED',
          `Load ${load.loadNumber} is not delivered yet (${status.replace('_', ' ')}): confirm to invoice it anyway`,
        );
        expect(userFacingError(error, 'invoices.create').data.field).toBe('loadId');
      }
      const stored = await tenants.owner.selectFrom('invoices').select('id').where('loadId', '=', load.id).execute();
      expect(stored).toEqual([]);
      const invoice = await treasury.invoices.create({ ...input, confirmUndelivered: true });
      expect(invoice).toMatchObject({ loadId: load.id, status: 'draft' });
    }
  });

  it('needs no confirmation for a delivered load', async () => {
    const load = await deliveredLoad();
    const invoice = await (await as('admin')).invoices.create({ invoiceDate: INVOICE_DATE, amount: '1000.00', loadId: load.id });
    expect(invoice.loadNumber).toBe(load.loadNumber);
  });

  it('refuses a confirmation that is not true or false, naming it', async () => {
    const load = await deliveredLoad({ status: 'pending' });
    const error = await expectTrpcError(
      (await as('treasury')).invoices.create({
        invoiceDate: INVOICE_DATE,
        amount: '1',
        loadId: load.id,
        confirmUndelivered: 'yes' as never,
      }),
      'BAD_REQUEST',
    );
    expect(userFacingError(error, 'invoices.create').data.fieldErrors?.confirmUndelivered).toBe('Confirmation must be true or false');
  });
});

describe("the PDF's remit-to and no internal status", () => {
  it("shows Remit to with the company's name, address, phone, email, MC and DOT numbers, and no status", async () => {
    const company = await createTestCompany(tenants.services);
    const admin = await as('admin', company);
    await admin.settings.updateCompany({
      email: 'remit@haulers-test.example',
      phone: '+1 (555) 010-2727',
      address: '400 Freight Way, Joliet, IL 60431',
      mcNumber: '123456',
      dotNumber: '7654321',
    });
    const treasury = await as('treasury', company);
    for (const status of ['draft', 'sent', 'paid'] as const) {
      const id = await createInvoice(db(), company.users.treasury, { status, invoiceDate: '2026-01-05', dueDate: '2026-02-04' });
      const text = await pdfText(id, treasury);
      for (const line of [
        'REMIT TO',
        company.name,
        '400 Freight Way, Joliet, IL 60431',
        'Phone: +1 (555) 010-2727',
        'Email: remit@haulers-test.example',
        'MC# 123456',
        'USDOT# 7654321',
      ]) {
        expect(text, status).toContain(line);
      }
      expect(text).not.toMatch(/Status/i);
      for (const word of ['Draft', 'Sent', 'Paid', 'Overdue']) expect(text, status).not.toContain(word);
    }
  });

  it('leaves out the lines the company has not filled in', async () => {
    const company = await createTestCompany(tenants.services);
    const id = await createInvoice(db(), company.users.treasury);
    const text = await pdfText(id, await as('treasury', company));
    expect(text).toContain('REMIT TO');
    expect(text).toContain(company.name);
    for (const absent of ['Phone:', 'Email:', 'MC#', 'USDOT#', 'Status']) expect(text).not.toContain(absent);
  });
});
