import { invoiceListInput, invoiceListOutput } from '#shared/schemas/invoices.js';
import { permitted } from '../../trpc/procedures.js';
import { listInvoices } from './invoices.repository.js';

/** The Invoices table: search by number, filters by status (overdue and factoring included) and broker, newest first, keyset paged. */
export const listInvoicesProcedure = permitted('invoices', 'read')
  .input(invoiceListInput)
  .output(invoiceListOutput)
  .query(({ ctx, input: { search, status, brokerId, ...page } }) => listInvoices(ctx.db, ctx.scope, { search, status, brokerId }, page));
