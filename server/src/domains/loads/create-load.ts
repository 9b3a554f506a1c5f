import { createLoadInput, loadDetail } from '#shared/schemas/loads.js';
import { insertRecord } from '../../db/records.js';
import { ownerOfNew } from '../../db/scope.js';
import { orNotFound } from '../../errors.js';
import { permittedProcedure } from '../../trpc/procedures.js';
import { assertAssignable, withAssignments } from './load-assignment.js';
import { findLoad } from './loads.repository.js';

/**
 * Create Load: a new load starts pending and records its creator; a sales user who creates
 * it becomes its sales_user_id. Driver, broker and carrier must be ones the user may assign.
 */
export const createLoadProcedure = permittedProcedure('loads', 'write')
  .input(createLoadInput)
  .output(loadDetail)
  .mutation(async ({ ctx, input }) => {
    const { scope } = ctx;
    await assertAssignable(ctx.db, scope, input);
    const id = await withAssignments(() =>
      insertRecord(ctx.db, 'loads', {
        ...input,
        companyId: scope.companyId,
        createdBy: scope.userId,
        salesUserId: ownerOfNew(scope, 'loads'),
        status: 'pending',
      }),
    );
    return orNotFound(await findLoad(ctx.db, scope, id), 'Load');
  });
