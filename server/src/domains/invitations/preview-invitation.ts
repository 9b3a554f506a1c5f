import { accountInvitationPreviewOutput } from '#shared/schemas/invitations.js';
import { invitationTokenInput, TEAM_TEXTS } from '#shared/schemas/team.js';
import { AppError } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { enterInvitationScope } from './invitation-scope.js';
import { hashInvitationToken } from './invitation-token.js';
import { findUsableInvitation } from './invitations.repository.js';

/** Expired, revoked, used and unknown tokens all answer alike: nothing tells them apart. */
export const invalidInvitation = () => new AppError('NOT_FOUND', TEAM_TEXTS.invalidInvitation, { field: 'token' });

/**
 * The accept page: who invites whom, to which company and role, and whether the invited email
 * already has a verified account (then the invitee signs in with it instead of choosing a password).
 */
export const previewInvitationProcedure = permitted({ public: "an invitation's mailed token" })
  .input(invitationTokenInput)
  .output(accountInvitationPreviewOutput)
  .query(async ({ ctx, input }) => {
    const tokenHash = hashInvitationToken(input.token);
    await enterInvitationScope(ctx.db, tokenHash);
    const invitation = await findUsableInvitation(ctx.db, tokenHash);
    if (!invitation) throw invalidInvitation();
    // An account nobody proved the address of is replaced on accepting: the invitee chooses a password.
    const account = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', invitation.email)
      .where('emailVerifiedAt', 'is not', null)
      .executeTakeFirst();
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
