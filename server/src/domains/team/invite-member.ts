import { invitationSentOutput, TEAM_TEXTS, teamInviteInput } from '#shared/schemas/team.js';
import { mapPgErrors } from '../../db/pg-errors.js';
import { AppError } from '../../errors.js';
import { hitRateLimit } from '../../services/rate-limit.js';
import { permitted } from '../../trpc/procedures.js';
import { createInvitationToken } from '../invitations/invitation-token.js';
import {
  closeExpiredInvitationTo,
  findOpenInvitationTo,
  findPendingInvitation,
  insertInvitation,
} from '../invitations/invitations.repository.js';
import { mailInvitation } from './invitation-mail.js';
import { isMemberEmail } from './team.repository.js';

/** Invitations a company may send per hour: enough for onboarding a team, too few to spam with. */
const INVITE_LIMIT = { limit: 50, windowSeconds: 3600 } as const;

const alreadyInvited = () => new AppError('CONFLICT', TEAM_TEXTS.alreadyInvited, { field: 'email' });

/**
 * The spec's invite-team-member: stores the invitation (its token only as a hash) and queues the
 * email with the single-use accept link, valid for 7 days, in the same transaction. An address
 * already on the team, or already invited and not yet expired, is refused beside the email field.
 * An address whose account belongs to another company is invited all the same (we do not tell
 * one company about another's users); accepting then explains that an account belongs to one
 * company. Only invitations that are sent count towards the hourly limit.
 */
export const inviteMemberProcedure = permitted('team', 'write')
  .input(teamInviteInput)
  .output(invitationSentOutput)
  .mutation(async ({ ctx, input }) => {
    const companyId = ctx.session.company.id;
    const allowed = await hitRateLimit(ctx.db, `team-invite:company:${companyId}`, INVITE_LIMIT.limit, INVITE_LIMIT.windowSeconds);
    if (!allowed) throw new AppError('TOO_MANY_REQUESTS', 'Too many invitations sent in the last hour. Please try again later.');
    if (await isMemberEmail(ctx.db, companyId, input.email)) throw new AppError('CONFLICT', TEAM_TEXTS.alreadyMember, { field: 'email' });
    await closeExpiredInvitationTo(ctx.db, companyId, input.email);
    if (await findOpenInvitationTo(ctx.db, companyId, input.email)) throw alreadyInvited();

    const { token, tokenHash } = createInvitationToken();
    // Another admin invited the same address a moment ago.
    const id = await mapPgErrors(() => insertInvitation(ctx.db, { companyId, ...input, tokenHash, invitedBy: ctx.session.user.id }), {
      unique: alreadyInvited(),
    });
    const invitation = await findPendingInvitation(ctx.db, companyId, id);
    if (!invitation) throw new Error('the new invitation could not be read back');
    await mailInvitation(ctx, invitation, token);
    return { invitation };
  });
