import { sessionOutput } from '#shared/schemas/auth.js';
import { verifySignInInput } from '#shared/schemas/two-factor.js';
import { ensureMayEnter } from '../../auth/sign-in.js';
import { verifyTwoFactorSignIn } from '../../auth/two-factor-sign-in.js';
import { commitThenFail } from '../../db/transactions.js';
import { AppError } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { startSignedInSession } from './start-signed-in-session.js';

/** The second step: the right code for a live challenge starts the session. */
export const verifySignInProcedure = permitted({ public: 'a live sign-in challenge and the code sent for it' })
  .input(verifySignInInput)
  .output(sessionOutput)
  .mutation(async ({ ctx, input }) => {
    const { userId } = await verifyTwoFactorSignIn(ctx.db, input, ctx.request);
    try {
      await ensureMayEnter(ctx.db, userId);
    } catch (error) {
      // The code is used up all the same: a suspended company's member cannot try it again.
      throw error instanceof AppError ? commitThenFail(error) : error;
    }
    return startSignedInSession(ctx, userId);
  });
