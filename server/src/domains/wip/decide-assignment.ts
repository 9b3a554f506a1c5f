import { wipAssignment, wipDecisionInput, type WipAssignment } from '#shared/schemas/wip.js';
import { AppError, notFound } from '../../errors.js';
import { permittedProcedure } from '../../trpc/procedures.js';
import { decidePending, findAssignment, statusOf } from './wip.repository.js';

type Decision = 'approved' | 'rejected';

/**
 * The spec's WIP transition: pending to approved or rejected, by an admin, recording the
 * time, the acting admin and the notes. Only pending requests can be decided; another
 * company's request answers exactly like one that does not exist.
 */
const decide = (status: Decision) =>
  permittedProcedure('wip', 'decide')
    .input(wipDecisionInput)
    .output(wipAssignment)
    .mutation(async ({ ctx, input }): Promise<WipAssignment> => {
      const companyId = ctx.session.company.id;
      const decided = await decidePending(ctx.db, {
        companyId,
        id: input.id,
        status,
        adminUserId: ctx.session.user.id,
        notes: input.notes,
      });
      if (!decided) {
        const current = await statusOf(ctx.db, companyId, input.id);
        if (!current) throw notFound('Assignment request');
        throw new AppError('CONFLICT', `This request was already ${current}. Only pending requests can be approved or rejected.`);
      }
      const assignment = await findAssignment(ctx.db, companyId, decided);
      if (!assignment) throw notFound('Assignment request');
      return assignment;
    });

export const approve = decide('approved');
export const reject = decide('rejected');
