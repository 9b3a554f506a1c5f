import { createHmac, timingSafeEqual } from 'node:crypto';
import { ORPHAN_GRACE_MS } from '../documents/document-jobs.js';

/**
 * The imported rate con's file between the import and the save of its load (issue 29): stored at
 * once in the file store under a key the server makes (`<company>/<uuid>`, as every document's),
 * so the load's save attaches it without a second upload. The client holds a token naming it,
 * signed by the server (HMAC-SHA256 with the file links' secret, under a purpose of its own), that
 * names the company, the key, the file's name, size and type, and an expiry.
 *
 * No row is written for a staged file: until it is attached, its object has no document row, and
 * the documents' hourly sweeper (documents/document-tasks.ts, sweepOrphans) removes it once it is
 * older than its grace period (an hour). A token therefore lives a little less than that grace,
 * and an expired one is refused naming the field; a file never attached is gone within two hours,
 * not a day, with nothing of ours to clean.
 */
export const STAGED_TTL_MS = ORPHAN_GRACE_MS - 5 * 60 * 1000;

export interface StagedFile {
  companyId: string;
  key: string;
  fileName: string;
  fileSize: number;
  contentType: string;
  /** Unix milliseconds. */
  expires: number;
}

const PURPOSE = 'haulwise rate-con staged file v1\n';

const signatureOf = (secret: Buffer, body: string) => createHmac('sha256', secret).update(PURPOSE).update(body).digest();

export function signStagedFile(secret: Buffer, file: StagedFile): string {
  const body = Buffer.from(JSON.stringify(file), 'utf8').toString('base64url');
  return `${body}.${signatureOf(secret, body).toString('base64url')}`;
}

export type StagedVerdict = { ok: true; file: StagedFile } | { ok: false; reason: 'invalid' | 'expired' };

/** Checks a token's signature, then its expiry, and that it names a file of `companyId`. */
export function verifyStagedFile(secret: Buffer, token: string, companyId: string, now = Date.now()): StagedVerdict {
  const [body, signature, ...rest] = token.split('.');
  if (!body || !signature || rest.length > 0) return { ok: false, reason: 'invalid' };
  const given = Buffer.from(signature, 'base64url');
  const expected = signatureOf(secret, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
  let file: StagedFile;
  try {
    file = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as StagedFile;
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (file.companyId !== companyId || typeof file.key !== 'string' || !file.key.startsWith(`${companyId}/`))
    return { ok: false, reason: 'invalid' };
  if (typeof file.expires !== 'number' || file.expires < now) return { ok: false, reason: 'expired' };
  return { ok: true, file };
}
