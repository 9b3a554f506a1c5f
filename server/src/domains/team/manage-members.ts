import { changeRoleInput, memberChangedOutput, memberInput, TEAM_TEXTS } from '#shared/schemas/team.js';
import { AppError, notFound } from '../../errors.js';
import { permittedProcedure } from '../../trpc/procedures.js';
import { endSessions, lockRoles, removeMembership, setRole } from './team.repository.js';

const lastAdmin = () => new AppError('PRECONDITION_FAILED', TEAM_TEXTS.lastAdmin);

/**
 * A new role for a member of the company. It takes effect at once: the member's sessions end
 * (they sign in again with the new role). The company's last admin cannot be demoted.
 */
export const changeRole = permittedProcedure('team', 'write')
  .input(changeRoleInput)
  .output(memberChangedOutput)
  .mutation(async ({ ctx, input }) => {
    const companyId = ctx.session.company.id;
    const { adminIds, memberRole } = await lockRoles(ctx.db, companyId, input.userId);
    if (!memberRole) throw notFound('Team member');
    if (memberRole === input.role) return { userId: input.userId, sessionsEnded: 0 };
    if (memberRole === 'admin' && adminIds.length <= 1) throw lastAdmin();
    await setRole(ctx.db, companyId, input.userId, input.role);
    return { userId: input.userId, sessionsEnded: await endSessions(ctx.db, input.userId) };
  });

/**
 * Takes a member off the team and ends their sessions at once. Their account stays (so loads
 * keep who created them, and they may be invited again). Admins cannot remove themselves,
 * and the company's last admin cannot be removed.
 */
export const removeMember = permittedProcedure('team', 'write')
  .input(memberInput)
  .output(memberChangedOutput)
  .mutation(async ({ ctx, input }) => {
    const companyId = ctx.session.company.id;
    const { adminIds, memberRole } = await lockRoles(ctx.db, companyId, input.userId);
    if (!memberRole) throw notFound('Team member');
    if (input.userId === ctx.session.user.id) throw new AppError('PRECONDITION_FAILED', TEAM_TEXTS.removeSelf);
    if (memberRole === 'admin' && adminIds.length <= 1) throw lastAdmin();
    await removeMembership(ctx.db, companyId, input.userId);
    return { userId: input.userId, sessionsEnded: await endSessions(ctx.db, input.userId) };
  });
