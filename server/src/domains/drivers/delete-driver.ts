import { deleteDriverOutput } from '#shared/schemas/drivers.js';
import { recordId } from '#shared/schemas/people-fields.js';
import { notFound } from '../../errors.js';
import { permittedProcedure } from '../../trpc/procedures.js';
import { deleteDriver } from './drivers.repository.js';
import { recordScope } from './record-scope.js';

/**
 * Deletes a driver the user may write. Loads keep their history: the schema sets their
 * driver_id to null and keeps the driver_name they had.
 */
export const deleteDriverProcedure = permittedProcedure('drivers', 'write')
  .input(recordId)
  .output(deleteDriverOutput)
  .mutation(async ({ ctx, input }) => {
    if (!(await deleteDriver(ctx.db, recordScope(ctx.session, 'write'), input.id))) throw notFound('Driver');
    return { id: input.id };
  });
