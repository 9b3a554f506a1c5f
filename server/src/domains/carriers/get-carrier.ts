import { carrierOutput } from '#shared/schemas/carriers.js';
import { recordId } from '#shared/schemas/people-fields.js';
import { notFound } from '../../errors.js';
import { permittedProcedure } from '../../trpc/procedures.js';
import { recordScope } from '../drivers/record-scope.js';
import { findCarrier } from './carriers.repository.js';

export const getCarrierProcedure = permittedProcedure('carriers', 'read')
  .input(recordId)
  .output(carrierOutput)
  .query(async ({ ctx, input }) => {
    const carrier = await findCarrier(ctx.db, recordScope(ctx.session, 'read'), input.id);
    if (!carrier) throw notFound('Carrier');
    return carrier;
  });
