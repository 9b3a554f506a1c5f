import { resendVerificationInput, resendVerificationOutput } from '#shared/schemas/verification.js';
import { AppError } from '../../errors.js';
import { hitRateLimit } from '../../services/rate-limit.js';
import { permitted } from '../../trpc/procedures.js';
import { sendVerificationLink } from './email-verification.js';

/** Per client address: 10 an hour; per account: one a minute and 5 an hour. */
const PER_IP = { limit: 10, windowSeconds: 3600 } as const;
const PER_ACCOUNT_MINUTE = { limit: 1, windowSeconds: 60 } as const;
const PER_ACCOUNT_HOUR = { limit: 5, windowSeconds: 3600 } as const;

const tooMany = () => new AppError('TOO_MANY_REQUESTS', 'A link was sent moments ago. Please wait a minute before asking for another.');

/**
 * A new verification link (the earlier ones stop working). A signed-in, unverified account asks
 * for its own address; a guest (after sign-up, before any session) names the address. The answer
 * is the same whether the address has an account, is verified already or is unknown.
 */
export const resendVerificationProcedure = permitted({
  public: 'the link is mailed to the address itself; every address gets the same answer',
})
  .input(resendVerificationInput)
  .output(resendVerificationOutput)
  .mutation(async ({ ctx, input }) => {
    const email = ctx.session?.user.email ?? input.email;
    if (!email) throw new AppError('BAD_REQUEST', 'Email is required', { field: 'email' });
    if (!(await hitRateLimit(ctx.db, `verify-resend:ip:${ctx.request.ip}`, PER_IP.limit, PER_IP.windowSeconds))) throw tooMany();
    const minute = await hitRateLimit(ctx.db, `verify-resend:email:${email}`, PER_ACCOUNT_MINUTE.limit, PER_ACCOUNT_MINUTE.windowSeconds);
    const hour = await hitRateLimit(ctx.db, `verify-resend:email-hour:${email}`, PER_ACCOUNT_HOUR.limit, PER_ACCOUNT_HOUR.windowSeconds);
    if (!minute || !hour) throw tooMany();
    const account = await ctx.db.selectFrom('users').select(['id', 'emailVerifiedAt']).where('email', '=', email).executeTakeFirst();
    if (account && account.emailVerifiedAt === null) await sendVerificationLink(ctx.db, ctx.services, { userId: account.id, email });
    return { status: 'sent' as const };
  });
