import { z } from 'zod';
import { newPassword, requiredEmail } from './fields.js';

/** How long a mailed verification link works. */
export const VERIFICATION_LIFETIME_HOURS = 24;

/**
 * An account whose address nobody proved is deleted after this many days (with the company its
 * sign-up made), and a new sign-up for the address replaces it at any time.
 */
export const UNVERIFIED_ACCOUNT_LIFETIME_DAYS = 3;

/** The screen an account sees until its address is proven (and after sign-up). */
export const VERIFY_EMAIL_PATH = '/verify-email';

export const VERIFICATION_TEXTS = {
  title: 'Verify your email',
  sent: (email: string) => `We sent a link to ${email}. Open it to finish setting up your account.`,
  sentGeneric: 'We sent you a link. Open it to finish setting up your account.',
  expires: `The link works once and expires in ${VERIFICATION_LIFETIME_HOURS} hours.`,
  resend: 'Resend the link',
  resent: 'If the address needs verifying, a new link is on its way.',
  signOut: 'Sign out',
  backToSignIn: 'Back to sign in',
  setPasswordTitle: 'Set your password',
  setPasswordIntro:
    'Choose the password for your account. It replaces any password given when the account was created, and signs out every other device.',
  setPasswordSubmit: 'Verify and sign in',
  setPasswordBusy: 'Verifying...',
  verified: 'Your email is verified',
  invalid: 'This verification link is invalid or has expired. Sign in to send a new one.',
  verifiedSignIn: 'Your email is verified. Sign in to continue.',
  required: 'Verify your email address to continue.',
} as const;

/**
 * Sign-up never tells whether the address already has an account: a new account and a taken
 * address get this same answer (a link to verify, or a note to the owner, is mailed).
 */
export const signUpOutput = z.object({ status: z.literal('verification_sent'), email: z.string() });
export type SignUpOutput = z.infer<typeof signUpOutput>;

/** A token from a mailed link: 32 random bytes in base64url. */
export const verificationToken = z.string({ error: VERIFICATION_TEXTS.invalid }).regex(/^[A-Za-z0-9_-]{43}$/, VERIFICATION_TEXTS.invalid);

/**
 * Opening the link proves the address; the person who proves it also sets the account's password
 * (an account's sign-up password may have been chosen by someone else who typed the address).
 */
export const verifyEmailInput = z.object({ token: verificationToken, password: newPassword() });
export type VerifyEmailInput = z.input<typeof verifyEmailInput>;

/**
 * A guest gives the address they signed up with; a signed-in, unverified account gives nothing
 * (its own address). The answer is the same whatever the address.
 */
export const resendVerificationInput = z.object({ email: requiredEmail().optional() }).default({});
export const resendVerificationOutput = z.object({ status: z.literal('sent') });
