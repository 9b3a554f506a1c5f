import { loadDetail, updateLoadInput } from '#shared/schemas/loads.js';
import { notFound } from '../../errors.js';
import { permittedProcedure } from '../../trpc/procedures.js';
import { assertAssignable, assignmentRaceError } from './load-assignment.js';
import { findWritableLoad, updateLoadFields, viewerOf } from './loads.repository.js';

/** Edit a load's fields (status has its own procedure); the same checks on driver, broker and carrier as on create. */
export const updateLoadProcedure = permittedProcedure('loads', 'write')
  .input(updateLoadInput)
  .output(loadDetail)
  .mutation(async ({ ctx, input }) => {
    const viewer = viewerOf(ctx.session);
    const { id, ...fields } = input;
    const current = await findWritableLoad(ctx.db, viewer, id);
    if (!current) throw notFound('Load');
    await assertAssignable(ctx.db, viewer, fields, current);
    try {
      const updated = await updateLoadFields(ctx.db, viewer, id, fields);
      if (!updated) throw notFound('Load');
      return updated;
    } catch (error) {
      throw assignmentRaceError(error) ?? error;
    }
  });
