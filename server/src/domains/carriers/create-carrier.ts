import { carrierOutput, createCarrierInput } from '#shared/schemas/carriers.js';
import { insertRecord } from '../../db/records.js';
import { orNotFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { salesAgentOfNew } from '../team/sales-agents.js';
import { findCarrier } from './carriers.repository.js';

/**
 * Adds a carrier to the user's company; a sales user's carrier is theirs (sales_agent_id), an
 * admin or dispatcher chooses its sales agent (one of the company's) or none.
 */
export const createCarrierProcedure = permitted('carriers', 'write')
  .input(createCarrierInput)
  .output(carrierOutput)
  .mutation(async ({ ctx, input }) => {
    const salesAgentId = await salesAgentOfNew(ctx.db, ctx.scope, 'carriers', 'salesAgentId', input.salesAgentId);
    const id = await insertRecord(ctx.db, 'carriers', { ...input, companyId: ctx.scope.companyId, salesAgentId });
    return orNotFound(await findCarrier(ctx.db, ctx.scope, id), 'Carrier');
  });
