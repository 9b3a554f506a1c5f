import { INVITE_ROLE_ORDER, ROLE_LABELS, TEAM_TEXTS } from '#shared/schemas/team.js';
import type { SelectOption } from '../../components/SelectField';
import { notify } from '../../components/toaster';

/** The spec's role choices, with sales labelled Sales Agent. */
export const ROLE_OPTIONS: SelectOption[] = INVITE_ROLE_ORDER.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

export const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();

/**
 * The spec's "Invitation Sent" naming the recipient; when the email could not be delivered the
 * invitation is kept and the admin is told to resend it.
 */
export function notifyInvitationSent(result: {
  invitation: { firstName: string; lastName: string; email: string };
  delivery: 'sent' | 'failed';
  deliveryError: string | null;
}) {
  const recipient = `${fullName(result.invitation)} (${result.invitation.email})`;
  if (result.delivery === 'sent') {
    notify.success(TEAM_TEXTS.invitationSent, `An invitation was sent to ${recipient}`);
  } else {
    notify.error(
      TEAM_TEXTS.inviteFailed,
      `The invitation for ${recipient} was saved, but the email could not be delivered (${result.deliveryError ?? 'unknown error'}). Use Resend under Pending Invitations to try again.`,
    );
  }
}
