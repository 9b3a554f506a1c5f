import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, API_KEY_SHOWN_CHARS } from '#shared/schemas/api-keys.js';

/** 32 random bytes: 256 bits, far past guessing, so a fast hash (SHA-256) is enough to store it. */
const SECRET_BYTES = 32;

/** Only this hash is stored; the key exists where it was copied to, and nowhere else. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** A new key (`hw_live_` and 43 URL-safe characters), the part shown in lists, and the hash to store. */
export function createApiKeySecret(): { key: string; prefix: string; secretHash: string } {
  const key = `${API_KEY_PREFIX}${randomBytes(SECRET_BYTES).toString('base64url')}`;
  return { key, prefix: key.slice(0, API_KEY_SHOWN_CHARS), secretHash: hashApiKey(key) };
}

/** The key of an `Authorization: Bearer hw_live_…` header, or null when the header names none. */
export function bearerApiKey(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  const key = match?.[1];
  return key && key.startsWith(API_KEY_PREFIX) && key.length <= 100 ? key : null;
}
