import { changePasswordInput, changePasswordOutput } from '#shared/schemas/settings.js';
import { ownPasswordHash } from '../../auth/credentials.js';
import { hashPassword, verifyPassword } from '../../auth/password.js';
import { endPendingSignIns, expireCodes } from '../../auth/two-factor.js';
import { commitThenFail } from '../../db/transactions.js';
import { AppError } from '../../errors.js';
import { hitRateLimit } from '../../services/rate-limit.js';
import { permitted } from '../../trpc/procedures.js';
import { endOtherSessions } from './sessions.repository.js';

/** Rate of current-password checks per account, so a stolen session cannot guess the password. */
const CHECKS_PER_HOUR = 10;

/**
 * Changes one's password after proving the current one, and ends every other session of the
 * account (and any sign-in waiting for its code): this device stays signed in. A wrong current
 * password commits its count before it is answered, so guesses stay limited.
 */
export const changePasswordProcedure = permitted('self', 'password')
  .input(changePasswordInput)
  .output(changePasswordOutput)
  .mutation(async ({ ctx, input }) => {
    const userId = ctx.session.user.id;
    const allowed = await hitRateLimit(ctx.db, `change-password:user:${userId}`, CHECKS_PER_HOUR, 3600);
    if (!allowed) throw new AppError('TOO_MANY_REQUESTS', 'Too many password attempts. Please try again in an hour.');
    // The user's own hash, through the database's owner-rights function (no table-wide read).
    const currentHash = await ownPasswordHash(ctx.db, userId);
    if (!currentHash || !(await verifyPassword(currentHash, input.currentPassword))) {
      throw commitThenFail(new AppError('BAD_REQUEST', 'Current password is incorrect', { field: 'currentPassword' }));
    }
    const passwordHash = await hashPassword(input.newPassword);
    await ctx.db.updateTable('users').set({ passwordHash, passwordChangedAt: new Date() }).where('id', '=', userId).execute();
    const endedSessions = await endOtherSessions(ctx.db, userId, ctx.sessionId);
    await endPendingSignIns(ctx.db, userId);
    await expireCodes(ctx.db, userId);
    return { success: true as const, endedSessions };
  });
