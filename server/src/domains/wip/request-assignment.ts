import { wipAssignment, wipRequestInput } from '#shared/schemas/wip.js';
import { insertRecord } from '../../db/records.js';
import { orNotFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { findAssignment } from './wip.repository.js';

/**
 * Non-admin staff ask for an assignment; admins decide. A master admin is an admin of their own
 * company, so they decide rather than request: the table says so (MASTER_ADMIN_NEVER).
 */
export const requestAssignmentProcedure = permitted('wip', 'request')
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
