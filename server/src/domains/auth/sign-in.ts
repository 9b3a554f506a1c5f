import { signInInput, signInOutput } from '#shared/schemas/auth.js';
import { signIn } from '../../auth/sign-in.js';
import { startTwoFactorSignIn } from '../../auth/two-factor-sign-in.js';
import { permitted } from '../../trpc/procedures.js';
import { startSignedInSession } from './start-signed-in-session.js';

/** With two-factor authentication on, no session yet: a code goes out and the answer carries the challenge. */
export const signInProcedure = permitted({ public: 'the password (then a code, with two-factor authentication on)' })
  .input(signInInput)
  .output(signInOutput)
  .mutation(async ({ ctx, input }) => {
    const { userId, twoFactor } = await signIn(ctx.db, ctx.services.config, input, ctx.request);
    if (twoFactor) return startTwoFactorSignIn(ctx.db, ctx.services.mailer, twoFactor);
    return { status: 'signed_in' as const, ...(await startSignedInSession(ctx, userId)) };
  });
