import { pageOnlyInput } from '#shared/schemas/pagination.js';
import { wipListOutput } from '#shared/schemas/wip.js';
import { permitted } from '../../trpc/procedures.js';
import { listAssignments } from './wip.repository.js';

/**
 * The WIP assignments panel: admins (and master admins, in their own company) review every
 * request of the company; other staff see their own (server/src/db/scope.ts). Newest requested first.
 */
export const listAssignmentsProcedure = permitted('wip', 'read')
  .input(pageOnlyInput)
  .output(wipListOutput)
  .query(({ ctx, input }) => listAssignments(ctx.db, ctx.scope, input));
