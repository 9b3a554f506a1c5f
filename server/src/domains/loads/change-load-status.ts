import { changeLoadStatusInput, loadDetail } from '#shared/schemas/loads.js';
import { notFound } from '../../errors.js';
import { permittedProcedure } from '../../trpc/procedures.js';
import { setLoadStatus, viewerOf } from './loads.repository.js';

/** The status selector: any of the six statuses in any order; anything else is refused by the input schema ("Invalid status"). */
export const changeLoadStatusProcedure = permittedProcedure('loads', 'write')
  .input(changeLoadStatusInput)
  .output(loadDetail)
  .mutation(async ({ ctx, input }) => {
    const updated = await setLoadStatus(ctx.db, viewerOf(ctx.session), input.id, input.status);
    if (!updated) throw notFound('Load');
    return updated;
  });
