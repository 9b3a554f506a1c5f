import { PASSWORD_RESET_TEXTS, requestPasswordResetInput, requestPasswordResetOutput } from '#shared/schemas/auth.js';
import { isExpiredUnverified } from '../../auth/unverified-accounts.js';
import { AppError } from '../../errors.js';
import { hitRateLimit } from '../../services/rate-limit.js';
import { permitted } from '../../trpc/procedures.js';
import { sendVerificationLink } from './email-verification.js';
import { sendPasswordResetLink } from './password-reset.js';

/** Per client address: 10 an hour; per email address (known or not): one a minute and 5 an hour. */
const PER_IP = { limit: 10, windowSeconds: 3600 } as const;
const PER_ADDRESS_MINUTE = { limit: 1, windowSeconds: 60 } as const;
const PER_ADDRESS_HOUR = { limit: 5, windowSeconds: 3600 } as const;

/**
 * "Forgot password?": a reset link to the address, whose answer is the same whether the address
 * has an account or not (the limits count unknown addresses too). A verified account gets a reset
 * link (1 hour, single use, only its SHA-256 stored); an account whose address was never proven
 * gets a new verification link instead, which sets the password as it proves the address; an
 * unknown address gets nothing.
 */
export const requestPasswordResetProcedure = permitted({
  public: 'the reset link is mailed to the address itself; every address gets the same answer',
})
  .input(requestPasswordResetInput)
  .output(requestPasswordResetOutput)
  .mutation(async ({ ctx, input }) => {
    const tooMany = () => new AppError('TOO_MANY_REQUESTS', PASSWORD_RESET_TEXTS.tooMany);
    if (!(await hitRateLimit(ctx.db, `password-reset:ip:${ctx.request.ip}`, PER_IP.limit, PER_IP.windowSeconds))) throw tooMany();
    const minute = await hitRateLimit(
      ctx.db,
      `password-reset:email:${input.email}`,
      PER_ADDRESS_MINUTE.limit,
      PER_ADDRESS_MINUTE.windowSeconds,
    );
    const hour = await hitRateLimit(
      ctx.db,
      `password-reset:email-hour:${input.email}`,
      PER_ADDRESS_HOUR.limit,
      PER_ADDRESS_HOUR.windowSeconds,
    );
    if (!minute || !hour) throw tooMany();
    const account = await ctx.db
      .selectFrom('users')
      .select(['id', 'emailVerifiedAt', 'createdAt'])
      .where('email', '=', input.email)
      .executeTakeFirst();
    if (account && account.emailVerifiedAt !== null) {
      await sendPasswordResetLink(ctx.db, ctx.services, { userId: account.id, email: input.email });
    } else if (account && !isExpiredUnverified(account)) {
      await sendVerificationLink(ctx.db, ctx.services, { userId: account.id, email: input.email });
    }
    return { status: 'sent' as const };
  });
