import { z } from 'zod';
import { CONTACT_LIMITS, STAFF_ROLES } from '../constants.js';
import { currentPassword, newPassword, personName, requiredEmail, requiredText } from './fields.js';
import { twoFactorRequiredOutput } from './two-factor.js';

/** A company's name, as signed up. */
export const COMPANY_NAME_MAX = 200;

export const signInInput = z.object({ email: requiredEmail(), password: currentPassword() });
export type SignInInput = z.infer<typeof signInInput>;

export const signUpInput = z.object({
  companyName: requiredText('Company name', COMPANY_NAME_MAX),
  firstName: personName('First name'),
  lastName: personName('Last name'),
  email: requiredEmail(),
  password: newPassword(),
});
export type SignUpInput = z.infer<typeof signUpInput>;

export const signOutInput = z.object({ scope: z.enum(['local', 'global']).default('local') }).default({ scope: 'local' });

/**
 * What an account with no staff role is (issue 24, item 3): a driver (linked to a driver record)
 * or a user of a carrier (linked to the carrier itself); null for anyone else.
 */
export const PORTAL_KINDS = ['driver', 'carrier'] as const;
export type PortalKind = (typeof PORTAL_KINDS)[number];

export const sessionOutput = z.object({
  user: z.object({ id: z.uuid(), email: z.string(), firstName: z.string(), lastName: z.string() }),
  company: z.object({ id: z.uuid(), name: z.string(), subscriptionStatus: z.string() }),
  role: z.enum(STAFF_ROLES).nullable(),
  isMasterAdmin: z.boolean(),
  /** The portal the account belongs to: its driver record's, its carrier's, or none. */
  portal: z.enum(PORTAL_KINDS).nullable(),
  /** Until the address is proven, the account sees only the "Verify your email" screen (schemas/verification.ts). */
  emailVerified: z.boolean(),
});
export type SessionOutput = z.infer<typeof sessionOutput>;

/**
 * A password sign-in either starts the session at once, or, when the account has two-factor
 * authentication on, creates no session and asks for the code sent by the account's method.
 */
export const signInOutput = z.discriminatedUnion('status', [
  sessionOutput.extend({ status: z.literal('signed_in') }),
  twoFactorRequiredOutput,
]);
export type SignInOutput = z.infer<typeof signInOutput>;

/** How long a mailed password-reset link works. */
export const PASSWORD_RESET_LIFETIME_MINUTES = 60;

/** The page a password-reset link opens. */
export const RESET_PASSWORD_PATH = '/reset-password';

export const PASSWORD_RESET_TEXTS = {
  forgotLink: 'Forgot password?',
  forgotTitle: 'Reset your password',
  forgotIntro: "Enter your account's email address and we will send you a link to choose a new password.",
  forgotSubmit: 'Send Reset Link',
  forgotBusy: 'Sending...',
  /** The same answer whether or not the address has an account. */
  sent: (email: string) =>
    `If ${email} belongs to an account, a link to reset its password is on its way. It works once and expires in ${PASSWORD_RESET_LIFETIME_MINUTES} minutes.`,
  tooMany: 'Too many reset requests. Please wait a while and try again.',
  resetTitle: 'Choose a new password',
  resetIntro: 'Your new password signs out every device signed in to your account. Then sign in with it.',
  resetSubmit: 'Set New Password',
  resetBusy: 'Saving...',
  missingToken: 'This page needs the link from the reset email. Ask for a new one below.',
  invalid: 'This password reset link is invalid or has expired. Ask for a new one.',
  changed: 'Your password has been changed. Sign in with your new password.',
  askAgain: 'Ask for a new link',
  backToSignIn: 'Back to sign in',
} as const;

/** "Forgot password?": the address to send a reset link to. */
export const requestPasswordResetInput = z.object({ email: requiredEmail() });
export const requestPasswordResetOutput = z.object({ status: z.literal('sent') });

/** A reset link's token (32 random bytes, base64url) and the new password. */
export const resetPasswordInput = z.object({
  token: z.string({ error: PASSWORD_RESET_TEXTS.invalid }).regex(/^[A-Za-z0-9_-]{43}$/, PASSWORD_RESET_TEXTS.invalid),
  password: newPassword(),
});
export type ResetPasswordInput = z.input<typeof resetPasswordInput>;
/** No session: the person signs in with the new password next (and a code, with two-factor on). */
export const resetPasswordOutput = z.object({ status: z.literal('password_changed') });

/** The public contact form keeps the spec's own messages ("Name must be less than 100 characters"). */
export const contactInput = z.object({
  name: z.string().trim().min(1, 'Name is required').max(CONTACT_LIMITS.name, `Name must be less than ${CONTACT_LIMITS.name} characters`),
  email: z
    .string()
    .trim()
    .max(CONTACT_LIMITS.email, `Email must be less than ${CONTACT_LIMITS.email} characters`)
    .pipe(z.email('Invalid email address')),
  phone: z
    .string()
    .trim()
    .max(CONTACT_LIMITS.phone, `Phone must be less than ${CONTACT_LIMITS.phone} characters`)
    .optional()
    .transform((value) => (value ? value : undefined)),
  subject: z
    .string()
    .trim()
    .min(1, 'Subject is required')
    .max(CONTACT_LIMITS.subject, `Subject must be less than ${CONTACT_LIMITS.subject} characters`),
  message: z
    .string()
    .trim()
    .min(1, 'Message is required')
    .max(CONTACT_LIMITS.message, `Message must be less than ${CONTACT_LIMITS.message} characters`),
  // Honeypot: people never see this field; bots fill it.
  website: z.string().max(500).optional(),
});
export type ContactInput = z.input<typeof contactInput>;
