import { carrierOutput, updateCarrierInput } from '#shared/schemas/carriers.js';
import { notFound } from '../../errors.js';
import { permittedProcedure } from '../../trpc/procedures.js';
import { recordScope } from '../drivers/record-scope.js';
import { findCarrier, updateCarrier } from './carriers.repository.js';

/** Edits a carrier the user may write (sales: their own); any other id answers like a missing one. */
export const updateCarrierProcedure = permittedProcedure('carriers', 'write')
  .input(updateCarrierInput)
  .output(carrierOutput)
  .mutation(async ({ ctx, input }) => {
    const { id, ...values } = input;
    const scope = recordScope(ctx.session, 'write');
    const updated = await updateCarrier(ctx.db, scope, id, values);
    const carrier = updated ? await findCarrier(ctx.db, scope, updated) : undefined;
    if (!carrier) throw notFound('Carrier');
    return carrier;
  });
