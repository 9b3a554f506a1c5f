import { IMPORT_PATH, IMPORT_TEXTS, type ImportEntity } from '#shared/schemas/imports.js';

export type UploadOutcome = { ok: true; id: string } | { ok: false; message: string };

/**
 * Step 1: sends the CSV to POST /api/imports (multipart: the entity first, then the file),
 * reporting progress from 0 to 100. XMLHttpRequest, because fetch cannot tell upload progress.
 */
export function uploadImport(file: File, entity: ImportEntity, onProgress: (percent: number) => void): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    const form = new FormData();
    form.append('entity', entity);
    form.append('file', file, file.name);
    const request = new XMLHttpRequest();
    request.open('POST', IMPORT_PATH);
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      const body = request.response as { id?: string; error?: { message?: string } } | null;
      if (request.status === 201 && body?.id) {
        onProgress(100);
        resolve({ ok: true, id: body.id });
      } else resolve({ ok: false, message: body?.error?.message ?? IMPORT_TEXTS.uploadFailed });
    };
    request.onerror = () => resolve({ ok: false, message: IMPORT_TEXTS.uploadFailed });
    request.send(form);
  });
}
