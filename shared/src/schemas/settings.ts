import { z } from 'zod';
import { PAYMENT_PROVIDER } from '../constants.js';
import { currentPassword, newPassword, optionalEmail, optionalPhone, optionalText, personName, timestamp } from './fields.js';
import { twoFactorState } from './two-factor.js';

export const ACCOUNT_ID_MAX = 100;
export const COMPANY_ADDRESS_MAX = 500;
/** An MC or DOT number, as carriers' are kept (at most 20 characters). */
export const COMPANY_NUMBER_MAX = 20;

/** The spec's toasts on the Settings page. */
export const SETTINGS_TEXT = {
  profileSaved: 'Profile updated successfully',
  accountIdSaved: `${PAYMENT_PROVIDER} account ID saved successfully`,
  companySaved: 'Company information saved successfully',
  passwordChanged: 'Password changed. Your other sessions have been signed out.',
  sessionEnded: 'The session has been signed out',
  phoneNeededForSms: 'Phone is needed while two-factor codes go by SMS',
} as const;

/** Personal Information: first and last name required, phone optional (empty clears it). */
export const updateProfileInput = z.object({
  firstName: personName('First name'),
  lastName: personName('Last name'),
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

/**
 * Company Information (admins): how the company is reached and known (its MC and DOT numbers),
 * as invoices (their "Remit to"), factoring packets and its mails show it. Each optional: empty
 * clears it; left out, it stays as it is.
 */
export const updateCompanyInput = z.object({
  email: optionalEmail('Company email'),
  phone: optionalPhone('Company phone'),
  address: optionalText('Company address', COMPANY_ADDRESS_MAX),
  mcNumber: optionalText('MC number', COMPANY_NUMBER_MAX),
  dotNumber: optionalText('DOT number', COMPANY_NUMBER_MAX),
});
export type UpdateCompanyInput = z.input<typeof updateCompanyInput>;

export const changePasswordInput = z.object({ currentPassword: currentPassword('Current password'), newPassword: newPassword() });
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
    mcNumber: z.string().nullable(),
    dotNumber: z.string().nullable(),
    airwallexAccountId: z.string().nullable(),
  }),
  /** Whether this user may change the account id (admins); everyone else sees it read-only. */
  canEditAccountId: z.boolean(),
  /** Whether this user may change the company's email, phone, address, MC and DOT numbers (admins); everyone else reads them. */
  canEditCompany: z.boolean(),
});
export type SettingsOutput = z.infer<typeof settingsOutput>;

export const profileOutput = settingsOutput.shape.profile;
export const accountIdOutput = z.object({ airwallexAccountId: z.string() });
export const companyOutput = settingsOutput.shape.company;

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
