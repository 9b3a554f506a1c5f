import { INVITE_ROLE_ORDER, ROLE_LABELS, TEAM_TEXTS } from '#shared/schemas/team.js';
import type { SelectOption } from '../../components/SelectField';
import { notify } from '../../components/toaster';

/** The spec's role choices, with sales labelled Sales Agent. */
export const ROLE_OPTIONS: SelectOption[] = INVITE_ROLE_ORDER.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

export const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();

/**
 * The spec's "Invitation Sent" naming the recipient. The email leaves after the invitation is
 * saved (the server's job queue retries a failing provider; the master admin's Outbox shows it).
 */
export function notifyInvitationSent(result: { invitation: { firstName: string; lastName: string; email: string } }) {
  const recipient = `${fullName(result.invitation)} (${result.invitation.email})`;
  notify.success(TEAM_TEXTS.invitationSent, `An invitation was sent to ${recipient}`);
}
