import { pageOnlyInput } from '#shared/schemas/pagination.js';
import { pendingInvitationsOutput } from '#shared/schemas/team.js';
import { permitted } from '../../trpc/procedures.js';
import { listPendingInvitations } from '../invitations/invitations.repository.js';

/** Invitations not yet accepted or revoked (expired ones too, flagged, to resend), newest first, a page at a time. */
export const listInvitationsProcedure = permitted('team', 'read')
  .input(pageOnlyInput)
  .output(pendingInvitationsOutput)
  .query(({ ctx, input }) => listPendingInvitations(ctx.db, ctx.session.company.id, input));
