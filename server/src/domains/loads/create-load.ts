import { createLoadInput, loadDetail } from '#shared/schemas/loads.js';
import { insertRecord } from '../../db/records.js';
import { orNotFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { salesAgentOfNew } from '../team/sales-agents.js';
import { assertAssignable, withAssignments } from './load-assignment.js';
import { findLoad } from './loads.repository.js';

/**
 * Create Load: a new load starts pending and records its creator; a sales user who creates
 * it becomes its sales_user_id, an admin or dispatcher chooses one (a sales agent of the company)
 * or none. Driver, broker and carrier must be ones the user may assign.
 */
export const createLoadProcedure = permitted('loads', 'write')
  .input(createLoadInput)
  .output(loadDetail)
  .mutation(async ({ ctx, input }) => {
    const { scope } = ctx;
    await assertAssignable(ctx.db, scope, input);
    const salesUserId = await salesAgentOfNew(ctx.db, scope, 'loads', 'salesUserId', input.salesUserId);
    const id = await withAssignments(() =>
      insertRecord(ctx.db, 'loads', {
        ...input,
        companyId: scope.companyId,
        createdBy: scope.userId,
        salesUserId,
        status: 'pending',
      }),
    );
    return orNotFound(await findLoad(ctx.db, scope, id), 'Load');
  });
