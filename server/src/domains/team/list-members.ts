import { pageOnlyInput } from '#shared/schemas/pagination.js';
import { teamMembersOutput } from '#shared/schemas/team.js';
import { permitted } from '../../trpc/procedures.js';
import { listMembers } from './team.repository.js';

/** The team list: name, email, role, joined, status (Active); newest member first, a page at a time. */
export const listMembersProcedure = permitted('team', 'read')
  .input(pageOnlyInput)
  .output(teamMembersOutput)
  .query(({ ctx, input }) => listMembers(ctx.db, ctx.session.company.id, ctx.session.user.id, input));
