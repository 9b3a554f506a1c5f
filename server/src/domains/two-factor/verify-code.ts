import { TWO_FACTOR_TEXT, verifyCodeInput, verifyCodeOutput } from '#shared/schemas/two-factor.js';
import { consumeCode } from '../../auth/two-factor.js';
import { AppError } from '../../errors.js';
import { hitRateLimit } from '../../services/rate-limit.js';
import { permitted } from '../../trpc/procedures.js';
import { endOtherSessions } from '../settings/sessions.repository.js';
import { turnOnTwoFactor } from './two-factor.repository.js';

/** Verification tries per user per 15 minutes, on top of the 5 tries each code allows. */
const TRIES_PER_WINDOW = 30;

/**
 * The right code turns two-factor authentication on with the method it was sent by (SMS codes go
 * from then on to the number it was sent to), and ends
 * the user's other sessions. A wrong, expired, used or dead code answers success false (the
 * spec's verify-2fa-code reads a success boolean): answering rather than throwing lets the
 * transaction commit, so the try is counted, here and in the rate limit.
 */
export const verifyCodeProcedure = permitted('self', 'twoFactor')
  .input(verifyCodeInput)
  .output(verifyCodeOutput)
  .mutation(async ({ ctx, input }) => {
    const userId = ctx.session.user.id;
    const allowed = await hitRateLimit(ctx.db, `two-factor-verify:user:${userId}`, TRIES_PER_WINDOW, 15 * 60);
    if (!allowed) throw new AppError('TOO_MANY_REQUESTS', 'Too many verification attempts. Please wait 15 minutes and try again.');
    const used = await consumeCode(ctx.db, userId, 'enable', input.code);
    if (!used) return { success: false as const, message: TWO_FACTOR_TEXT.invalidMessage };
    // The code went to this number: it is proven, and sign-in codes go to it (and to no other).
    await turnOnTwoFactor(ctx.db, userId, used.method, used.destination);
    await endOtherSessions(ctx.db, userId, ctx.sessionId);
    return { success: true as const, state: { enabled: true, method: used.method } };
  });
