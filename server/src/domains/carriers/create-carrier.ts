import { carrierOutput, createCarrierInput } from '#shared/schemas/carriers.js';
import { permittedProcedure } from '../../trpc/procedures.js';
import { recordScope } from '../drivers/record-scope.js';
import { findCarrier, insertCarrier } from './carriers.repository.js';

/** Adds a carrier to the user's company; a sales user's carrier is theirs (sales_agent_id). */
export const createCarrierProcedure = permittedProcedure('carriers', 'write')
  .input(createCarrierInput)
  .output(carrierOutput)
  .mutation(async ({ ctx, input }) => {
    const scope = recordScope(ctx.session, 'write');
    const id = await insertCarrier(ctx.db, { ...input, companyId: ctx.session.company.id, salesAgentId: scope.ownerId });
    const carrier = await findCarrier(ctx.db, scope, id);
    if (!carrier) throw new Error('a new carrier could not be read back');
    return carrier;
  });
