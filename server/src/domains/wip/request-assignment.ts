import { wipAssignment, wipRequestInput } from '#shared/schemas/wip.js';
import { AppError } from '../../errors.js';
import { permittedProcedure } from '../../trpc/procedures.js';
import { findAssignment, insertRequest } from './wip.repository.js';

/**
 * Non-admin staff ask for an assignment; admins decide. A master admin passes every role
 * guard, but is an admin of their own company, so they decide rather than request.
 */
export const request = permittedProcedure('wip', 'request')
  .use(({ ctx, next }) => {
    if (ctx.session.isMasterAdmin) throw new AppError('FORBIDDEN', 'You do not have permission to do this');
    return next();
  })
  .input(wipRequestInput)
  .output(wipAssignment)
  .mutation(async ({ ctx, input }) => {
    const companyId = ctx.session.company.id;
    const id = await insertRequest(ctx.db, { companyId, userId: ctx.session.user.id, notes: input.notes });
    const created = await findAssignment(ctx.db, companyId, id);
    if (!created) throw new Error('the new assignment request could not be read back');
    return created;
  });
