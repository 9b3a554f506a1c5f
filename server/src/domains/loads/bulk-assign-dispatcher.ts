import { bulkAssignDispatcherInput, bulkAssignDispatcherOutput } from '#shared/schemas/loads.js';
import { permitted } from '../../trpc/procedures.js';
import { assertDispatcher } from './load-dispatcher.js';
import { changeDispatchers } from './loads.repository.js';

/**
 * Bulk "Assign dispatcher" (issue 26, item 2): the selected loads (at most BULK_LOADS_MAX) the user
 * may change get the dispatcher (null: none), in one statement of the call's transaction (the audit
 * trigger records each load's change, as for bulk status). A dispatcher who is not a member of the
 * company able to dispatch (another company's user included, alike) is refused naming dispatcherId,
 * and nothing changes. Answers the loads changed; a missing load, another company's, a sales user's
 * not-their-own, or one that already has the dispatcher is left out, all alike.
 */
export const bulkAssignDispatcherProcedure = permitted('loads', 'write')
  .input(bulkAssignDispatcherInput)
  .output(bulkAssignDispatcherOutput)
  .mutation(async ({ ctx, input }) => {
    if (input.dispatcherId !== null) await assertDispatcher(ctx.db, ctx.scope.companyId, 'dispatcherId', input.dispatcherId);
    return { changed: await changeDispatchers(ctx.db, ctx.scope, input.ids, input.dispatcherId) };
  });
