import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { documentUploadFields, DOCUMENT_TEXTS, type DocumentListItem } from '#shared/schemas/documents.js';
import { scopeOf } from '../../db/scope.js';
import { withCompany } from '../../db/with-company.js';
import type { AppServices } from '../../services/services.js';
import { linkSecretFor, storageFor } from '../../services/storage/index.js';
import { stopPodReader } from '../../services/storage/pod-reader.js';
import { DOWNLOAD_PATH, verifyDownload } from '../../services/storage/signed-links.js';
import { attachmentDisposition } from '../../services/storage/storage.js';
import { markApiKeyCall } from '../../auth/api-key-context.js';
import { callerOf } from '../../trpc/http-access.js';
import { API_BASE_PATH, isApiPath, PROBLEM_CONTENT_TYPE, problemOfStatus } from '../../trpc/problem.js';
import { asksInline, inlineHeaders, isPreviewable, previewSecret } from './document-preview.js';
import { insertDocument, mayLink } from './documents.repository.js';
import { receiveUpload, tooLarge } from './receive-upload.js';
import { admitPortalUpload, UploadRefused } from './upload-checks.js';

export const UPLOAD_PATH = '/api/documents';
/** The same upload in the REST API (issue 28). */
export const API_UPLOAD_PATH = `${API_BASE_PATH}/documents`;

/**
 * The documents' HTTP routes (HTTP plumbing here: the session, multipart, the tenant transaction;
 * the rules are the documents domain's: upload-checks.ts, documents.repository.ts), beside tRPC (which carries no files):
 * - POST /api/documents: one file as multipart form data, its fields first (documentUploadFields).
 *   The file streams to a temporary file (never whole in memory), is checked (upload-checks.ts),
 *   moved into the file store under a key the server makes, and only then is its row inserted; a
 *   refused or failed upload leaves neither. Answers the new document (201) or { error: { message } }.
 * - GET /files/download: the disk store's signed links (403 when altered or expired), and every
 *   store's inline preview links (`disposition=inline`, document-preview.ts).
 */
export async function documentRoutes(app: FastifyInstance, services: AppServices): Promise<void> {
  const { config } = services;
  const storage = storageFor(config);
  await storage.ready();
  const secret = linkSecretFor(config);
  const staging = path.join(config.dataDir, 'files', '.tmp');
  // The OCR worker thread (started on the first POD extraction) ends with the server.
  app.addHook('onClose', async () => stopPodReader());

  await app.register(async (scoped) => {
    await scoped.register(multipart, {
      limits: { fileSize: config.UPLOAD_MAX_BYTES, files: 1, fields: 10, fieldSize: 200, parts: 12, headerPairs: 50 },
      // Keep the name as sent, so a name with path separators is refused, not silently cut.
      preservePath: true,
    });

    // documents.upload: staff as documents.write allows; a driver or carrier user (portal) only a POD for a load of their own (admitPortalUpload).
    const access = { domain: 'documents', action: 'upload' } as const;
    const upload = async (request: FastifyRequest, reply: FastifyReply) => {
      const { session, isPortal, apiKey } = callerOf(request);
      const isStaff = !isPortal;
      if (!request.isMultipart()) return refuse(reply, 400, DOCUMENT_TEXTS.selectFile);

      const scope = scopeOf(session, 'company');
      const staged = path.join(staging, `${randomUUID()}.upload`);
      const key = `${scope.companyId}/${randomUUID()}`;
      let stored = false;
      try {
        const { file: received, fields } = await receiveUpload(request, { staged, maxBytes: config.UPLOAD_MAX_BYTES });
        if (!received) throw new UploadRefused(DOCUMENT_TEXTS.selectFile);
        const parsed = documentUploadFields.safeParse(fields);
        if (!parsed.success) throw new UploadRefused(parsed.error.issues[0]?.message ?? 'Invalid upload');
        const input = parsed.data;

        await storage.putFile(key, staged, received.size, received.contentType);
        stored = true;
        const document = await withCompany(services.db, { companyId: scope.companyId, userId: scope.userId }, async (db) => {
          if (apiKey) await markApiKeyCall(db, apiKey.id); // audited as made by the API key
          if (!isStaff) {
            const portal = await admitPortalUpload(db, scope, input);
            return insertDocument(db, scope, {
              ...portal,
              loadId: input.loadId ?? null,
              fileName: received.name,
              filePath: key,
              fileSize: received.size,
              contentType: received.contentType,
              documentType: input.documentType,
            });
          }
          const links = [
            ['loads', input.loadId, 'Load'],
            ['drivers', input.driverId, 'Driver'],
            ['carriers', input.carrierId, 'Carrier'],
          ] as const;
          for (const [table, id, label] of links) {
            // Another company's id answers exactly like a missing one.
            if (id && !(await mayLink(db, scope, table, id))) throw new UploadRefused(`${label} not found`);
          }
          return insertDocument(db, scope, {
            loadId: input.loadId ?? null,
            driverId: input.driverId ?? null,
            carrierId: input.carrierId ?? null,
            fileName: received.name,
            filePath: key,
            fileSize: received.size,
            contentType: received.contentType,
            documentType: input.documentType,
            visibility: input.visibility,
          });
        });
        // The staged file is gone before the answer leaves (a client may look right after it).
        await rm(staged, { force: true });
        return reply.code(201).send(document satisfies DocumentListItem);
      } catch (error) {
        await rm(staged, { force: true });
        if (stored)
          await storage.remove(key).catch((removal: Error) => services.log.warn(`documents: removing ${key}: ${removal.message}`));
        if (error instanceof UploadRefused) return refuse(reply, error.status, error.message);
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') return refuse(reply, 413, tooLarge(config.UPLOAD_MAX_BYTES).message);
        if (code?.startsWith('FST_')) return refuse(reply, 400, (error as Error).message);
        services.log.error('document upload failed', error);
        return refuse(reply, 500, DOCUMENT_TEXTS.uploadFailed);
      } finally {
        await rm(staged, { force: true });
      }
    };
    scoped.post(UPLOAD_PATH, { config: { access } }, upload);
    // The REST API's upload (an API key; domains/api/openapi-document.ts documents it): the same route.
    scoped.post(API_UPLOAD_PATH, { config: { access } }, upload);
  });

  // An inline link (the preview, document-preview.ts) carries disposition=inline and is signed with the preview's own key.
  const inlineSecret = previewSecret(secret);
  app.get(DOWNLOAD_PATH, { config: { access: { public: 'a signed, expiring link (signed-links.ts)' } } }, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const inline = asksInline(query);
    const verified = verifyDownload(inline ? inlineSecret : secret, query);
    if (!verified.ok) return refuse(reply, 403, verified.reason === 'expired' ? 'This download link has expired' : 'Invalid download link');
    const { link } = verified;
    if (inline && !isPreviewable(link.contentType)) return refuse(reply, 403, 'Invalid download link');
    let body;
    try {
      body = await storage.read(link.key);
    } catch {
      return refuse(reply, 404, 'File not found');
    }
    return reply
      .header('content-type', link.contentType)
      .headers(inline ? inlineHeaders(link.fileName, link.contentType) : { 'content-disposition': attachmentDisposition(link.fileName) })
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(body);
  });
}

function refuse(reply: FastifyReply, status: number, message: string) {
  // Under the REST API an error is a problem (RFC 9457).
  if (isApiPath(reply.request.url))
    return reply
      .code(status)
      .header('content-type', PROBLEM_CONTENT_TYPE)
      .send(JSON.stringify(problemOfStatus(status, message)));
  return reply.code(status).send({ error: { message } });
}
