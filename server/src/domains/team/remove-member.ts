import { memberChangedOutput, memberInput, TEAM_TEXTS } from '#shared/schemas/team.js';
import { AppError, notFound } from '../../errors.js';
import { permittedProcedure } from '../../trpc/procedures.js';
import { endSessions, lastAdmin, lockRoles, removeMembership } from './team.repository.js';

/**
 * Takes a member off the team and ends their sessions at once. Their account stays (so loads
 * keep who created them, and they may be invited again). Admins cannot remove themselves,
 * and the company's last admin cannot be removed.
 */
export const removeMemberProcedure = permittedProcedure('team', 'write')
  .input(memberInput)
  .output(memberChangedOutput)
  .mutation(async ({ ctx, input }) => {
    const companyId = ctx.session.company.id;
    const { adminIds, memberRole } = await lockRoles(ctx.db, companyId, input.userId);
    if (!memberRole) throw notFound('Team member');
    if (input.userId === ctx.session.user.id) throw new AppError('PRECONDITION_FAILED', TEAM_TEXTS.removeSelf);
    if (memberRole === 'admin' && adminIds.length <= 1) throw lastAdmin();
    // Sessions first: row-level security lets the company end only its members' sessions.
    const sessionsEnded = await endSessions(ctx.db, input.userId);
    await removeMembership(ctx.db, companyId, input.userId);
    return { userId: input.userId, sessionsEnded };
  });
