import { invoiceDetail, updateInvoiceInput } from '#shared/schemas/invoices.js';
import { updateRecord } from '../../db/records.js';
import { mapPgErrors } from '../../db/pg-errors.js';
import { AppError, notFound, orNotFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { findInvoice, INVOICE_PG_RULES, writableStatus } from './invoices.repository.js';

/** Edit an invoice while it is a draft; a sent, paid or void one is refused (the database refuses it too). */
export const updateInvoiceProcedure = permitted('invoices', 'write')
  .input(updateInvoiceInput)
  .output(invoiceDetail)
  .mutation(async ({ ctx, input: { id, ...values } }) => {
    const status = await writableStatus(ctx.db, ctx.scope, id);
    if (status === undefined) throw notFound('Invoice');
    if (status !== 'draft') throw new AppError('CONFLICT', 'Only a draft invoice can be edited');
    await mapPgErrors(
      () =>
        updateRecord(ctx.db, ctx.scope, 'invoices', id, {
          invoiceDate: values.invoiceDate,
          dueDate: values.dueDate,
          amount: values.amount,
          loadId: values.loadId,
          brokerId: values.brokerId,
          notes: values.notes,
        }),
      INVOICE_PG_RULES,
    );
    return orNotFound(await findInvoice(ctx.db, ctx.scope, id), 'Invoice');
  });
