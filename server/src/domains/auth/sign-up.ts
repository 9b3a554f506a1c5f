import { signUpInput } from '#shared/schemas/auth.js';
import { signUpOutput } from '#shared/schemas/verification.js';
import { hashPassword } from '../../auth/password.js';
import { signUp } from '../../auth/sign-up.js';
import { discardUnverifiedAccount } from '../../auth/unverified-accounts.js';
import { isPgError } from '../../db/pg-errors.js';
import { savepoint } from '../../db/transactions.js';
import { AppError } from '../../errors.js';
import { hitRateLimit } from '../../services/rate-limit.js';
import { permitted } from '../../trpc/procedures.js';
import { sendAccountExistsNote, sendVerificationLink } from './email-verification.js';

/**
 * The spec's sign-up: the account, its company and its admin role, and a link mailed to prove the
 * address; no session until it is proven. Per client address at most SIGN_UP_MAX_PER_IP (10) an hour. An address whose
 * account is verified gets the very same answer (nothing tells that it exists) and its owner a
 * note instead of a link. An address whose account nobody proved is not anyone's yet: the new
 * sign-up replaces it (its password, names and company win; the old account, its company and its
 * sessions go), so a squatter never keeps an address from its owner. Nobody becomes a master
 * admin here: PLATFORM_ADMIN_EMAILS applies when the address is proven.
 */
export const signUpProcedure = permitted({
  public: 'a new account, which reaches no company data until the mailed link proves its address',
})
  .input(signUpInput)
  .output(signUpOutput)
  .mutation(async ({ ctx, input }) => {
    const allowed = await hitRateLimit(ctx.db, `sign-up:ip:${ctx.request.ip}`, ctx.services.config.SIGN_UP_MAX_PER_IP, 3600);
    if (!allowed) throw new AppError('TOO_MANY_REQUESTS', 'Too many sign-ups from this network. Please try again later.');
    const answer = { status: 'verification_sent' as const, email: input.email };
    // Hashed either way, so a taken address answers as slowly as a new one.
    const passwordHash = await hashPassword(input.password);
    const taken = await ctx.db.selectFrom('users').select(['id', 'emailVerifiedAt']).where('email', '=', input.email).executeTakeFirst();
    if (taken && (taken.emailVerifiedAt !== null || !(await discardUnverifiedAccount(ctx.db, taken.id)))) {
      await sendAccountExistsNote(ctx.db, ctx.services, input.email);
      return answer;
    }
    let userId: string;
    try {
      ({ userId } = await savepoint(ctx.db, 'sign_up', () =>
        signUp(ctx.db, input, { isPlatformAdmin: false, passwordHash, emailVerified: false }),
      ));
    } catch (error) {
      // Someone signed up with the address at the same moment: the same answer, and a note.
      if (!isPgError(error, 'unique') && !(error instanceof AppError && error.code === 'CONFLICT')) throw error;
      await sendAccountExistsNote(ctx.db, ctx.services, input.email);
      return answer;
    }
    await sendVerificationLink(ctx.db, ctx.services, { userId, email: input.email });
    return answer;
  });
