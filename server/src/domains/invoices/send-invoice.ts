import { invoiceDetail, sendInvoiceInput } from '#shared/schemas/invoices.js';
import { updateRecord } from '../../db/records.js';
import { AppError, notFound, orNotFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { companySignature, invoicePdfName } from './invoice-pdf.js';
import { findInvoice, invoiceDocumentData } from './invoices.repository.js';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/**
 * "Send invoice": mails the invoice (number, load, amount, due date and its payment link) to the
 * broker's email, or the address given, through the mail job queue (in this transaction: nothing
 * leaves if it rolls back), with the invoice's PDF attached, and a draft becomes sent. Sending a
 * sent invoice again mails it again. The mail job names the invoice; the PDF is made when the mail
 * is delivered (and, outside production, when it is written to the mail folder), after the status
 * change, so it shows the invoice as sent. The mail is signed with the company's name, address,
 * phone and email as Settings holds them.
 */
export const sendInvoiceProcedure = permitted('invoices', 'write')
  .input(sendInvoiceInput)
  .output(invoiceDetail)
  .mutation(async ({ ctx, input }) => {
    const data = await invoiceDocumentData(ctx.db, ctx.scope, input.id);
    if (!data) throw notFound('Invoice');
    const { invoice, company, broker, load } = data;
    if (invoice.status === 'paid' || invoice.status === 'void') {
      throw new AppError('CONFLICT', `A ${invoice.status} invoice is not sent`);
    }
    const to = input.email || broker?.email;
    if (!to) throw new AppError('BAD_REQUEST', 'The broker has no email address: enter one', { field: 'email' });
    const from = company?.name ?? 'Haulwise';
    const lines = [
      `Invoice ${invoice.invoiceNumber} from ${from}`,
      '',
      load ? `Load ${load.loadNumber}: ${load.pickupCity}, ${load.pickupState} to ${load.deliveryCity}, ${load.deliveryState}` : null,
      `Amount due: ${usd.format(Number(invoice.amount))}`,
      `Due date: ${invoice.dueDate}`,
      invoice.paymentLink ? `Pay online: ${invoice.paymentLink}` : null,
      '',
      `The invoice is attached as ${invoicePdfName(invoice.invoiceNumber)}.`,
      '',
      'Thank you for your business.',
      '',
      ...companySignature(company),
    ].filter((line): line is string => line !== null);
    if (invoice.status === 'draft') await updateRecord(ctx.db, ctx.scope, 'invoices', invoice.id, { status: 'sent' });
    await ctx.services.mailer.send(ctx.db, {
      channel: 'email',
      to,
      subject: `Invoice ${invoice.invoiceNumber} from ${from}`,
      text: lines.join('\n'),
      attachments: [{ kind: 'invoice-pdf', companyId: ctx.scope.companyId, invoiceId: invoice.id }],
    });
    return orNotFound(await findInvoice(ctx.db, ctx.scope, invoice.id), 'Invoice');
  });
