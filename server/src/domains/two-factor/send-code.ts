import { TWO_FACTOR_TEXT, codeSentOutput, sendCodeInput } from '#shared/schemas/two-factor.js';
import { issueCode } from '../../auth/two-factor.js';
import { AppError, notFound } from '../../errors.js';
import { companyProcedure } from '../../trpc/procedures.js';
import { readTwoFactorProfile } from '../settings/settings.repository.js';

/**
 * Turning the switch on: a 6-digit code goes to the profile's phone (sms) or the account's
 * email, queued on this call's transaction. SMS needs a phone on the profile. A new code no
 * sooner than 60 seconds after the last.
 */
export const sendCodeProcedure = companyProcedure
  .input(sendCodeInput)
  .output(codeSentOutput)
  .mutation(async ({ ctx, input }) => {
    const userId = ctx.session.user.id;
    const profile = await readTwoFactorProfile(ctx.db, userId);
    if (!profile) throw notFound('Profile');
    const to = input.method === 'sms' ? profile.phone : profile.email;
    if (!to) throw new AppError('BAD_REQUEST', TWO_FACTOR_TEXT.smsNeedsPhone, { field: 'method' });
    return issueCode(ctx.db, ctx.services.mailer, { userId, purpose: 'enable', method: input.method, to });
  });
