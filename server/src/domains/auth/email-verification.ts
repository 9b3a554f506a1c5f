import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { PRODUCT_NAME } from '#shared/constants.js';
import { VERIFICATION_LIFETIME_HOURS, VERIFY_EMAIL_PATH } from '#shared/schemas/verification.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import type { Mailer } from '../../services/mail/mailer.js';

type Db = Kysely<Database>;

/** 32 random bytes: 256 bits, far past guessing. */
const TOKEN_BYTES = 32;

/** Only this hash is stored; the token itself exists in the mailed link and nowhere else. */
export function hashVerificationToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * Where mailed links point: the configured public origin, else this server on localhost. Never a
 * request header (a crafted Origin or Host must not make a genuine mail point at another site).
 */
export function publicOrigin(config: Pick<Config, 'APP_ORIGIN' | 'PORT'>): string {
  return new URL(config.APP_ORIGIN ?? `http://localhost:${config.PORT}`).origin;
}

export const verificationLink = (origin: string, token: string) => `${origin}${VERIFY_EMAIL_PATH}?token=${encodeURIComponent(token)}`;

/**
 * A new link for the account, on the caller's transaction: the earlier unused links of the
 * account stop working (only the newest works), and the mail is queued with it (sent after commit).
 */
export async function sendVerificationLink(
  db: Db,
  services: { mailer: Mailer; config: Pick<Config, 'APP_ORIGIN' | 'PORT'> },
  account: { userId: string; email: string },
): Promise<void> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const now = new Date();
  await db
    .updateTable('emailVerifications')
    .set({ usedAt: now })
    .where('userId', '=', account.userId)
    .where('usedAt', 'is', null)
    .execute();
  await db
    .insertInto('emailVerifications')
    .values({
      userId: account.userId,
      tokenHash: hashVerificationToken(token),
      expiresAt: new Date(now.getTime() + VERIFICATION_LIFETIME_HOURS * 3600 * 1000),
    })
    .execute();
  const link = verificationLink(publicOrigin(services.config), token);
  await services.mailer.send(db, {
    channel: 'email',
    to: account.email,
    subject: `Verify your email for ${PRODUCT_NAME}`,
    text: [
      `Confirm that ${account.email} is your address to finish setting up your ${PRODUCT_NAME} account:`,
      '',
      link,
      '',
      `The link works once and expires in ${VERIFICATION_LIFETIME_HOURS} hours.`,
      'If you did not create an account, you can ignore this email.',
    ].join('\n'),
    html: [
      `<p>Confirm that ${escapeHtml(account.email)} is your address to finish setting up your ${PRODUCT_NAME} account:</p>`,
      `<p><a href="${escapeHtml(link)}">Verify your email</a></p>`,
      `<p>The link works once and expires in ${VERIFICATION_LIFETIME_HOURS} hours.<br>`,
      'If you did not create an account, you can ignore this email.</p>',
    ].join('\n'),
  });
}

/**
 * A sign-up with an address that already has an account answers as a new one would; its owner
 * gets this note instead of a link (no secret in it).
 */
export async function sendAccountExistsNote(
  db: Db,
  services: { mailer: Mailer; config: Pick<Config, 'APP_ORIGIN' | 'PORT'> },
  email: string,
) {
  const signIn = `${publicOrigin(services.config)}/auth`;
  await services.mailer.send(db, {
    channel: 'email',
    to: email,
    subject: `You already have a ${PRODUCT_NAME} account`,
    text: [
      `Someone, perhaps you, tried to create a ${PRODUCT_NAME} account with ${email}, which already has one.`,
      '',
      `To use it, sign in: ${signIn}`,
      'If it was not you, you can ignore this email: nothing was changed.',
    ].join('\n'),
    html: [
      `<p>Someone, perhaps you, tried to create a ${PRODUCT_NAME} account with ${escapeHtml(email)}, which already has one.</p>`,
      `<p>To use it, <a href="${escapeHtml(signIn)}">sign in</a>.</p>`,
      '<p>If it was not you, you can ignore this email: nothing was changed.</p>',
    ].join('\n'),
  });
}

/**
 * Uses a link, once: a live, unused, unexpired token answers its account's id (the caller then has
 * the prover set the password and marks the address verified); null for a token that is unknown,
 * used or expired.
 */
export async function useVerificationToken(db: Db, token: string): Promise<string | null> {
  const used = await db
    .updateTable('emailVerifications')
    .set({ usedAt: new Date() })
    .where('tokenHash', '=', hashVerificationToken(token))
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', new Date())
    .returning('userId')
    .executeTakeFirst();
  return used?.userId ?? null;
}

/**
 * The address of this account is proven (a used link whose opener set the password, an invitation
 * accepted from its mail by whoever chose the password): it is marked verified, and an address
 * listed in PLATFORM_ADMIN_EMAILS becomes a master admin now, never before.
 */
export async function markEmailVerified(db: Db, config: Pick<Config, 'PLATFORM_ADMIN_EMAILS'>, userId: string): Promise<void> {
  const user = await db
    .updateTable('users')
    .set((eb) => ({ emailVerifiedAt: eb.fn.coalesce('emailVerifiedAt', eb.val(new Date())) }))
    .where('id', '=', userId)
    .returning('email')
    .executeTakeFirstOrThrow();
  if (!config.PLATFORM_ADMIN_EMAILS.includes(user.email)) return;
  await grantMasterAdmin(db, userId);
}

/**
 * The platform flag on a verified account. The app role cannot write it itself: the database's
 * app_grant_platform_admin sets it, and only for an account whose address is verified and listed
 * (PLATFORM_ADMIN_EMAILS or `make admin`: platform_admin_addresses, which only the owner reaches).
 */
export async function grantMasterAdmin(db: Db, userId: string): Promise<boolean> {
  const result = await sql<{ granted: boolean }>`select app_grant_platform_admin(${userId}::uuid) as granted`.execute(db);
  return result.rows[0]?.granted ?? false;
}

export const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
