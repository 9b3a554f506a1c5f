import { memberChangedOutput, memberInput, TEAM_TEXTS } from '#shared/schemas/team.js';
import { AppError, notFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { endSessions, isAccountWithoutRole, lastAdmin, lockRoles, removeMembership } from './team.repository.js';

/**
 * Takes a member off the team and ends their sessions at once. Their account stays (so loads
 * keep who created them, and they may be invited again). Admins cannot remove themselves,
 * and the company's last admin cannot be removed. A driver's or carrier user's account (no
 * staff role, issue 24 item 3) is removed the same way: its driver record is no longer theirs,
 * its carrier link goes, and its sessions and open sockets end at once.
 */
export const removeMemberProcedure = permitted('team', 'write')
  .input(memberInput)
  .output(memberChangedOutput)
  .mutation(async ({ ctx, input }) => {
    const companyId = ctx.session.company.id;
    const { adminIds, memberRole } = await lockRoles(ctx.db, companyId, input.userId);
    if (!memberRole && !(await isAccountWithoutRole(ctx.db, companyId, input.userId))) throw notFound('Team member');
    if (input.userId === ctx.session.user.id) throw new AppError('PRECONDITION_FAILED', TEAM_TEXTS.removeSelf);
    if (memberRole === 'admin' && adminIds.length <= 1) throw lastAdmin();
    // Sessions first: row-level security lets the company end only its members' sessions.
    const sessionsEnded = await endSessions(ctx.db, input.userId);
    await removeMembership(ctx.db, companyId, input.userId);
    return { userId: input.userId, sessionsEnded };
  });
