import { PRODUCT_NAME } from '#shared/constants.js';
import type { SessionOutput } from '#shared/schemas/auth.js';
import { INVITATION_LIFETIME_DAYS, ROLE_LABELS, type PendingInvitation } from '#shared/schemas/team.js';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import type { Mailer } from '../../services/mail/mailer.js';
import type { AppServices } from '../../services/services.js';
import type { RequestInfo } from '../../auth/request-info.js';

/**
 * Where the accept link points: the configured public origin (APP_ORIGIN, required in
 * production), else this server on localhost. Never a request header: a crafted Origin or Host
 * must not make a genuine invitation point at another site.
 */
export const linkOrigin = (config: Pick<Config, 'appOrigin'>): string => config.appOrigin;

export const invitationLink = (origin: string, token: string) => `${origin}/invite/${token}`;

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');

const expiryDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/**
 * Queues the invitation email with its accept link on the caller's transaction: the outbox keeps
 * it, and with Resend configured the job queue delivers it after commit (retrying a slow or
 * failing provider), so an invitation that rolls back sends nothing.
 */
export async function sendInvitationEmail(
  db: Kysely<Database>,
  mailer: Mailer,
  message: {
    invitation: Pick<PendingInvitation, 'firstName' | 'email'> & { expiresAt: string | Date };
    /** The role as the invitation names it (a staff role's label, or Driver / Carrier User). */
    roleLabel: string;
    /** What the account is for, when the role alone does not say (a portal's). */
    purpose?: string;
    companyName: string;
    inviterName: string;
    link: string;
  },
): Promise<void> {
  const { invitation, roleLabel: role, purpose, companyName, inviterName, link } = message;
  const forWhat = purpose ? `, to see ${purpose}` : '';
  const expires = `${expiryDate.format(new Date(invitation.expiresAt))} (UTC)`;
  const text = [
    `Hi ${invitation.firstName},`,
    '',
    `${inviterName} invited you to join ${companyName} on ${PRODUCT_NAME} as ${role}${forWhat}.`,
    '',
    `Accept the invitation: ${link}`,
    '',
    `The link works once and expires in ${INVITATION_LIFETIME_DAYS} days, on ${expires}.`,
    'If you did not expect this invitation, you can ignore this email.',
  ].join('\n');
  const html = [
    `<p>Hi ${escapeHtml(invitation.firstName)},</p>`,
    `<p>${escapeHtml(inviterName)} invited you to join <strong>${escapeHtml(companyName)}</strong> on ${PRODUCT_NAME} as ${escapeHtml(role)}${escapeHtml(forWhat)}.</p>`,
    `<p><a href="${escapeHtml(link)}">Accept the invitation</a></p>`,
    `<p>The link works once and expires in ${INVITATION_LIFETIME_DAYS} days, on ${escapeHtml(expires)}.<br>`,
    'If you did not expect this invitation, you can ignore this email.</p>',
  ].join('\n');
  await mailer.send(db, {
    channel: 'email',
    to: invitation.email,
    subject: `You're invited to join ${companyName} on ${PRODUCT_NAME}`.replace(/[\r\n]+/g, ' '),
    text,
    html,
  });
}

/** Queues a new or renewed invitation's link, from the signed-in admin, for their company. */
export function mailInvitation(
  ctx: { db: Kysely<Database>; services: Pick<AppServices, 'mailer' | 'config'>; request: RequestInfo; session: SessionOutput },
  invitation: PendingInvitation,
  token: string,
): Promise<void> {
  const { user, company } = ctx.session;
  return sendInvitationEmail(ctx.db, ctx.services.mailer, {
    invitation,
    roleLabel: ROLE_LABELS[invitation.role],
    companyName: company.name,
    inviterName: `${user.firstName} ${user.lastName}`.trim() || user.email,
    link: invitationLink(linkOrigin(ctx.services.config), token),
  });
}
