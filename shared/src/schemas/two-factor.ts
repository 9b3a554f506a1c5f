import { z } from 'zod';

/** The spec's two-factor constants: a 6-digit code by sms (the default) or email. */
export const TWO_FACTOR_METHODS = ['sms', 'email'] as const;
export type TwoFactorMethod = (typeof TWO_FACTOR_METHODS)[number];
export const DEFAULT_TWO_FACTOR_METHOD: TwoFactorMethod = 'sms';

export const TWO_FACTOR_CODE_LENGTH = 6;
/** A code lives 10 minutes, dies after 5 wrong tries, and a new one may be sent 60 seconds after the last. */
export const TWO_FACTOR_CODE_TTL_SECONDS = 10 * 60;
export const TWO_FACTOR_MAX_ATTEMPTS = 5;
export const TWO_FACTOR_RESEND_SECONDS = 60;

/** The spec's toasts for the two-factor flow. */
export const TWO_FACTOR_TEXT = {
  invalidTitle: 'Invalid Code',
  invalidMessage: 'The verification code is invalid or expired',
  sentTitle: 'Code Sent',
  sentMessage: (method: TwoFactorMethod) => `A verification code has been sent to your ${method === 'sms' ? 'phone' : 'email'}`,
  enabledTitle: '2FA Enabled',
  enabledMessage: 'Two-factor authentication is now enabled',
  disabledTitle: '2FA Disabled',
  disabledMessage: 'Two-factor authentication has been disabled',
  smsNeedsPhone: 'Add a phone number to your profile to receive codes by SMS',
} as const;

export const twoFactorMethod = z.enum(TWO_FACTOR_METHODS, { error: 'Choose SMS or email' });

export const twoFactorCode = z
  .string({ error: 'Enter the 6-digit code' })
  .trim()
  .regex(new RegExp(`^\\d{${TWO_FACTOR_CODE_LENGTH}}$`), 'Enter the 6-digit code');

export const twoFactorState = z.object({ enabled: z.boolean(), method: twoFactorMethod });
export type TwoFactorState = z.infer<typeof twoFactorState>;

/** Turning the switch on: send a code by the chosen method. */
export const sendCodeInput = z.object({ method: twoFactorMethod });
export type SendCodeInput = z.infer<typeof sendCodeInput>;

export const codeSentOutput = z.object({ method: twoFactorMethod, resendAfterSeconds: z.number().int() });
export type CodeSentOutput = z.infer<typeof codeSentOutput>;

export const verifyCodeInput = z.object({ code: twoFactorCode });

/** The spec's verify-2fa-code answers with a success boolean; a wrong, expired or used code is success false. */
export const verifyCodeOutput = z.discriminatedUnion('success', [
  z.object({ success: z.literal(true), state: twoFactorState }),
  z.object({ success: z.literal(false), message: z.string() }),
]);
export type VerifyCodeOutput = z.infer<typeof verifyCodeOutput>;

/**
 * A sign-in that still needs its code. The challenge is an opaque token (32 random bytes,
 * base64url) the browser keeps in memory only; the server stores just its SHA-256.
 */
export const signInChallenge = z
  .string({ error: 'The sign-in has expired. Please sign in again.' })
  .regex(/^[A-Za-z0-9_-]{43}$/, 'The sign-in has expired. Please sign in again.');

export const twoFactorRequiredOutput = z.object({
  status: z.literal('two_factor_required'),
  method: twoFactorMethod,
  challenge: signInChallenge,
  resendAfterSeconds: z.number().int(),
});
export type TwoFactorRequiredOutput = z.infer<typeof twoFactorRequiredOutput>;

export const verifySignInInput = z.object({ challenge: signInChallenge, code: twoFactorCode });
export type VerifySignInInput = z.infer<typeof verifySignInInput>;

export const resendSignInCodeInput = z.object({ challenge: signInChallenge });
