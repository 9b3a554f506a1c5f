import { codeSentOutput, resendSignInCodeInput } from '#shared/schemas/two-factor.js';
import { readTwoFactorAccount } from '../../auth/sign-in.js';
import { resendTwoFactorSignInCode } from '../../auth/two-factor-sign-in.js';
import { permitted } from '../../trpc/procedures.js';

/** A new code for a live challenge, no sooner than 60 seconds after the last. */
export const resendSignInCodeProcedure = permitted({ public: 'a live sign-in challenge, which only a correct password opens' })
  .input(resendSignInCodeInput)
  .output(codeSentOutput)
  .mutation(({ ctx, input }) =>
    resendTwoFactorSignInCode(ctx.db, ctx.services.mailer, input.challenge, ctx.request, (userId) => readTwoFactorAccount(ctx.db, userId)),
  );
