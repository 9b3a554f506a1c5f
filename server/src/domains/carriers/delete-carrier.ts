import { deleteCarrierOutput } from '#shared/schemas/carriers.js';
import { recordId } from '#shared/schemas/people-fields.js';
import { notFound } from '../../errors.js';
import { permittedProcedure } from '../../trpc/procedures.js';
import { recordScope } from '../drivers/record-scope.js';
import { deleteCarrier } from './carriers.repository.js';

/**
 * Deletes a carrier the user may write. Its loads keep their history: the schema sets their
 * carrier_id to null and keeps the carrier_name they had; its drivers lose the link.
 */
export const deleteCarrierProcedure = permittedProcedure('carriers', 'write')
  .input(recordId)
  .output(deleteCarrierOutput)
  .mutation(async ({ ctx, input }) => {
    if (!(await deleteCarrier(ctx.db, recordScope(ctx.session, 'write'), input.id))) throw notFound('Carrier');
    return { id: input.id };
  });
