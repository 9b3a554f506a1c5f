import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { IMPORT_LIMITS, IMPORT_PATH, IMPORT_TEXTS, importUploadFields } from '#shared/schemas/imports.js';
import { scopeOf } from '../../db/scope.js';
// A plain route opens its company's tenant transaction itself, as procedures.ts does (eslint.config.js allows it in *.routes.ts).
import { withCompany } from '../../db/with-company.js';
import type { AppServices } from '../../services/services.js';
import { storageFor } from '../../services/storage/index.js';
import { callerOf } from '../../trpc/http-access.js';
import { insertImport } from './imports.repository.js';

class Refused extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

/** Byte patterns that say a file is not text: a NUL byte (programs, spreadsheets' binary formats). */
const NUL = 0;

/**
 * Watches an uploaded CSV as it streams: its size, and that it is text: no NUL byte anywhere and
 * not a ZIP (an .xlsx saved under .csv) nor a PDF by its first bytes.
 */
class TextInspector extends Transform {
  size = 0;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (this.size === 0) {
      const start = chunk.subarray(0, 5).toString('latin1');
      if (start.startsWith('PK\x03\x04') || start.startsWith('%PDF')) return done(new Refused(IMPORT_TEXTS.notCsv));
    }
    if (chunk.includes(NUL)) return done(new Refused(IMPORT_TEXTS.notCsv));
    this.size += chunk.length;
    done(null, chunk);
  }
}

const refuse = (reply: FastifyReply, status: number, message: string) => reply.code(status).send({ error: { message } });

/**
 * Step 1 of an import: POST /api/imports, multipart form data with the field `entity` (loads,
 * drivers, brokers or carriers) first and then the file (`file`, .csv or .txt, text, at most
 * 50 MB). The file streams to a temporary file (never whole in memory), is moved into the file
 * store under a key the server makes, and only then is the import's row inserted (status
 * uploaded); a refused or failed upload leaves neither. Answers { id } (201); the screen then asks
 * imports.preview. Admins only (imports.run).
 */
export function importsPlugin(services: AppServices) {
  return async function importRoutes(app: FastifyInstance): Promise<void> {
    const storage = storageFor(services.config);
    const staging = path.join(services.config.dataDir, 'files', '.tmp');
    await app.register(multipart, {
      limits: { fileSize: IMPORT_LIMITS.maxBytes, files: 1, fields: 5, fieldSize: 100, parts: 7, headerPairs: 50 },
      preservePath: true,
    });
    app.post(IMPORT_PATH, { config: { access: { domain: 'imports', action: 'run' } } }, async (request, reply) => {
      const { session } = callerOf(request);
      if (!request.isMultipart()) return refuse(reply, 400, IMPORT_TEXTS.selectFile);
      const scope = scopeOf(session, 'company');
      const staged = path.join(staging, `${randomUUID()}.import`);
      const key = `${scope.companyId}/${randomUUID()}`;
      const fields: Record<string, string> = {};
      let stored = false;
      try {
        let received: { name: string; size: number } | null = null;
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            fields[part.fieldname] = String(part.value);
            continue;
          }
          if (received || part.fieldname !== 'file') {
            part.file.resume();
            throw new Refused('Send one file per upload, in the field "file"');
          }
          const name = (part.filename ?? '').normalize('NFC').trim();
          // eslint-disable-next-line no-control-regex
          if (!name || /[/\\\u0000-\u001f\u007f]/.test(name) || !/\.(csv|txt)$/i.test(name)) {
            part.file.resume();
            throw new Refused(IMPORT_TEXTS.notCsv);
          }
          await mkdir(staging, { recursive: true });
          const inspector = new TextInspector();
          await pipeline(part.file, inspector, createWriteStream(staged, { flags: 'wx' }));
          if (part.file.truncated) throw tooLarge();
          if (inspector.size === 0) throw new Refused(IMPORT_TEXTS.noHeader);
          received = { name: name.slice(-255), size: inspector.size };
        }
        if (!received) throw new Refused(IMPORT_TEXTS.selectFile);
        const parsed = importUploadFields.safeParse(fields);
        if (!parsed.success) throw new Refused(parsed.error.issues[0]?.message ?? 'Invalid upload');
        await storage.putFile(key, staged, received.size, 'text/csv');
        stored = true;
        const upload = received;
        const id = await withCompany(services.db, { companyId: scope.companyId, userId: scope.userId }, (db) =>
          insertImport(db, scope, { entity: parsed.data.entity, fileKey: key, fileName: upload.name, fileSize: upload.size }),
        );
        return reply.code(201).send({ id });
      } catch (error) {
        if (stored) await storage.remove(key).catch((removal: Error) => services.log.warn(`imports: removing ${key}: ${removal.message}`));
        if (error instanceof Refused) return refuse(reply, error.status, error.message);
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') return refuse(reply, 413, tooLarge().message);
        if (code?.startsWith('FST_')) return refuse(reply, 400, (error as Error).message);
        services.log.error('import upload failed', error);
        return refuse(reply, 500, IMPORT_TEXTS.uploadFailed);
      } finally {
        await rm(staged, { force: true });
      }
    });
  };
}

const tooLarge = () => new Refused(`File is larger than the ${IMPORT_LIMITS.maxBytes / (1024 * 1024)} MB limit`, 413);
