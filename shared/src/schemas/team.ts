import { z } from 'zod';
import { STAFF_ROLES, type StaffRole } from '../constants.js';
import { currentPassword, newPassword, personName, requiredEmail } from './fields.js';
import { pageOutput } from './pagination.js';

/** The spec's role choices for a team member, with its label for sales. */
export const ROLE_LABELS: Record<StaffRole, string> = {
  admin: 'Admin',
  dispatcher: 'Dispatcher',
  sales: 'Sales Agent',
  treasury: 'Treasury',
};
/** The order the Invite Team Member dialog offers them in. */
export const INVITE_ROLE_ORDER = ['admin', 'dispatcher', 'sales', 'treasury'] as const satisfies readonly StaffRole[];

export const INVITATION_LIFETIME_DAYS = 7;
export const INVITATION_RESEND_COOLDOWN_SECONDS = 60;
/** Every member of the team list is shown as active: removed members leave the list. */
export const MEMBER_STATUS = 'Active';

/** The spec's texts and our messages where the spec is silent. */
export const TEAM_TEXTS = {
  missingTitle: 'Missing Information',
  missingDescription: 'Please fill in all fields',
  invitationSent: 'Invitation Sent',
  inviteFailed: 'Failed to send invitation',
  loadFailed: 'Failed to load team members',
  invalidInvitation: 'This invitation is invalid or has expired',
  alreadyMember: 'This person is already a member of your team',
  alreadyInvited: 'An invitation to this email is already pending. Resend it from Pending Invitations.',
  lastAdmin: 'Your company needs at least one admin. Make another member an admin first.',
  removeSelf: 'You cannot remove yourself from the team. Ask another admin to do it.',
  otherCompany:
    'This account already belongs to another company. A Haulwise account belongs to one company only: ask for an invitation to a different email address.',
  wrongPassword: 'Incorrect password for this account',
} as const;

const role = z.enum(STAFF_ROLES, { error: 'Role is required' });

/** The spec's Team invite: email, first name, last name and role, all required. */
export const teamInviteInput = z.object({
  email: requiredEmail(),
  firstName: personName('First name'),
  lastName: personName('Last name'),
  role,
});
export type TeamInviteInput = z.input<typeof teamInviteInput>;

export const memberInput = z.object({ userId: z.uuid('Invalid member id') });
export const changeRoleInput = z.object({ userId: z.uuid('Invalid member id'), role });
export type ChangeRoleInput = z.input<typeof changeRoleInput>;
export const invitationIdInput = z.object({ id: z.uuid('Invalid invitation id') });

export const teamMember = z.object({
  userId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  /** When the member joined the company (their profile's creation). */
  joinedAt: z.iso.datetime(),
  status: z.literal(MEMBER_STATUS),
  isCurrentUser: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMember>;
/** A page of the team, newest member first (the one pagination contract, ./pagination.ts). */
export const teamMembersOutput = pageOutput(teamMember);

export const pendingInvitation = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(STAFF_ROLES),
  invitedByName: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastSentAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  /** Past its expiry: the link no longer works, and Resend makes a new one. */
  isExpired: z.boolean(),
});
export type PendingInvitation = z.infer<typeof pendingInvitation>;
/** A page of pending invitations, newest first. */
export const pendingInvitationsOutput = pageOutput(pendingInvitation);

/** The invitation as now pending; its email leaves after commit (the outbox records it, the job queue delivers it). */
export const invitationSentOutput = z.object({ invitation: pendingInvitation });
export type InvitationSentOutput = z.infer<typeof invitationSentOutput>;

export const memberChangedOutput = z.object({ userId: z.uuid(), sessionsEnded: z.number().int().nonnegative() });

/** The admin dashboard's counters. */
export const adminStatsOutput = z.object({
  totalLoads: z.number().int().nonnegative(),
  /** Drivers available or on a route (not off duty). */
  activeDrivers: z.number().int().nonnegative(),
  /** Staff of the company with a role (the team list). */
  teamMembers: z.number().int().nonnegative(),
  /** The sum of every load's rate, summed in SQL, as an exact decimal string ("12450.00"). */
  totalRevenue: z.string(),
});
export type AdminStats = z.infer<typeof adminStatsOutput>;

/** The token from the link: any text is looked up, and whatever does not match is "invalid or expired". */
export const invitationTokenInput = z.object({
  token: z.string({ error: 'Invitation token is required' }).min(1, 'Invitation token is required').max(200, TEAM_TEXTS.invalidInvitation),
});

export const invitationPreviewOutput = z.object({
  companyName: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(STAFF_ROLES),
  expiresAt: z.iso.datetime(),
  /** The email already has an account: the invitee signs in with its password instead of choosing one. */
  hasAccount: z.boolean(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewOutput>;

/** The accept form for a new account: names prefilled from the invitation, and a password of at least 6. */
export const newAccountFields = z.object({
  firstName: personName('First name'),
  lastName: personName('Last name'),
  password: newPassword(),
});
export type NewAccountFields = z.input<typeof newAccountFields>;
/** The accept form when the email already has an account: its password. */
export const existingAccountFields = z.object({ password: currentPassword() });
export type ExistingAccountFields = z.input<typeof existingAccountFields>;

/**
 * Accepting: the server decides which form applies (whether the invited email has an
 * account), so names are optional here and checked there for a new account.
 */
export const acceptInvitationInput = invitationTokenInput.extend({
  password: currentPassword(),
  firstName: z.string().max(1000).optional(),
  lastName: z.string().max(1000).optional(),
});
export type AcceptInvitationInput = z.input<typeof acceptInvitationInput>;
