import { assignLoadInput, loadDetail } from '#shared/schemas/loads.js';
import { updateRecord } from '../../db/records.js';
import { notFound, orNotFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { assertAssignable, withAssignments } from './load-assignment.js';
import { statusOnAssigning } from './load-status-rules.js';
import { findLoad, findWritableLoad } from './loads.repository.js';

/**
 * The board's driver picker: set, change or take off a load's driver. A pending load given a
 * driver becomes assigned in the same write (statusOnAssigning, as on create and edit), so the
 * audit trail and the load's history hold both. The driver must be one the user may assign
 * (another company's, or a sales user's not-their-own, answers like a missing one, naming driverId).
 */
export const assignLoadProcedure = permitted('loads', 'write')
  .input(assignLoadInput)
  .output(loadDetail)
  .mutation(async ({ ctx, input }) => {
    const current = orNotFound(await findWritableLoad(ctx.db, ctx.scope, input.id), 'Load');
    await assertAssignable(ctx.db, ctx.scope, { driverId: input.driverId }, current);
    const status = statusOnAssigning(current, input.driverId);
    const fields = { driverId: input.driverId, ...(status === current.status ? {} : { status }) };
    if (!(await withAssignments(() => updateRecord(ctx.db, ctx.scope, 'loads', input.id, fields)))) throw notFound('Load');
    return orNotFound(await findLoad(ctx.db, ctx.scope, input.id), 'Load');
  });
