import type { InvoiceStatus } from '#shared/schemas/invoices.js';
import type { Db } from '../../../../server/src/db/database.js';
import { withCompany } from '../../../../server/src/db/with-company.js';
import { insertInvoice } from '../../../../server/src/domains/invoices/invoices.repository.js';
import { createLoad, type Author } from '../../../support/factories.js';
import { allowedBy, type ProcedureRule, type Sample } from '../authorization-matrix.js';

export interface InvoiceValues {
  loadId?: string | null;
  brokerId?: string | null;
  invoiceDate?: string;
  dueDate?: string;
  amount?: string;
  /** Moved there along the lifecycle after creation (draft -> sent -> paid, or void). */
  status?: InvoiceStatus;
  /** A payment link already made for it (url and the provider's id). */
  paymentLink?: { url: string; id: string };
}

/** An invoice of the author's company, numbered by the real path (INV-yyyymmdd-NNN), a draft unless told otherwise. */
export async function createInvoice(db: Db, by: Author, values: InvoiceValues = {}): Promise<string> {
  return withCompany(db, by, async (tx) => {
    const invoiceDate = values.invoiceDate ?? '2026-11-02';
    const scope = { companyId: by.companyId, userId: by.userId ?? '', role: null, isMasterAdmin: false, readsCompanyId: by.companyId };
    if (!by.userId) throw new Error('createInvoice: an invoice is created by someone');
    const id = await insertInvoice(tx, scope, {
      invoiceDate,
      dueDate: values.dueDate ?? invoiceDate,
      amount: values.amount ?? '1200.00',
      loadId: values.loadId ?? null,
      brokerId: values.brokerId ?? null,
      notes: null,
    });
    const path: Record<InvoiceStatus, InvoiceStatus[]> = { draft: [], sent: ['sent'], paid: ['sent', 'paid'], void: ['void'] };
    for (const status of path[values.status ?? 'draft']) {
      await tx.updateTable('invoices').set({ status }).where('id', '=', id).execute();
    }
    if (values.paymentLink) {
      await tx
        .updateTable('invoices')
        .set({ airwallexPaymentLink: values.paymentLink.url, paymentLinkId: values.paymentLink.id })
        .where('id', '=', id)
        .execute();
    }
    return id;
  });
}

const draftId = async ({ company, services }: Sample) => ({ id: await createInvoice(services.db, company.users.treasury) });

export const invoicesRules = {
  'invoices.list': { type: 'query', allowed: allowedBy('invoices', 'read'), input: () => ({ limit: 10 }) },
  'invoices.get': { type: 'query', allowed: allowedBy('invoices', 'read'), input: draftId },
  'invoices.formOptions': { type: 'query', allowed: allowedBy('invoices', 'write'), input: () => ({}) },
  'invoices.create': {
    type: 'mutation',
    allowed: allowedBy('invoices', 'write'),
    input: async ({ company, services }) => ({
      invoiceDate: '2026-11-20',
      dueDate: '2026-12-20',
      amount: '2450.00',
      loadId: await createLoad(services.db, company.users.dispatcher, { status: 'delivered' }),
    }),
  },
  'invoices.update': {
    type: 'mutation',
    allowed: allowedBy('invoices', 'write'),
    input: async (sample) => ({ ...(await draftId(sample)), invoiceDate: '2026-11-21', dueDate: '2026-12-21', amount: '99.50' }),
  },
  'invoices.changeStatus': {
    type: 'mutation',
    allowed: allowedBy('invoices', 'write'),
    input: async (sample) => ({ ...(await draftId(sample)), status: 'sent' }),
  },
  'invoices.paymentsStatus': { type: 'query', allowed: allowedBy('invoices', 'read'), input: () => undefined },
  'invoices.treasuryDashboard': { type: 'query', allowed: allowedBy('invoices', 'read'), input: () => undefined },
  // Without provider keys only a link made before answers (a new one needs the provider: tests/integration/invoices-payments.test.ts).
  'invoices.generatePaymentLink': {
    type: 'mutation',
    allowed: allowedBy('invoices', 'write'),
    input: async ({ company, services }) => ({
      id: await createInvoice(services.db, company.users.treasury, {
        paymentLink: { url: 'https://checkout.airwallex.com/pay/matrix', id: 'pl_matrix' },
      }),
    }),
  },
  'invoices.pdf': { type: 'mutation', allowed: allowedBy('invoices', 'read'), input: draftId },
  'invoices.send': {
    type: 'mutation',
    allowed: allowedBy('invoices', 'write'),
    input: async (sample) => ({ ...(await draftId(sample)), email: 'ap@broker.example' }),
  },
  // A factored load with none of its papers yet: a packet of the invoice alone, naming all three missing.
  'invoices.factoringPacket': {
    type: 'mutation',
    allowed: allowedBy('invoices', 'write'),
    input: async ({ company, services }) => {
      const loadId = await createLoad(services.db, company.users.dispatcher);
      await withCompany(services.db, company.users.dispatcher, (tx) =>
        tx.updateTable('loads').set({ factoring: true }).where('id', '=', loadId).execute(),
      );
      return { id: await createInvoice(services.db, company.users.treasury, { loadId }) };
    },
  },
} satisfies Record<string, ProcedureRule>;
