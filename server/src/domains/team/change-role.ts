import { changeRoleInput, memberChangedOutput } from '#shared/schemas/team.js';
import { notFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { endSessions, lastAdmin, lockRoles, setRole } from './team.repository.js';

/**
 * A new role for a member of the company. It takes effect at once: the member's sessions end
 * (they sign in again with the new role). The company's last admin cannot be demoted.
 */
export const changeRoleProcedure = permitted('team', 'write')
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
