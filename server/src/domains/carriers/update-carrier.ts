import { carrierOutput, updateCarrierInput } from '#shared/schemas/carriers.js';
import { isWritable, updateRecord } from '../../db/records.js';
import { notFound, orNotFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { salesAgentOfEdit } from '../team/sales-agents.js';
import { findCarrier } from './carriers.repository.js';

/**
 * Edits a carrier the user may change (sales: their own); any other id answers like a missing
 * one. An admin or dispatcher may change its sales agent; a sales user's edit leaves it as it is.
 */
export const updateCarrierProcedure = permitted('carriers', 'write')
  .input(updateCarrierInput)
  .output(carrierOutput)
  .mutation(async ({ ctx, input }) => {
    const { id, salesAgentId: chosen, ...rest } = input;
    // The carrier first: naming someone else's carrier says "Carrier not found" whatever the agent.
    if (!(await isWritable(ctx.db, ctx.scope, 'carriers', id))) throw notFound('Carrier');
    const current = chosen === undefined ? null : ((await findCarrier(ctx.db, ctx.scope, id))?.salesAgentId ?? null);
    const salesAgentId = await salesAgentOfEdit(ctx.db, ctx.scope, 'carriers', 'salesAgentId', chosen, current);
    const values = salesAgentId === undefined ? rest : { ...rest, salesAgentId };
    if (!(await updateRecord(ctx.db, ctx.scope, 'carriers', id, values))) throw notFound('Carrier');
    return orNotFound(await findCarrier(ctx.db, ctx.scope, id), 'Carrier');
  });
