import { loadHistoryOutput, loadIdInput } from '#shared/schemas/loads.js';
import { orNotFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { loadHistory } from './load-history.js';
import { findLoad } from './loads.repository.js';

/**
 * A load's status timeline: every status and assignment change, who made it and when, from the
 * audit trail (load-history.ts), oldest first, at most the newest 200. Whoever may read the load
 * may read its history: another company's load, or one a sales user does not own, answers like a
 * missing one.
 */
export const getLoadHistoryProcedure = permitted('loads', 'read', { readOnly: true })
  .input(loadIdInput)
  .output(loadHistoryOutput)
  .query(async ({ ctx, input }) => {
    const load = orNotFound(await findLoad(ctx.db, ctx.scope, input.id), 'Load');
    return loadHistory(ctx.db, ctx.scope, load);
  });
