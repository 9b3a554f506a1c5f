import { sessionOutput } from '#shared/schemas/auth.js';
import { VERIFICATION_TEXTS, verifyEmailInput } from '#shared/schemas/verification.js';
import { luciaOn } from '../../auth/lucia.js';
import { ensureMayEnter, readTwoFactorAccount } from '../../auth/sign-in.js';
import { AppError } from '../../errors.js';
import { guestProcedure } from '../../trpc/procedures.js';
import { useVerificationToken } from './email-verification.js';
import { startSignedInSession } from './start-signed-in-session.js';

/**
 * Opens a mailed verification link: the address is proven (once; the link is used up), and a
 * listed PLATFORM_ADMIN_EMAILS address becomes a master admin. The browser that opened it is then
 * signed in as that account, as the spec's sign-up redirects to the dashboard, unless the account
 * has two-factor authentication on (then it signs in with its password and code): null. Every
 * session the account had before (signed in unverified, perhaps by someone else) ends.
 */
export const verifyEmailProcedure = guestProcedure
  .input(verifyEmailInput)
  .output(sessionOutput.nullable())
  .mutation(async ({ ctx, input }) => {
    const userId = await useVerificationToken(ctx.db, ctx.services.config, input.token);
    if (!userId) throw new AppError('BAD_REQUEST', VERIFICATION_TEXTS.invalid, { field: 'token' });
    await ensureMayEnter(ctx.db, userId);
    // Whoever signed in before the address was proven (it may not have been its owner) is signed out.
    await luciaOn(ctx.db, ctx.services.config).invalidateUserSessions(userId);
    if ((await readTwoFactorAccount(ctx.db, userId))?.enabled) return null;
    return startSignedInSession(ctx, userId);
  });
