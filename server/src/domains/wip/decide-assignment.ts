import { wipAssignment, wipDecisionInput } from '#shared/schemas/wip.js';
import { AppError, orNotFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { decidePending, findAssignment } from './wip.repository.js';

/**
 * The spec's WIP transition: pending to approved or rejected, by an admin, recording the
 * time, the acting admin and the notes. Only pending requests can be decided; another
 * company's request answers exactly like one that does not exist.
 */
const decideAssignmentProcedure = (status: 'approved' | 'rejected') =>
  permitted('wip', 'decide')
    .input(wipDecisionInput)
    .output(wipAssignment)
    .mutation(async ({ ctx, input }) => {
      const decided = await decidePending(ctx.db, ctx.scope, { id: input.id, status, notes: input.notes });
      const assignment = orNotFound(await findAssignment(ctx.db, ctx.scope, input.id), 'Assignment request');
      if (!decided) {
        throw new AppError('CONFLICT', `This request was already ${assignment.status}. Only pending requests can be approved or rejected.`);
      }
      return assignment;
    });

export const approveAssignmentProcedure = decideAssignmentProcedure('approved');
export const rejectAssignmentProcedure = decideAssignmentProcedure('rejected');
