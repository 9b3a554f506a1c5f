import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { checkUpload, displayName, UploadInspector, UploadRefused } from './upload-checks.js';

/** A file received and checked: its display name, its size and its type by its content. */
export interface ReceivedFile {
  name: string;
  size: number;
  contentType: string;
}

export const tooLarge = (max: number) => new UploadRefused(`File is larger than the ${Math.round(max / (1024 * 1024))} MB limit`, 413);

/**
 * The one intake of an upload route's multipart body (documents, rate cons): the form's fields
 * that come before the file, and exactly one file in the field `file`, streamed (never whole in
 * memory) through the inspector to `staged` and checked there (upload-checks.ts). A second file,
 * another file field, a name or type refused, or a file over `maxBytes` throws UploadRefused with
 * the message to show; the caller removes `staged` whatever happens. `file` is null when the
 * body held none.
 */
export async function receiveUpload(
  request: FastifyRequest,
  options: {
    staged: string;
    maxBytes: number;
    /** The extensions this route takes (beyond what every upload may be), and the refusal of any other. */
    only?: { extensions: readonly string[]; refusal: string };
  },
): Promise<{ file: ReceivedFile | null; fields: Record<string, string> }> {
  const fields: Record<string, string> = {};
  let file: ReceivedFile | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (!file) fields[part.fieldname] = String(part.value);
      continue;
    }
    if (file || part.fieldname !== 'file') {
      part.file.resume();
      throw new UploadRefused('Send one file per upload, in the field "file"');
    }
    let named: ReturnType<typeof displayName>;
    try {
      named = displayName(part.filename);
      if (options.only && !options.only.extensions.includes(named.extension)) throw new UploadRefused(options.only.refusal);
    } catch (error) {
      part.file.resume();
      throw error;
    }
    await mkdir(path.dirname(options.staged), { recursive: true });
    const inspector = new UploadInspector();
    try {
      await pipeline(part.file, inspector, createWriteStream(options.staged, { flags: 'wx' }));
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' || part.file.truncated) throw tooLarge(options.maxBytes);
      throw error;
    }
    if (part.file.truncated) throw tooLarge(options.maxBytes);
    const checked = await checkUpload(options.staged, named.extension, inspector);
    file = { name: named.name, size: inspector.size, contentType: checked.contentType };
  }
  return { file, fields };
}
