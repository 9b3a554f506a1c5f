import { createInvoiceInput, defaultDueDate, invoiceDetail, undeliveredLoadMessage } from '#shared/schemas/invoices.js';
import { AppError, orNotFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { brokerTerms, findInvoice, insertInvoice, invoicedLoad } from './invoices.repository.js';

/**
 * Create Invoice: a draft numbered INV-yyyymmdd-NNN, unique per company (see insertInvoice). A
 * load is invoiced once unless its invoice is void; the load and broker must be the company's.
 *
 * A load that is not delivered is refused, naming the load, unless the input confirms it
 * (`confirmUndelivered: true`, the dialog's "Invoice anyway"). A due date left out is the invoice
 * date plus the broker's payment terms (the broker given, else the load's), or 30 days
 * (defaultDueDate, the same rule the form proposes).
 */
export const createInvoiceProcedure = permitted('invoices', 'write')
  .input(createInvoiceInput)
  .output(invoiceDetail)
  .mutation(async ({ ctx, input }) => {
    // Another company's or a missing load reads as none here: the insert's foreign key then refuses it as "Load not found".
    const load = input.loadId ? await invoicedLoad(ctx.db, ctx.scope, input.loadId) : undefined;
    if (load && load.status !== 'delivered' && input.confirmUndelivered !== true) {
      throw new AppError('PRECONDITION_FAILED', undeliveredLoadMessage(load.loadNumber, load.status), { field: 'loadId' });
    }
    let dueDate = input.dueDate;
    if (!dueDate) {
      const brokerId = input.brokerId ?? load?.brokerId ?? null;
      const terms = brokerId ? await brokerTerms(ctx.db, ctx.scope, brokerId) : null;
      dueDate = defaultDueDate(input.invoiceDate, terms) ?? input.invoiceDate;
    }
    const id = await insertInvoice(ctx.db, ctx.scope, { ...input, dueDate });
    return orNotFound(await findInvoice(ctx.db, ctx.scope, id), 'Invoice');
  });
