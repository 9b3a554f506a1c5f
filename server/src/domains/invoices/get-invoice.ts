import { invoiceDetail, invoiceIdInput } from '#shared/schemas/invoices.js';
import { orNotFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { findInvoice } from './invoices.repository.js';

/** One invoice with its load and broker; another company's id answers like a missing one. */
export const getInvoiceProcedure = permitted('invoices', 'read')
  .input(invoiceIdInput)
  .output(invoiceDetail)
  .query(async ({ ctx, input }) => orNotFound(await findInvoice(ctx.db, ctx.scope, input.id), 'Invoice'));
