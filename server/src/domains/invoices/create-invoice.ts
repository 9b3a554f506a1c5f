import { createInvoiceInput, invoiceDetail } from '#shared/schemas/invoices.js';
import { orNotFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { findInvoice, insertInvoice } from './invoices.repository.js';

/**
 * Create Invoice: a draft numbered INV-yyyymmdd-NNN, unique per company (see insertInvoice). A
 * load is invoiced once unless its invoice is void; the load and broker must be the company's.
 */
export const createInvoiceProcedure = permitted('invoices', 'write')
  .input(createInvoiceInput)
  .output(invoiceDetail)
  .mutation(async ({ ctx, input }) => {
    const id = await insertInvoice(ctx.db, ctx.scope, input);
    return orNotFound(await findInvoice(ctx.db, ctx.scope, id), 'Invoice');
  });
