import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes: 256 bits, far past guessing. */
const TOKEN_BYTES = 32;

/** Only this hash is stored; the token exists in the link that was sent, and nowhere else. */
export function hashTrackingToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new link token (URL-safe, 43 characters) and the hash to store for it. */
export function createTrackingToken(): { token: string; tokenHash: string } {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, tokenHash: hashTrackingToken(token) };
}
