import path from 'node:path';
import type { TRPCError } from '@trpc/server';
import { extractText, getDocumentProxy } from 'unpdf';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { mailFileOf } from '../../server/src/services/mail/mail-files.js';
import { createBroker, createLoad, createTestCompany } from '../support/factories.js';
import { callerFor } from '../support/harness.js';
import { expectTrpcError, settle, uniqueIp, userFacingError } from '../support/http.js';
import { useTenants } from '../support/tenants.js';
import { createInvoice } from './security/matrix/invoices.js';

/**
 * Issue 24, item 9: a company says who it is. Admins set its email, phone and address in
 * Settings (everyone else reads them); invoice PDFs, factoring packets and the invoice mail show
 * them.
 */

const tenants = useTenants();
const { as } = tenants;
const db = () => tenants.services.db;

const storedCompany = (companyId: string) =>
  tenants.owner.selectFrom('companies').select(['name', 'email', 'phone', 'address']).where('id', '=', companyId).executeTakeFirstOrThrow();

async function pdfPages(bytes: Buffer): Promise<string[]> {
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: false });
  return text;
}

/** The message and the field a browser shows for a refused call. */
async function refusal(call: Promise<unknown>, procedurePath: string) {
  const error = await settle(call);
  expect(error, 'expected a refusal, but the call succeeded').not.toBeNull();
  const shown = userFacingError(error as TRPCError, procedurePath);
  return { code: (error as TRPCError).code, message: shown.message, field: shown.data.field };
}

const PROFILE = { email: 'billing@summit-test.example', phone: '+1 (555) 010-7788', address: '12 Dock St, Oakland, CA 94607' };

describe('Company Information in Settings', () => {
  it('an admin sets the email, phone and address; every member then reads them, read-only', async () => {
    const company = await createTestCompany(tenants.services);
    const admin = await callerFor(tenants.services, company.users.admin, uniqueIp());
    const before = await admin.settings.get();
    expect(before.company).toMatchObject({ name: company.name, email: null, phone: null, address: null });
    expect(before.canEditCompany).toBe(true);

    const saved = await admin.settings.updateCompany(PROFILE);
    expect(saved).toMatchObject({ name: company.name, ...PROFILE });
    expect(await storedCompany(company.companyId)).toEqual({ name: company.name, ...PROFILE });

    for (const persona of ['dispatcher', 'sales', 'treasury', 'driver'] as const) {
      const member = await callerFor(tenants.services, company.users[persona], uniqueIp());
      const settings = await member.settings.get();
      expect(settings.company).toMatchObject(PROFILE);
      expect(settings.canEditCompany).toBe(false);
    }
  });

  it('is refused to everyone but admins, changing nothing', async () => {
    const company = await createTestCompany(tenants.services);
    await (await callerFor(tenants.services, company.users.admin, uniqueIp())).settings.updateCompany(PROFILE);
    for (const persona of ['dispatcher', 'sales', 'treasury', 'driver'] as const) {
      const member = await callerFor(tenants.services, company.users[persona], uniqueIp());
      await expectTrpcError(member.settings.updateCompany({ email: 'taken-over@example.test', phone: '', address: '' }), 'FORBIDDEN');
    }
    await expectTrpcError((await tenants.anonymous()).settings.updateCompany({ email: 'x@example.test' }), 'UNAUTHORIZED');
    expect(await storedCompany(company.companyId)).toMatchObject(PROFILE);
  });

  it('changes only the fields given; an empty field clears it', async () => {
    const company = await createTestCompany(tenants.services);
    const admin = await callerFor(tenants.services, company.users.admin, uniqueIp());
    await admin.settings.updateCompany(PROFILE);
    expect(await admin.settings.updateCompany({ phone: '+1 555 010 9999' })).toMatchObject({ ...PROFILE, phone: '+1 555 010 9999' });
    expect(await admin.settings.updateCompany({ address: '' })).toMatchObject({ email: PROFILE.email, address: null });
    expect(await admin.settings.updateCompany({})).toMatchObject({ email: PROFILE.email, phone: '+1 555 010 9999', address: null });
  });

  it('refuses a bad email, phone or address beside its field, writing nothing', async () => {
    const company = await createTestCompany(tenants.services);
    const admin = await callerFor(tenants.services, company.users.admin, uniqueIp());
    const call = (input: Record<string, unknown>) => refusal(admin.settings.updateCompany(input as never), 'settings.updateCompany');
    expect(await call({ ...PROFILE, email: 'not-an-address' })).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Invalid email address',
      field: 'email',
    });
    expect(await call({ ...PROFILE, phone: 'call me' })).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Invalid phone number',
      field: 'phone',
    });
    expect(await call({ ...PROFILE, address: 'x'.repeat(501) })).toMatchObject({ code: 'BAD_REQUEST', field: 'address' });
    expect(await storedCompany(company.companyId)).toMatchObject({ email: null, phone: null, address: null });
  });

  it('keeps the MC and DOT numbers an admin sets (issue 27: an invoice Remit to), every member reads them, and refuses one too long', async () => {
    const company = await createTestCompany(tenants.services);
    const admin = await callerFor(tenants.services, company.users.admin, uniqueIp());
    expect((await admin.settings.get()).company).toMatchObject({ mcNumber: null, dotNumber: null });
    expect(await admin.settings.updateCompany({ mcNumber: ' 123456 ', dotNumber: '7654321' })).toMatchObject({
      mcNumber: '123456',
      dotNumber: '7654321',
    });
    const stored = await tenants.owner
      .selectFrom('companies')
      .select(['mcNumber', 'dotNumber'])
      .where('id', '=', company.companyId)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ mcNumber: '123456', dotNumber: '7654321' });
    const treasury = await callerFor(tenants.services, company.users.treasury, uniqueIp());
    expect((await treasury.settings.get()).company).toMatchObject({ mcNumber: '123456', dotNumber: '7654321' });
    await expectTrpcError(treasury.settings.updateCompany({ mcNumber: '999' }), 'FORBIDDEN');

    const call = (input: Record<string, unknown>) => refusal(admin.settings.updateCompany(input as never), 'settings.updateCompany');
    expect(await call({ mcNumber: 'x'.repeat(21) })).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'MC number must be at most 20 characters',
      field: 'mcNumber',
    });
    expect(await call({ dotNumber: 'x'.repeat(21) })).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'DOT number must be at most 20 characters',
      field: 'dotNumber',
    });
    expect(await admin.settings.updateCompany({ mcNumber: '' })).toMatchObject({ mcNumber: null, dotNumber: '7654321' });
  });

  it("changes only the caller's own company: another company's, and a master admin's own, stay as they are", async () => {
    const before = await storedCompany(tenants.companyB.companyId);
    await (await as('admin')).settings.updateCompany({ email: 'a-only@example.test' });
    expect(await storedCompany(tenants.companyB.companyId)).toEqual(before);
    expect((await storedCompany(tenants.companyA.companyId)).email).toBe('a-only@example.test');

    // A master admin, like any admin, only in their own company.
    await (await tenants.asMasterAdmin()).settings.updateCompany({ phone: '+1 555 010 4242' });
    expect((await storedCompany(tenants.companyA.companyId)).phone).not.toBe('+1 555 010 4242');
    const own = await tenants.owner
      .selectFrom('profiles')
      .select('companyId')
      .where('userId', '=', tenants.masterAdmin.userId)
      .executeTakeFirstOrThrow();
    expect((await storedCompany(own.companyId as string)).phone).toBe('+1 555 010 4242');
  });
});

