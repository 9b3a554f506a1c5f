import { z } from 'zod';
import { teamMembersOutput } from '#shared/schemas/team.js';
import { permittedProcedure } from '../../trpc/procedures.js';
import { listMembers } from './team.repository.js';

/** The team list: name, email, role, joined, status (Active). */
export const listMembersProcedure = permittedProcedure('team', 'read')
  .input(z.void())
  .output(teamMembersOutput)
  .query(({ ctx }) => listMembers(ctx.db, ctx.session.company.id, ctx.session.user.id));
