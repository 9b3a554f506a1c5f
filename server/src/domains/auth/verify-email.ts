import { sessionOutput } from '#shared/schemas/auth.js';
import { VERIFICATION_TEXTS, verifyEmailInput } from '#shared/schemas/verification.js';
import { setPasswordFromMailbox } from '../../auth/new-password.js';
import { ensureMayEnter, readTwoFactorAccount } from '../../auth/sign-in.js';
import { AppError } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { markEmailVerified, useVerificationToken } from './email-verification.js';
import { startSignedInSession } from './start-signed-in-session.js';

/**
 * A mailed verification link, opened, with the password its opener sets. The link alone never
 * verifies: the account's sign-up password may have been chosen by someone else who typed the
 * address (a later sign-up replaces an earlier unverified one, so the link in the mailbox may be a
 * stranger's). Whoever proves the address sets the password, so only they can sign in with it.
 * In one transaction: the link is used up, the password becomes the one given, every session and
 * waiting sign-in of the account ends, the address is marked verified and a listed
 * PLATFORM_ADMIN_EMAILS address becomes a master admin. The browser is then signed in, unless the
 * account has two-factor authentication on (it signs in with its password and code): null.
 */
export const verifyEmailProcedure = permitted({ public: 'a mailed verification token' })
  .input(verifyEmailInput)
  .output(sessionOutput.nullable())
  .mutation(async ({ ctx, input }) => {
    const userId = await useVerificationToken(ctx.db, input.token);
    if (!userId) throw new AppError('BAD_REQUEST', VERIFICATION_TEXTS.invalid, { field: 'token' });
    await ensureMayEnter(ctx.db, userId);
    await setPasswordFromMailbox(ctx.db, ctx.services.config, userId, input.password);
    await markEmailVerified(ctx.db, ctx.services.config, userId);
    if ((await readTwoFactorAccount(ctx.db, userId))?.enabled) return null;
    return startSignedInSession(ctx, userId);
  });
