import { documentIdInput, documentLinkOutput, DOCUMENT_TEXTS, SIGNED_LINK_SECONDS } from '#shared/schemas/documents.js';
import { AppError, orNotFound } from '../../errors.js';
import { storageFor } from '../../services/storage/index.js';
import { permitted } from '../../trpc/procedures.js';
import { findDocument } from './documents.repository.js';

/**
 * A download link valid for 3600 s (the spec's signed URL lifetime): an HMAC-signed app URL for
 * files on disk, a presigned URL for S3. Only for a document the caller may see.
 */
export const createDownloadLinkProcedure = permitted('documents', 'read')
  .input(documentIdInput)
  .output(documentLinkOutput)
  .mutation(async ({ ctx, input }) => {
    const document = orNotFound(await findDocument(ctx.db, ctx.scope, input.id), 'Document');
    try {
      const url = await storageFor(ctx.services.config).downloadLink(document.filePath, {
        fileName: document.fileName,
        contentType: document.contentType,
        expiresInSeconds: SIGNED_LINK_SECONDS,
      });
      return { url, expiresAt: new Date(Date.now() + SIGNED_LINK_SECONDS * 1000).toISOString() };
    } catch (error) {
      throw new AppError('SERVICE_UNAVAILABLE', DOCUMENT_TEXTS.linkFailed, { cause: error });
    }
  });
