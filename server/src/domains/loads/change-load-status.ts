import { changeLoadStatusInput, loadDetail } from '#shared/schemas/loads.js';
import { updateRecord } from '../../db/records.js';
import { notFound, orNotFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { findLoad } from './loads.repository.js';

/**
 * The status selector: any of the six statuses in any order; anything else is refused by the
 * input schema ("Invalid status"). The trigger stamps status_updated_at when it changes.
 */
export const changeLoadStatusProcedure = permitted('loads', 'write')
  .input(changeLoadStatusInput)
  .output(loadDetail)
  .mutation(async ({ ctx, input }) => {
    if (!(await updateRecord(ctx.db, ctx.scope, 'loads', input.id, { status: input.status }))) throw notFound('Load');
    return orNotFound(await findLoad(ctx.db, ctx.scope, input.id), 'Load');
  });
