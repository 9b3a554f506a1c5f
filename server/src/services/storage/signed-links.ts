import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Download links of the disk adapter: an app URL carrying the key, the display name, the
 * content type and an expiry, signed with HMAC-SHA256. Changing any of them, or using the link
 * after it expired, gets 403 (server/src/domains/documents/documents.routes.ts).
 */
export const DOWNLOAD_PATH = '/files/download';

export interface SignedDownload {
  key: string;
  fileName: string;
  contentType: string;
  /** Unix seconds. */
  expires: number;
}

const payloadOf = (link: SignedDownload) => [link.key, link.fileName, link.contentType, String(link.expires)].join('\n');

export function signDownload(secret: Buffer, link: SignedDownload): string {
  const signature = createHmac('sha256', secret).update(payloadOf(link)).digest('base64url');
  const query = new URLSearchParams({
    key: link.key,
    name: link.fileName,
    type: link.contentType,
    expires: String(link.expires),
    sig: signature,
  });
  return `${DOWNLOAD_PATH}?${query.toString()}`;
}

export type VerifyResult = { ok: true; link: SignedDownload } | { ok: false; reason: 'invalid' | 'expired' };

/** Checks a link's signature first, then its expiry (`now` in Unix seconds). */
export function verifyDownload(secret: Buffer, query: Record<string, unknown>, now = Math.floor(Date.now() / 1000)): VerifyResult {
  const text = (name: string) => (typeof query[name] === 'string' ? (query[name] as string) : null);
  const key = text('key');
  const fileName = text('name');
  const contentType = text('type');
  const expiresText = text('expires');
  const signature = text('sig');
  if (key === null || fileName === null || contentType === null || expiresText === null || signature === null) {
    return { ok: false, reason: 'invalid' };
  }
  if (!/^\d{1,12}$/.test(expiresText)) return { ok: false, reason: 'invalid' };
  const link = { key, fileName, contentType, expires: Number(expiresText) };
  const expected = createHmac('sha256', secret).update(payloadOf(link)).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
  if (link.expires < now) return { ok: false, reason: 'expired' };
  return { ok: true, link };
}

/**
 * The signing secret: FILE_LINK_SECRET when set (several instances must share it), else a
 * random secret kept in the data folder, made on first use.
 */
export function signingSecret(configured: string | undefined, dataDir: string): Buffer {
  if (configured) return Buffer.from(configured, 'utf8');
  const file = path.join(dataDir, 'file-link-secret');
  try {
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32);
    try {
      writeFileSync(file, secret.toString('base64url'), { mode: 0o600, flag: 'wx' });
      return secret;
    } catch {
      // Another process made it first: use theirs.
      return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
    }
  }
}
