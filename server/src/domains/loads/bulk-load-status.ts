import { bulkLoadStatusInput, bulkLoadStatusOutput } from '#shared/schemas/loads.js';
import { permitted } from '../../trpc/procedures.js';
import { changeStatuses } from './loads.repository.js';

/**
 * Bulk status: the selected loads (at most BULK_LOADS_MAX) the user may change take the status,
 * in one statement of the call's transaction (the audit trigger records each). Answers the ones
 * changed; a missing load, another company's, a sales user's not-their-own, or one that already
 * has the status is left out, all alike.
 */
export const bulkLoadStatusProcedure = permitted('loads', 'write')
  .input(bulkLoadStatusInput)
  .output(bulkLoadStatusOutput)
  .mutation(async ({ ctx, input }) => ({ changed: await changeStatuses(ctx.db, ctx.scope, input.ids, input.status) }));