describe('where the company signs', () => {
  /** A company with its profile set, and an invoice of a factored load billed to a broker with an address. */
  async function companyWithInvoice() {
    const company = await createTestCompany(tenants.services);
    await (await callerFor(tenants.services, company.users.admin, uniqueIp())).settings.updateCompany(PROFILE);
    const brokerId = await createBroker(db(), company.users.admin, { name: 'Profile Broker' });
    await tenants.owner.updateTable('brokers').set({ email: 'ap@profile-broker.example' }).where('id', '=', brokerId).execute();
    const loadId = await createLoad(db(), company.users.dispatcher);
    await tenants.owner.updateTable('loads').set({ factoring: true }).where('id', '=', loadId).execute();
    const id = await createInvoice(db(), company.users.treasury, { loadId, brokerId, amount: '2400.00' });
    const treasury = await callerFor(tenants.services, company.users.treasury, uniqueIp());
    return { company, id, treasury };
  }

  it("the invoice PDF shows the company's address, phone and email", async () => {
    const { company, id, treasury } = await companyWithInvoice();
    const pdf = await treasury.invoices.pdf({ id });
    const [page] = await pdfPages(Buffer.from(pdf.contentBase64, 'base64'));
    expect(page).toContain(company.name);
    for (const value of Object.values(PROFILE)) expect(page).toContain(value);
  });

  it('the factoring packet names the company: its invoice page shows the details, its metadata the name', async () => {
    const { company, id, treasury } = await companyWithInvoice();
    const packet = await treasury.invoices.factoringPacket({ id });
    const bytes = Buffer.from(packet.contentBase64, 'base64');
    const [first] = await pdfPages(bytes);
    for (const value of [company.name, ...Object.values(PROFILE)]) expect(first).toContain(value);
    const document = await PDFDocument.load(bytes);
    expect(document.getAuthor()).toBe(company.name);
    expect(document.getSubject()).toBe([company.name, PROFILE.address, PROFILE.phone, PROFILE.email].join(', '));
  });

  it('the invoice mail is signed with the name, address, phone and email', async () => {
    const { company, id, treasury } = await companyWithInvoice();
    const sent = await treasury.invoices.send({ id });
    const [row] = await tenants.owner
      .selectFrom('outbox')
      .select(['id', 'recipient'])
      .where('subject', '=', `Invoice ${sent.invoiceNumber} from ${company.name}`)
      .execute();
    expect(row?.recipient).toBe('ap@profile-broker.example');
    const mail = await mailFileOf(path.join(tenants.services.config.dataDir, 'mail'), String(row?.id));
    expect(mail?.text).toContain(
      ['Thank you for your business.', '', company.name, PROFILE.address, PROFILE.phone, PROFILE.email].join('\n'),
    );
  });

  it('without a profile, the mail signs with the name alone and nothing shows "null"', async () => {
    const company = await createTestCompany(tenants.services);
    const brokerId = await createBroker(db(), company.users.admin, { name: 'Bare Broker' });
    await tenants.owner.updateTable('brokers').set({ email: 'ap@bare-broker.example' }).where('id', '=', brokerId).execute();
    const id = await createInvoice(db(), company.users.treasury, { brokerId });
    const treasury = await callerFor(tenants.services, company.users.treasury, uniqueIp());
    const sent = await treasury.invoices.send({ id });
    const [row] = await tenants.owner
      .selectFrom('outbox')
      .select('id')
      .where('subject', '=', `Invoice ${sent.invoiceNumber} from ${company.name}`)
      .execute();
    const mail = await mailFileOf(path.join(tenants.services.config.dataDir, 'mail'), String(row?.id));
    expect(mail?.text.trimEnd().endsWith(`Thank you for your business.\n\n${company.name}`)).toBe(true);
    const [page] = await pdfPages(Buffer.from((await treasury.invoices.pdf({ id })).contentBase64, 'base64'));
    expect(page).not.toContain('null');
    expect(page).not.toContain('Questions about this invoice?');
  });
});
