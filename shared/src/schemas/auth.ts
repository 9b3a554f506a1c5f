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

export const sessionOutput = z.object({
  user: z.object({ id: z.uuid(), email: z.string(), firstName: z.string(), lastName: z.string() }),
  company: z.object({ id: z.uuid(), name: z.string(), subscriptionStatus: z.string() }),
  role: z.enum(STAFF_ROLES).nullable(),
  isMasterAdmin: z.boolean(),
  hasDriverRecord: z.boolean(),
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
