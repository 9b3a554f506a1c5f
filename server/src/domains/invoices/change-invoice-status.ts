import { canMoveInvoice, changeInvoiceStatusInput, invoiceDetail } from '#shared/schemas/invoices.js';
import { updateRecord } from '../../db/records.js';
import { mapPgErrors } from '../../db/pg-errors.js';
import { AppError, notFound, orNotFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { findInvoice, INVOICE_PG_RULES, writableStatus } from './invoices.repository.js';

const label = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

/**
 * Moves an invoice along the lifecycle (docs/invoices.md): draft -> sent | paid | void,
 * sent -> paid | void. The trigger stamps sent_at, paid_at or voided_at, audits the change,
 * publishes it live and notifies the company's treasury users and admins.
 */
export const changeInvoiceStatusProcedure = permitted('invoices', 'write')
  .input(changeInvoiceStatusInput)
  .output(invoiceDetail)
  .mutation(async ({ ctx, input }) => {
    const current = await writableStatus(ctx.db, ctx.scope, input.id);
    if (current === undefined) throw notFound('Invoice');
    if (!canMoveInvoice(current, input.status)) {
      throw new AppError('BAD_REQUEST', `An invoice cannot go from ${label(current)} to ${label(input.status)}`, { field: 'status' });
    }
    await mapPgErrors(() => updateRecord(ctx.db, ctx.scope, 'invoices', input.id, { status: input.status }), INVOICE_PG_RULES);
    return orNotFound(await findInvoice(ctx.db, ctx.scope, input.id), 'Invoice');
  });
