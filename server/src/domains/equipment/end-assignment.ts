import { endAssignmentInput, truckAssignmentOutput } from '#shared/schemas/equipment.js';
import { AppError, notFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { withTruckRules } from './equipment-errors.js';
import { findAssignment, truckAssignments } from './equipment.repository.js';

/** Ends a driver's time in a truck (now, or at endsAt); it must end after it started, and only once. */
export const endAssignmentProcedure = permitted('trucks', 'write')
  .input(endAssignmentInput)
  .output(truckAssignmentOutput)
  .mutation(async ({ ctx, input }) => {
    const assignment = await findAssignment(ctx.db, ctx.scope, input.id);
    if (!assignment || assignment.truckId === undefined) throw notFound('Assignment');
    if (assignment.endsAt !== null) throw new AppError('CONFLICT', 'This assignment has already ended', { field: 'id' });
    const endsAt = input.endsAt ? new Date(input.endsAt) : new Date();
    if (endsAt.getTime() <= assignment.startsAt.getTime()) {
      throw new AppError('BAD_REQUEST', 'End must be after the start', { field: 'endsAt' });
    }
    await withTruckRules(undefined, () =>
      ctx.db
        .updateTable('truckAssignments')
        .set({ endsAt })
        .where('companyId', '=', ctx.scope.companyId)
        .where('id', '=', input.id)
        .execute(),
    );
    const ended = (await truckAssignments(ctx.db, ctx.scope, assignment.truckId)).find((row) => row.id === input.id);
    if (!ended) throw notFound('Assignment');
    return ended;
  });
