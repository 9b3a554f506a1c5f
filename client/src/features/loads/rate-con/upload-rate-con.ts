import { RATE_CON_PATH, RATE_CON_TEXTS, type RateConExtractOutput } from '#shared/schemas/rate-cons.js';

export type RateConOutcome = { ok: true; read: RateConExtractOutput } | { ok: false; message: string };

/**
 * Sends the rate con to POST /api/rate-confirmations/extract (multipart, the field `file`) and
 * answers what was read, or the server's own message (an encrypted PDF, too many pages, "No rate
 * confirmation found"). `onProgress` hears the upload from 0 to 100; then the server reads.
 * XMLHttpRequest, because fetch cannot tell upload progress.
 */
export function uploadRateCon(file: File, onProgress: (percent: number) => void): Promise<RateConOutcome> {
  return new Promise((resolve) => {
    const form = new FormData();
    form.append('file', file, file.name);
    const request = new XMLHttpRequest();
    request.open('POST', RATE_CON_PATH);
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.upload.onload = () => onProgress(100);
    request.onload = () => {
      const body = request.response as (RateConExtractOutput & { error?: { message?: string } }) | null;
      if (request.status === 200 && body?.fileToken) resolve({ ok: true, read: body });
      else resolve({ ok: false, message: body?.error?.message ?? RATE_CON_TEXTS.readFailed });
    };
    request.onerror = () => resolve({ ok: false, message: RATE_CON_TEXTS.readFailed });
    request.send(form);
  });
}
