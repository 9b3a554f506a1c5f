import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PAYMENT_PROVIDER } from '../constants.js';
import { optionalPhone, requiredText, timestamp } from './fields.js';
import { twoFactorState } from './two-factor.js';

/** Only admins (and so master admins, in their own company) change the company's payment-provider account id. */

export const PROFILE_NAME_MAX = 100;
export const ACCOUNT_ID_MAX = 100;

/** The spec's toasts on the Settings page. */
export const SETTINGS_TEXT = {
  profileSaved: 'Profile updated successfully',
  accountIdSaved: `${PAYMENT_PROVIDER} account ID saved successfully`,
  passwordChanged: 'Password changed. Your other sessions have been signed out.',
  sessionEnded: 'The session has been signed out',
  phoneNeededForSms: 'Phone is needed while two-factor codes go by SMS',
} as const;

/** Personal Information: first and last name required, phone optional (empty clears it). */
export const updateProfileInput = z.object({
  firstName: requiredText('First name', PROFILE_NAME_MAX),
  lastName: requiredText('Last name', PROFILE_NAME_MAX),
  phone: optionalPhone(),
});
export type UpdateProfileInput = z.input<typeof updateProfileInput>;

/** The payment provider's account id: non-secret, never empty; letters, digits, "-" and "_" as providers issue them. */
export const saveAccountIdInput = z.object({
  accountId: z
    .string({ error: 'Account ID is required' })
    .trim()
    .min(1, 'Account ID is required')
    .max(ACCOUNT_ID_MAX, `Account ID must be at most ${ACCOUNT_ID_MAX} characters`)
    .regex(/^[A-Za-z0-9_-]+$/, 'Account ID may contain only letters, digits, "-" and "_"'),
});
export type SaveAccountIdInput = z.input<typeof saveAccountIdInput>;

export const changePasswordInput = z.object({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(PASSWORD_MAX_LENGTH, 'Password is too long'),
  newPassword: z
    .string({ error: 'New password is required' })
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
});
export type ChangePasswordInput = z.input<typeof changePasswordInput>;

/** A session is named by an opaque fingerprint (a SHA-256 prefix of its id), never by the token itself. */
export const sessionFingerprintId = z.string({ error: 'Invalid session' }).regex(/^[0-9a-f]{32}$/, 'Invalid session');
export const endSessionInput = z.object({ id: sessionFingerprintId });

export const settingsOutput = z.object({
  profile: z.object({
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string().nullable(),
    email: z.string(),
    twoFactor: twoFactorState,
  }),
  company: z.object({
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    airwallexAccountId: z.string().nullable(),
  }),
  /** Whether this user may change the account id (admins); everyone else sees it read-only. */
  canEditAccountId: z.boolean(),
});
export type SettingsOutput = z.infer<typeof settingsOutput>;

export const profileOutput = settingsOutput.shape.profile;
export const accountIdOutput = z.object({ airwallexAccountId: z.string() });

export const activeSession = z.object({
  id: sessionFingerprintId,
  createdAt: timestamp,
  expiresAt: timestamp,
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  isCurrent: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSession>;
export const sessionsOutput = z.array(activeSession);

export const changePasswordOutput = z.object({ success: z.literal(true), endedSessions: z.number().int() });
export const endSessionOutput = z.object({ id: sessionFingerprintId });
