import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RATE_CON_PATH, RATE_CON_TEXTS, type RateConExtractOutput } from '#shared/schemas/rate-cons.js';
import { scopeOf } from '../../db/scope.js';
// A plain route opens its company's tenant transaction itself, as procedures.ts does (eslint.config.js allows it in *.routes.ts).
import { withCompany } from '../../db/with-company.js';
import { AppError } from '../../errors.js';
import type { AppServices } from '../../services/services.js';
import { linkSecretFor, storageFor } from '../../services/storage/index.js';
import { callerOf } from '../../trpc/http-access.js';
import { API_BASE_PATH, isApiPath, problem, PROBLEM_CONTENT_TYPE, problemOfError, problemOfStatus } from '../../trpc/problem.js';
import { receiveUpload, tooLarge } from '../documents/receive-upload.js';
import { UploadRefused } from '../documents/upload-checks.js';
import { companyIdentity, findDuplicate, matchBroker } from './rate-cons.repository.js';
import { rateConVision, readRateCon, ReadersBusy, type RateConMime } from './read-rate-con.js';
import { signStagedFile, STAGED_TTL_MS } from './staged-file.js';

/** The same import in the REST API, with an API key (domains/api/openapi-document.ts documents it). */
export const API_RATE_CON_PATH = `${API_BASE_PATH}/rate-confirmations/extract`;

const RATE_CON_TYPES: Record<string, RateConMime> = {
  'application/pdf': 'application/pdf',
  'image/jpeg': 'image/jpeg',
  'image/png': 'image/png',
};

/** A refusal naming the field (always `file` here: the only thing sent). */
function refuse(reply: FastifyReply, status: number, message: string, field: string | null = 'file') {
  if (isApiPath(reply.request.url)) {
    const body = field
      ? problem(status, problemOfStatus(status, message).code, message, [{ field, message }])
      : problemOfStatus(status, message);
    return reply.code(status).header('content-type', PROBLEM_CONTENT_TYPE).send(JSON.stringify(body));
  }
  return reply.code(status).send({ error: field ? { message, field } : { message } });
}

/**
 * Import a rate con (issue 29, items 1 and 4): POST /api/rate-confirmations/extract and, with an
 * API key, POST /api/v1/rate-confirmations/extract; multipart with one file in the field `file`
 * (PDF, JPEG or PNG), received and checked exactly as a document upload is (upload-checks.ts, the
 * same size limit). For anyone who may create loads (loads.write).
 *
 * 1. The caller is admitted by the one route guard (trpc/http-access.ts); a short read-only
 *    transaction reads the company's own name and MC number.
 * 2. The file is stored in the file store (staged-file.ts: the load's save attaches it later).
 * 3. It is read with no database connection held (read-rate-con.ts).
 * 4. A second short read-only transaction matches the broker and looks for a duplicate load.
 * Answers 200 with RateConExtractOutput; a file that cannot be read answers 400 with the reader's
 * message naming the field `file`, and nothing is kept.
 */
export function rateConsPlugin(services: AppServices) {
  return async function rateConRoutes(app: FastifyInstance): Promise<void> {
    const { config } = services;
    const storage = storageFor(config);
    const secret = linkSecretFor(config);
    const staging = path.join(config.dataDir, 'files', '.tmp');
    await app.register(multipart, {
      limits: { fileSize: config.UPLOAD_MAX_BYTES, files: 1, fields: 5, fieldSize: 200, parts: 7, headerPairs: 50 },
      preservePath: true,
    });
    const access = { domain: 'loads', action: 'write' } as const;

    const extract = async (request: FastifyRequest, reply: FastifyReply) => {
      const { session } = callerOf(request);
      if (!request.isMultipart()) return refuse(reply, 400, RATE_CON_TEXTS.selectFile);
      const scope = scopeOf(session, 'company');
      const tenant = { companyId: scope.companyId, userId: scope.userId };
      const staged = path.join(staging, `${randomUUID()}.ratecon`);
      const key = `${scope.companyId}/${randomUUID()}`;
      let stored = false;
      try {
        const { file: received } = await receiveUpload(request, {
          staged,
          maxBytes: config.UPLOAD_MAX_BYTES,
          only: { extensions: ['pdf', 'jpg', 'jpeg', 'png'], refusal: RATE_CON_TEXTS.fileTypes },
        });
        if (!received) throw new UploadRefused(RATE_CON_TEXTS.selectFile);
        const mimeType = RATE_CON_TYPES[received.contentType];
        if (!mimeType) throw new UploadRefused(RATE_CON_TEXTS.fileTypes);

        const identity = await withCompany(services.db, tenant, (db) => companyIdentity(db, scope.companyId), { readOnly: true });
        const bytes = await readFile(staged);
        await storage.putFile(key, staged, received.size, received.contentType);
        stored = true;
        await rm(staged, { force: true });

        const read = await readRateCon(bytes, mimeType, { ...identity, vision: rateConVision(config) });

        const { fields } = read;
        const [brokerMatch, duplicateOf] = await withCompany(
          services.db,
          tenant,
          async (db) =>
            [
              await matchBroker(db, scope, { name: fields.brokerName.value, mc: fields.brokerMc.value }),
              await findDuplicate(db, scope, fields.referenceNumber.value),
            ] as const,
          { readOnly: true },
        );
        const fileToken = signStagedFile(secret, {
          companyId: scope.companyId,
          key,
          fileName: received.name,
          fileSize: received.size,
          contentType: received.contentType,
          expires: Date.now() + STAGED_TTL_MS,
        });
        const answer: RateConExtractOutput = {
          fileToken,
          fileName: received.name,
          method: read.method,
          fields,
          stops: read.stops,
          lineItems: read.lineItems,
          brokerMatch,
          duplicateOf,
        };
        return reply.code(200).send(answer);
      } catch (error) {
        if (stored)
          await storage.remove(key).catch((removal: Error) => services.log.warn(`rate cons: removing ${key}: ${removal.message}`));
        if (error instanceof UploadRefused) return refuse(reply, error.status, error.message);
        if (error instanceof ReadersBusy) return refuse(reply, 503, error.message, null);
        if (error instanceof AppError) {
          if (isApiPath(request.url)) {
            const body = problemOfError(error);
            return reply.code(body.status).header('content-type', PROBLEM_CONTENT_TYPE).send(JSON.stringify(body));
          }
          return refuse(reply, error.code === 'INTERNAL_SERVER_ERROR' ? 500 : statusOf(error), error.message, error.field ?? null);
        }
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') return refuse(reply, 413, tooLarge(config.UPLOAD_MAX_BYTES).message);
        if (code?.startsWith('FST_')) return refuse(reply, 400, (error as Error).message);
        services.log.error('rate con import failed', error);
        return refuse(reply, 500, RATE_CON_TEXTS.readFailed, null);
      } finally {
        await rm(staged, { force: true });
      }
    };
    app.post(RATE_CON_PATH, { config: { access } }, extract);
    app.post(API_RATE_CON_PATH, { config: { access } }, extract);
  };
}

const STATUS_OF_CODE: Record<string, number> = {
  BAD_REQUEST: 400,
  NOT_FOUND: 404,
  FORBIDDEN: 403,
  PAYLOAD_TOO_LARGE: 413,
  SERVICE_UNAVAILABLE: 503,
};
const statusOf = (error: AppError) => STATUS_OF_CODE[error.code] ?? 400;
