import { changeLoadStatusInput, loadDetail } from '#shared/schemas/loads.js';
import { notFound } from '../../errors.js';
import { roleProcedure } from '../../trpc/procedures.js';
import { setLoadStatus, viewerOf } from './loads.repository.js';

/** The status selector: any of the six statuses in any order; anything else is refused by the input schema ("Invalid status"). */
export const changeLoadStatusProcedure = roleProcedure('admin', 'dispatcher', 'sales')
  .input(changeLoadStatusInput)
  .output(loadDetail)
  .mutation(async ({ ctx, input }) => {
    const updated = await setLoadStatus(ctx.db, viewerOf(ctx.session), input.id, input.status);
    if (!updated) throw notFound('Load');
    return updated;
  });
