import { z } from 'zod';
import { sessionOutput, signInInput, signInOutput, signOutInput, signUpInput } from '#shared/schemas/auth.js';
import { codeSentOutput, resendSignInCodeInput, verifySignInInput } from '#shared/schemas/two-factor.js';
import { AppError } from '../errors.js';
import { sessionFingerprint } from '../trpc/context.js';
import { authedProcedure, publicProcedure, router } from '../trpc/procedures.js';
import { readIdentity } from './session-context.js';
import { ensureMayEnter, readTwoFactorAccount, signIn, startSession } from './sign-in.js';
import { resendTwoFactorSignInCode, startTwoFactorSignIn, verifyTwoFactorSignIn } from './two-factor-sign-in.js';
import { signUp } from './sign-up.js';

const SIGN_UP_LIMIT = { limit: 10, windowSeconds: 3600 } as const;

export const authRouter = router({
  session: publicProcedure.output(sessionOutput.nullable()).query(({ ctx }) => ctx.session),

  signUp: publicProcedure
    .input(signUpInput)
    .output(sessionOutput)
    .mutation(async ({ ctx, input }) => {
      const allowed = await ctx.services.rateLimiter.hit(`sign-up:ip:${ctx.request.ip}`, SIGN_UP_LIMIT.limit, SIGN_UP_LIMIT.windowSeconds);
      if (!allowed) throw new AppError('TOO_MANY_REQUESTS', 'Too many sign-ups from this network. Please try again later.');
      const isPlatformAdmin = ctx.services.config.PLATFORM_ADMIN_EMAILS.includes(input.email);
      const { userId } = await signUp(ctx.services.db, input, { isPlatformAdmin });
      return startSignedInSession(ctx, userId);
    }),

  /** With two-factor authentication on, no session yet: a code goes out and the answer carries the challenge. */
  signIn: publicProcedure
    .input(signInInput)
    .output(signInOutput)
    .mutation(async ({ ctx, input }) => {
      const { userId, twoFactor } = await signIn(ctx.services, input, ctx.request);
      if (twoFactor) return startTwoFactorSignIn(ctx.services, twoFactor);
      return { status: 'signed_in' as const, ...(await startSignedInSession(ctx, userId)) };
    }),

  /** The second step: the right code for a live challenge starts the session. */
  verifySignIn: publicProcedure
    .input(verifySignInInput)
    .output(sessionOutput)
    .mutation(async ({ ctx, input }) => {
      const { userId } = await verifyTwoFactorSignIn(ctx.services, input, ctx.request);
      await ensureMayEnter(ctx.services, userId);
      return startSignedInSession(ctx, userId);
    }),

  /** A new code for a live challenge, no sooner than 60 seconds after the last. */
  resendSignInCode: publicProcedure
    .input(resendSignInCodeInput)
    .output(codeSentOutput)
    .mutation(({ ctx, input }) =>
      resendTwoFactorSignInCode(ctx.services, input.challenge, ctx.request, (userId) => readTwoFactorAccount(ctx.services, userId)),
    ),

  signOut: authedProcedure
    .input(signOutInput)
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      if (input.scope === 'global') await ctx.services.lucia.invalidateUserSessions(ctx.session.user.id);
      else await ctx.services.lucia.invalidateSession(ctx.sessionId);
      ctx.setCookie?.(ctx.services.lucia.createBlankSessionCookie().serialize());
      return { success: true as const };
    }),

  /** Yields once when this session ends (sign-out elsewhere, revocation, expiry), then stops. */
  sessionEvents: authedProcedure.subscription(async function* ({ ctx, signal }) {
    const fingerprint = sessionFingerprint(ctx.sessionId);
    yield { type: 'active' as const };
    for await (const event of ctx.services.bus.events(signal)) {
      if (event.table === 'sessions' && event.op === 'DELETE' && event.session === fingerprint) {
        yield { type: 'ended' as const };
        return;
      }
    }
  }),
});

async function startSignedInSession(ctx: Parameters<Parameters<typeof publicProcedure.mutation>[0]>[0]['ctx'], userId: string) {
  const cookie = await startSession(ctx.services, userId, ctx.request);
  ctx.setCookie?.(cookie);
  const identity = await readIdentity(ctx.services.db, userId);
  if (!identity) throw new AppError('UNAUTHORIZED', 'User creation failed');
  return identity;
}
