import { SESSION_COOKIE } from '../../../server/src/services/lucia.js';
import { textPdf } from '../../../server/src/seed/sample-files.js';

export interface UploadAnswer {
  status: number;
  body: { id?: string; fileName?: string; error?: { message: string } } & Record<string, unknown>;
}

/** Uploads as a browser would: multipart, the fields first, then the file, with the session cookie and the app's own Origin. */
export async function upload(
  origin: string,
  sessionId: string | null,
  file: { name: string; content: Uint8Array | string; type?: string } | null,
  fields: Record<string, string> = {},
): Promise<UploadAnswer> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) {
    const bytes = Uint8Array.from(typeof file.content === 'string' ? new TextEncoder().encode(file.content) : file.content);
    form.append('file', new Blob([bytes], { type: file.type ?? 'application/octet-stream' }), file.name);
  }
  const response = await fetch(`${origin}/api/documents`, {
    method: 'POST',
    headers: { origin, ...(sessionId ? { cookie: `${SESSION_COOKIE}=${sessionId}` } : {}) },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as UploadAnswer['body'] };
}

/** A small but complete PDF (header, one page, xref, %%EOF) with some text in it (server/src/seed/sample-files.ts). */
export function minimalPdf(text = 'Proof of delivery'): string {
  return textPdf(text).toString('latin1');
}

/** A valid 1x1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
