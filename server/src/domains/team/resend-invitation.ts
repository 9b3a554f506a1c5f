import { invitationIdInput, invitationSentOutput } from '#shared/schemas/team.js';
import { AppError, notFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { createInvitationToken } from '../invitations/invitation-token.js';
import { findPendingInvitation, renewInvitation, secondsUntilResend } from '../invitations/invitations.repository.js';
import { mailInvitation } from './invitation-mail.js';

/**
 * A new link for a pending invitation (the old one stops working) with a new 7-day expiry,
 * at most once a minute, mailed after commit. Another company's invitation answers like one
 * that does not exist.
 */
export const resendInvitationProcedure = permitted('team', 'write')
  .input(invitationIdInput)
  .output(invitationSentOutput)
  .mutation(async ({ ctx, input }) => {
    const companyId = ctx.session.company.id;
    const { token, tokenHash } = createInvitationToken();
    if (!(await renewInvitation(ctx.db, companyId, input.id, tokenHash))) {
      if (!(await findPendingInvitation(ctx.db, companyId, input.id))) throw notFound('Invitation');
      const seconds = Math.max(1, await secondsUntilResend(ctx.db, companyId, input.id));
      throw new AppError('TOO_MANY_REQUESTS', `This invitation was just sent. You can resend it in ${seconds} seconds.`);
    }
    const invitation = await findPendingInvitation(ctx.db, companyId, input.id);
    if (!invitation) throw notFound('Invitation');
    await mailInvitation(ctx, invitation, token);
    return { invitation };
  });
