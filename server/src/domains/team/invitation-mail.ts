import { PRODUCT_NAME } from '#shared/constants.js';
import type { SessionOutput } from '#shared/schemas/auth.js';
import { INVITATION_LIFETIME_DAYS, ROLE_LABELS, type PendingInvitation } from '#shared/schemas/team.js';
import type { Config } from '../../config.js';
import type { Mailer } from '../../services/mail/mailer.js';
import type { AppServices } from '../../services/services.js';
import type { RequestInfo } from '../../trpc/context.js';

/**
 * Where the accept link points: the configured public origin, else the origin the admin is
 * using (the request passed the same-origin check), else this server on localhost.
 */
export function linkOrigin(config: Pick<Config, 'APP_ORIGIN' | 'PORT'>, request: RequestInfo): string {
  const candidate = config.APP_ORIGIN ?? request.origin ?? `http://localhost:${config.PORT}`;
  try {
    return new URL(candidate).origin;
  } catch {
    return `http://localhost:${config.PORT}`;
  }
}

export const invitationLink = (origin: string, token: string) => `${origin}/invite/${token}`;

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');

const expiryDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/**
 * Mails the invitation with its accept link. The outbox keeps every message; with Resend
 * configured a slow or failing provider gives up after its timeout and the result says so, so
 * the admin is told and can resend, and the invitation itself is kept either way.
 */
export async function sendInvitationEmail(
  mailer: Mailer,
  message: { invitation: PendingInvitation; companyName: string; inviterName: string; link: string },
): Promise<{ delivery: 'sent' | 'failed'; deliveryError: string | null }> {
  const { invitation, companyName, inviterName, link } = message;
  const role = ROLE_LABELS[invitation.role];
  const expires = `${expiryDate.format(new Date(invitation.expiresAt))} (UTC)`;
  const text = [
    `Hi ${invitation.firstName},`,
    '',
    `${inviterName} invited you to join ${companyName} on ${PRODUCT_NAME} as ${role}.`,
    '',
    `Accept the invitation: ${link}`,
    '',
    `The link works once and expires in ${INVITATION_LIFETIME_DAYS} days, on ${expires}.`,
    'If you did not expect this invitation, you can ignore this email.',
  ].join('\n');
  const html = [
    `<p>Hi ${escapeHtml(invitation.firstName)},</p>`,
    `<p>${escapeHtml(inviterName)} invited you to join <strong>${escapeHtml(companyName)}</strong> on ${PRODUCT_NAME} as ${escapeHtml(role)}.</p>`,
    `<p><a href="${escapeHtml(link)}">Accept the invitation</a></p>`,
    `<p>The link works once and expires in ${INVITATION_LIFETIME_DAYS} days, on ${escapeHtml(expires)}.<br>`,
    'If you did not expect this invitation, you can ignore this email.</p>',
  ].join('\n');
  const result = await mailer.send({
    channel: 'email',
    to: invitation.email,
    subject: `You're invited to join ${companyName} on ${PRODUCT_NAME}`.replace(/[\r\n]+/g, ' '),
    text,
    html,
  });
  return result.status === 'failed'
    ? { delivery: 'failed', deliveryError: result.error ?? 'The email could not be sent' }
    : { delivery: 'sent', deliveryError: null };
}

/** Mails a new or renewed invitation's link, from the signed-in admin, for their company. */
export function mailInvitation(
  ctx: { services: Pick<AppServices, 'mailer' | 'config'>; request: RequestInfo; session: SessionOutput },
  invitation: PendingInvitation,
  token: string,
) {
  const { user, company } = ctx.session;
  return sendInvitationEmail(ctx.services.mailer, {
    invitation,
    companyName: company.name,
    inviterName: `${user.firstName} ${user.lastName}`.trim() || user.email,
    link: invitationLink(linkOrigin(ctx.services.config, ctx.request), token),
  });
}
