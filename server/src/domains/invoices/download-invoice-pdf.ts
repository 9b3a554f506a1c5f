import { invoiceIdInput, invoicePdfOutput } from '#shared/schemas/invoices.js';
import { notFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { invoicePdfName, renderInvoicePdf } from './invoice-pdf.js';
import { invoiceDocumentData } from './invoices.repository.js';

/** The invoice as a one-page PDF, made on the server each time (it always shows the invoice as it is now). */
export const downloadInvoicePdfProcedure = permitted('invoices', 'read')
  .input(invoiceIdInput)
  .output(invoicePdfOutput)
  .mutation(async ({ ctx, input }) => {
    const data = await invoiceDocumentData(ctx.db, ctx.scope, input.id);
    if (!data) throw notFound('Invoice');
    const pdf = await renderInvoicePdf(data);
    return { fileName: invoicePdfName(data.invoice.invoiceNumber), contentBase64: pdf.toString('base64') };
  });
