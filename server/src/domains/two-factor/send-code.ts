import { codeSentOutput, sendCodeInput, TWO_FACTOR_TEXT } from '#shared/schemas/two-factor.js';
import { currentPasswordProof, proveCurrentPassword } from '../../auth/two-factor-proof.js';
import { issueCode } from '../../auth/two-factor.js';
import { AppError, notFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { readTwoFactorProfile } from '../settings/settings.repository.js';

/** The method, and the current password when two-factor is already on (changing its phone or method). */
export const sendTwoFactorCodeInput = sendCodeInput.extend({ password: currentPasswordProof.optional() });

/**
 * Turning the switch on: a 6-digit code goes to the profile's phone (sms) or the account's
 * email, queued on this call's transaction; the right code proves that number before any
 * sign-in code goes to it. SMS needs a phone on the profile. A new code no sooner than 60
 * seconds after the last. While two-factor is on, a code that would move it to another phone
 * or method asks for the current password first.
 */
export const sendCodeProcedure = permitted('self', 'twoFactor')
  .input(sendTwoFactorCodeInput)
  .output(codeSentOutput)
  .mutation(async ({ ctx, input }) => {
    const userId = ctx.session.user.id;
    const profile = await readTwoFactorProfile(ctx.db, userId);
    if (!profile) throw notFound('Profile');
    if (profile.twoFactorEnabled) await proveCurrentPassword(ctx.db, userId, input.password);
    const to = input.method === 'sms' ? profile.phone : profile.email;
    if (!to) throw new AppError('BAD_REQUEST', TWO_FACTOR_TEXT.smsNeedsPhone, { field: 'method' });
    return issueCode(ctx.db, ctx.services.mailer, { userId, purpose: 'enable', method: input.method, to });
  });
