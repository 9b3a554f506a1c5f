import { createLoadInput, loadDetail } from '#shared/schemas/loads.js';
import { permittedProcedure } from '../../trpc/procedures.js';
import { assertAssignable, assignmentRaceError } from './load-assignment.js';
import { insertLoad, viewerOf } from './loads.repository.js';

/**
 * Create Load: a new load starts pending and records its creator; a sales user who creates
 * it becomes its sales_user_id. Driver, broker and carrier must be the company's own.
 */
export const createLoadProcedure = permittedProcedure('loads', 'write')
  .input(createLoadInput)
  .output(loadDetail)
  .mutation(async ({ ctx, input }) => {
    const viewer = viewerOf(ctx.session);
    await assertAssignable(ctx.db, viewer, input);
    try {
      return await insertLoad(ctx.db, {
        ...input,
        companyId: viewer.companyId,
        createdBy: viewer.userId,
        salesUserId: ctx.session.role === 'sales' ? viewer.userId : null,
      });
    } catch (error) {
      throw assignmentRaceError(error) ?? error;
    }
  });
