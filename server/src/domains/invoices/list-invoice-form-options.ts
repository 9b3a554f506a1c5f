import { z } from 'zod';
import { invoiceFormOptionsOutput } from '#shared/schemas/invoices.js';
import { permitted } from '../../trpc/procedures.js';
import { invoiceFormOptions } from './invoices.repository.js';

/** The Create Invoice form's loads (not yet invoiced, or the edited invoice's own) and brokers. */
export const listInvoiceFormOptionsProcedure = permitted('invoices', 'write')
  .input(z.object({ invoiceId: z.uuid('Invoice is invalid').optional() }).prefault({}))
  .output(invoiceFormOptionsOutput)
  .query(({ ctx, input }) => invoiceFormOptions(ctx.db, ctx.scope, input.invoiceId));
