import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Scope } from '../../db/scope.js';
import { invoicePdfName, renderInvoicePdf } from './invoice-pdf.js';
import { invoiceDocumentData } from './invoices.repository.js';

/**
 * The invoice's PDF as a mail attachment, rendered when the mail is written or delivered (the mail
 * job carries the invoice's id, never the bytes). `db` is a transaction of the invoice's company
 * (row-level security keeps every other company's invoice out); it reads as the company itself,
 * since the job runs for nobody in particular.
 */
export async function invoicePdfAttachment(db: Kysely<Database>, companyId: string, invoiceId: string) {
  const scope: Scope = { userId: '', companyId, role: 'admin', isMasterAdmin: false, readsCompanyId: companyId };
  const data = await invoiceDocumentData(db, scope, invoiceId);
  if (!data) throw new Error(`Invoice ${invoiceId} to attach was not found`);
  return {
    filename: invoicePdfName(data.invoice.invoiceNumber),
    contentType: 'application/pdf',
    content: await renderInvoicePdf(data),
  };
}
