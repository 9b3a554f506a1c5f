import { invitationPreviewOutput, invitationTokenInput, TEAM_TEXTS } from '#shared/schemas/team.js';
import { AppError } from '../../errors.js';
import { publicProcedure } from '../../trpc/procedures.js';
import { withInvitationToken } from './invitation-scope.js';
import { hashInvitationToken } from './invitation-token.js';
import { findUsableInvitation } from './invitations.repository.js';

/** Expired, revoked, used and unknown tokens all answer alike: nothing tells them apart. */
export const invalidInvitation = () => new AppError('NOT_FOUND', TEAM_TEXTS.invalidInvitation, { field: 'token' });

/**
 * The accept page: who invites whom, to which company and role, and whether the invited email
 * already has an account (then the invitee signs in with it instead of choosing a password).
 */
export const preview = publicProcedure
  .input(invitationTokenInput)
  .output(invitationPreviewOutput)
  .query(async ({ ctx, input }) => {
    const tokenHash = hashInvitationToken(input.token);
    return withInvitationToken(ctx.services.db, tokenHash, async (tx) => {
      const invitation = await findUsableInvitation(tx, tokenHash);
      if (!invitation) throw invalidInvitation();
      const account = await tx.selectFrom('users').select('id').where('email', '=', invitation.email).executeTakeFirst();
      return {
        companyName: invitation.companyName,
        email: invitation.email,
        firstName: invitation.firstName,
        lastName: invitation.lastName,
        role: invitation.role,
        expiresAt: invitation.expiresAt.toISOString(),
        hasAccount: account !== undefined,
      };
    });
  });
