import { wipAssignment, wipRequestInput } from '#shared/schemas/wip.js';
import { insertRecord } from '../../db/records.js';
import { AppError, orNotFound } from '../../errors.js';
import { permittedProcedure } from '../../trpc/procedures.js';
import { findAssignment } from './wip.repository.js';

/**
 * Non-admin staff ask for an assignment; admins decide. A master admin passes every role
 * guard, but is an admin of their own company, so they decide rather than request.
 */
export const requestAssignmentProcedure = permittedProcedure('wip', 'request')
  .use(({ ctx, next }) => {
    if (ctx.session.isMasterAdmin) throw new AppError('FORBIDDEN', 'You do not have permission to do this');
    return next();
  })
  .input(wipRequestInput)
  .output(wipAssignment)
  .mutation(async ({ ctx, input }) => {
    const id = await insertRecord(ctx.db, 'wipAssignments', {
      companyId: ctx.scope.companyId,
      userId: ctx.scope.userId,
      notes: input.notes,
    });
    return orNotFound(await findAssignment(ctx.db, ctx.scope, id), 'Assignment request');
  });
