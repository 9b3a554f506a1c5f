import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { PRODUCT_NAME } from '#shared/constants.js';
import { PASSWORD_RESET_LIFETIME_MINUTES, RESET_PASSWORD_PATH } from '#shared/schemas/auth.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import type { Mailer } from '../../services/mail/mailer.js';
import { escapeHtml, publicOrigin } from './email-verification.js';

type Db = Kysely<Database>;

/** 32 random bytes: 256 bits, far past guessing. */
const TOKEN_BYTES = 32;

/** Only this hash is stored; the token itself exists in the mailed link and nowhere else. */
export function hashResetToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export const resetPasswordLink = (origin: string, token: string) => `${origin}${RESET_PASSWORD_PATH}?token=${encodeURIComponent(token)}`;

interface MailServices {
  mailer: Mailer;
  config: Pick<Config, 'APP_ORIGIN' | 'PORT'>;
}

/**
 * A new reset link for the account, on the caller's transaction: its earlier unused links stop
 * working (only the newest works) and the mail is queued with it (sent after commit).
 */
export async function sendPasswordResetLink(db: Db, services: MailServices, account: { userId: string; email: string }): Promise<void> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  await endResetLinks(db, account.userId);
  await db
    .insertInto('passwordResets')
    .values({
      userId: account.userId,
      tokenHash: hashResetToken(token),
      expiresAt: sql<Date>`now() + make_interval(mins => ${PASSWORD_RESET_LIFETIME_MINUTES})`,
    })
    .execute();
  const link = resetPasswordLink(publicOrigin(services.config), token);
  const ignore = 'If you did not ask for it, you can ignore this email: your password stays as it is.';
  await services.mailer.send(db, {
    channel: 'email',
    to: account.email,
    subject: `Reset your ${PRODUCT_NAME} password`,
    text: [
      `Someone, hopefully you, asked to reset the password of the ${PRODUCT_NAME} account ${account.email}.`,
      '',
      'Choose a new password here:',
      link,
      '',
      `The link works once and expires in ${PASSWORD_RESET_LIFETIME_MINUTES} minutes. The new password signs out every device.`,
      ignore,
    ].join('\n'),
    html: [
      `<p>Someone, hopefully you, asked to reset the password of the ${PRODUCT_NAME} account ${escapeHtml(account.email)}.</p>`,
      `<p><a href="${escapeHtml(link)}">Choose a new password</a></p>`,
      `<p>The link works once and expires in ${PASSWORD_RESET_LIFETIME_MINUTES} minutes. The new password signs out every device.<br>`,
      `${ignore}</p>`,
    ].join('\n'),
  });
}

/** Every unused reset link of the account stops working. */
export async function endResetLinks(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('passwordResets')
    .set({ usedAt: sql<Date>`now()` })
    .where('userId', '=', userId)
    .where('usedAt', 'is', null)
    .execute();
}

/** Uses a link, once: the account of a live, unused, unexpired token, or null. */
export async function useResetToken(db: Db, token: string): Promise<{ userId: string; email: string } | null> {
  const used = await db
    .updateTable('passwordResets')
    .set({ usedAt: sql<Date>`now()` })
    .where('tokenHash', '=', hashResetToken(token))
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', sql<Date>`now()`)
    .returning('userId')
    .executeTakeFirst();
  if (!used) return null;
  const user = await db.selectFrom('users').select('email').where('id', '=', used.userId).executeTakeFirst();
  return user ? { userId: used.userId, email: user.email } : null;
}

/** After a reset, a note to the address (no link, no secret): so its owner learns of a reset they did not make. */
export async function sendPasswordChangedNote(db: Db, services: MailServices, email: string): Promise<void> {
  const forgot = `${publicOrigin(services.config)}/auth`;
  await services.mailer.send(db, {
    channel: 'email',
    to: email,
    subject: `Your ${PRODUCT_NAME} password was changed`,
    text: [
      `The password of the ${PRODUCT_NAME} account ${email} was just changed from a reset link, and every device was signed out.`,
      '',
      `If that was not you, reset it again at once from "Forgot password?" on ${forgot} and turn on two-factor authentication.`,
    ].join('\n'),
    html: [
      `<p>The password of the ${PRODUCT_NAME} account ${escapeHtml(email)} was just changed from a reset link, and every device was signed out.</p>`,
      `<p>If that was not you, reset it again at once from "Forgot password?" on <a href="${escapeHtml(forgot)}">the sign-in page</a> and turn on two-factor authentication.</p>`,
    ].join('\n'),
  });
}
