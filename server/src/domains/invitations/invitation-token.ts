import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes: 256 bits, far past guessing. */
const TOKEN_BYTES = 32;

/** Only this hash is stored; the token itself exists in the invitee's email and nowhere else. */
export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new link token (URL-safe, 43 characters) and the hash to store for it. */
export function createInvitationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, tokenHash: hashInvitationToken(token) };
}
