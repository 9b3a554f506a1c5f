import { z } from 'zod';
import { pendingInvitationsOutput } from '#shared/schemas/team.js';
import { permittedProcedure } from '../../trpc/procedures.js';
import { listPendingInvitations } from '../invitations/invitations.repository.js';

/** Invitations not yet accepted or revoked (expired ones too, flagged, to resend). */
export const listInvitationsProcedure = permittedProcedure('team', 'read')
  .input(z.void())
  .output(pendingInvitationsOutput)
  .query(({ ctx }) => listPendingInvitations(ctx.db, ctx.session.company.id));
