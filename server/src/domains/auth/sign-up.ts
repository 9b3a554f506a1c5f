import { sessionOutput, signUpInput } from '#shared/schemas/auth.js';
import { signUp } from '../../auth/sign-up.js';
import { AppError } from '../../errors.js';
import { hitRateLimit } from '../../services/rate-limit.js';
import { guestProcedure } from '../../trpc/procedures.js';
import { startSignedInSession } from './start-signed-in-session.js';

const SIGN_UP_LIMIT = { limit: 10, windowSeconds: 3600 } as const;

/** The spec's sign-up: the account, its company and its admin role, then a session; per address at most 10 an hour. */
export const signUpProcedure = guestProcedure
  .input(signUpInput)
  .output(sessionOutput)
  .mutation(async ({ ctx, input }) => {
    const allowed = await hitRateLimit(ctx.db, `sign-up:ip:${ctx.request.ip}`, SIGN_UP_LIMIT.limit, SIGN_UP_LIMIT.windowSeconds);
    if (!allowed) throw new AppError('TOO_MANY_REQUESTS', 'Too many sign-ups from this network. Please try again later.');
    const isPlatformAdmin = ctx.services.config.PLATFORM_ADMIN_EMAILS.includes(input.email);
    const { userId } = await signUp(ctx.db, input, { isPlatformAdmin });
    return startSignedInSession(ctx, userId);
  });
