import { PASSWORD_RESET_TEXTS, resetPasswordInput, resetPasswordOutput } from '#shared/schemas/auth.js';
import { setPasswordFromMailbox } from '../../auth/new-password.js';
import { commitThenFail } from '../../db/transactions.js';
import { AppError } from '../../errors.js';
import { hitRateLimit } from '../../services/rate-limit.js';
import { permitted } from '../../trpc/procedures.js';
import { endResetLinks, sendPasswordChangedNote, useResetToken } from './password-reset.js';

/** Reset links tried per client address per 15 minutes (a token is 256 bits: this only stops floods). */
const TRIES_PER_IP = { limit: 30, windowSeconds: 15 * 60 } as const;

/**
 * A mailed reset link, used once, sets the account's password. Every session of the account ends
 * (their sockets close), with any sign-in waiting for its code, and its other reset links. No
 * session starts: the person signs in with the new password next, so two-factor authentication
 * still asks for its code. The address gets a note that its password was changed.
 */
export const resetPasswordProcedure = permitted({ public: 'a mailed reset token' })
  .input(resetPasswordInput)
  .output(resetPasswordOutput)
  .mutation(async ({ ctx, input }) => {
    const allowed = await hitRateLimit(ctx.db, `password-reset-use:ip:${ctx.request.ip}`, TRIES_PER_IP.limit, TRIES_PER_IP.windowSeconds);
    if (!allowed) throw new AppError('TOO_MANY_REQUESTS', PASSWORD_RESET_TEXTS.tooMany);
    const account = await useResetToken(ctx.db, input.token);
    // A wrong link's try is counted (committed) before it is answered.
    if (!account) throw commitThenFail(new AppError('BAD_REQUEST', PASSWORD_RESET_TEXTS.invalid, { field: 'token' }));
    await setPasswordFromMailbox(ctx.db, ctx.services.config, account.userId, input.password);
    await endResetLinks(ctx.db, account.userId);
    await sendPasswordChangedNote(ctx.db, ctx.services, account.email);
    return { status: 'password_changed' as const };
  });
