import { SESSION_COOKIE } from '../../../server/src/auth/lucia.js';

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

/** A small but complete PDF (header, one page, xref, %%EOF) with some text in it. */
export function minimalPdf(text = 'Proof of delivery'): string {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${`BT /F1 18 Tf 72 720 Td (${text}) Tj ET`.length} >>\nstream\nBT /F1 18 Tf 72 720 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return body;
}

/** A valid 1x1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
