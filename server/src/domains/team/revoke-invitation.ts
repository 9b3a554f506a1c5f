import { z } from 'zod';
import { invitationIdInput } from '#shared/schemas/team.js';
import { notFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { revokeInvitation } from '../invitations/invitations.repository.js';

/** The link stops working at once; the invitation leaves the pending list. */
export const revokeInvitationProcedure = permitted('team', 'write')
  .input(invitationIdInput)
  .output(z.object({ id: z.uuid() }))
  .mutation(async ({ ctx, input }) => {
    if (!(await revokeInvitation(ctx.db, ctx.session.company.id, input.id))) throw notFound('Invitation');
    return { id: input.id };
  });
