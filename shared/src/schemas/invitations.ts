import { z } from 'zod';
import { PRODUCT_NAME, STAFF_ROLES } from '../constants.js';
import { timestamp } from './fields.js';
import { invitationPreviewOutput, ROLE_LABELS } from './team.js';

/**
 * Driver and carrier-user invitations (issue 14): the team invitation's token, mail and accept
 * page, with an account role that is not a staff role. A driver or a carrier user is an account
 * with no staff role linked to a driver record (docs/fleet.md); the invitation names that record.
 */
export const ACCOUNT_ROLES = ['driver', 'carrier'] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];
export const INVITATION_ROLES = [...STAFF_ROLES, ...ACCOUNT_ROLES] as const;
export type InvitationRole = (typeof INVITATION_ROLES)[number];

export const INVITATION_ROLE_LABELS: Record<InvitationRole, string> = { ...ROLE_LABELS, driver: 'Driver', carrier: 'Carrier User' };

/** Where an accepted invitation lands: a driver on the driver portal, a carrier user on the carrier portal, staff on their dashboard. */
export function invitationLanding(role: InvitationRole): '/driver-portal' | '/carrier-portal' | '/dashboard' {
  if (role === 'driver') return '/driver-portal';
  if (role === 'carrier') return '/carrier-portal';
  return '/dashboard';
}

export const ACCOUNT_INVITE_TEXTS = {
  inviteTitle: `Invite to ${PRODUCT_NAME}`,
  invitationSent: 'Invitation Sent',
  inviteFailed: 'Failed to send invitation',
  noEmail: 'Add an email address to this driver before inviting them.',
  alreadyLinked: 'This driver already has a Haulwise account.',
  alreadyInvited: 'An invitation to this driver is already pending.',
  emailTaken: 'An invitation to this email is already pending.',
  alreadyMember: 'This email already belongs to a member of your company.',
  notCarrierDriver: 'This driver does not drive for this carrier.',
  noCarrier: 'This driver has no carrier: invite them as a driver instead.',
  linkedMeanwhile: 'This driver record was linked to another account meanwhile. Ask your company admin for a new invitation.',
  dispatcherNotFound: 'Dispatcher must be a dispatcher or admin of your company',
} as const;

/** The accept page's invitation: the team preview with the account roles too. */
export const accountInvitationPreviewOutput = invitationPreviewOutput.extend({ role: z.enum(INVITATION_ROLES) });
export type AccountInvitationPreview = z.infer<typeof accountInvitationPreviewOutput>;

/** Invite the driver of this record (to the record's email, with its names). */
export const inviteDriverInput = z.object({ driverId: z.uuid('Invalid driver id') });
/** Invite one of this carrier's drivers as the carrier's user (the carrier portal). */
export const inviteCarrierUserInput = z.object({ carrierId: z.uuid('Invalid carrier id'), driverId: z.uuid('Driver is required') });

/** What the invite dialog shows: whether the record may be invited and why not. */
export const driverAccountOutput = z.object({
  driverId: z.uuid(),
  email: z.string().nullable(),
  hasAccount: z.boolean(),
  /** That account (a driver's linked to the record, or the person's carrier-user account): what an admin removes. */
  accountUserId: z.uuid().nullable(),
  pendingInvitation: z
    .object({ id: z.uuid(), role: z.enum(ACCOUNT_ROLES), email: z.string(), lastSentAt: timestamp, expiresAt: timestamp })
    .nullable(),
});
export type DriverAccount = z.infer<typeof driverAccountOutput>;

export const accountInvitationSentOutput = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(ACCOUNT_ROLES),
  expiresAt: timestamp,
});
export type AccountInvitationSent = z.infer<typeof accountInvitationSentOutput>;

/** Why a driver record cannot be invited now, or null when it can. */
export function inviteBlocker(account: Pick<DriverAccount, 'email' | 'hasAccount' | 'pendingInvitation'>): string | null {
  if (account.hasAccount) return ACCOUNT_INVITE_TEXTS.alreadyLinked;
  if (!account.email) return ACCOUNT_INVITE_TEXTS.noEmail;
  if (account.pendingInvitation) return ACCOUNT_INVITE_TEXTS.alreadyInvited;
  return null;
}
