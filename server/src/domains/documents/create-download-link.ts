import { z } from 'zod';
import { documentIdInput, documentLinkOutput, DOCUMENT_TEXTS, SIGNED_LINK_SECONDS } from '#shared/schemas/documents.js';
import { AppError, orNotFound } from '../../errors.js';
import { linkSecretFor, storageFor } from '../../services/storage/index.js';
import { permitted } from '../../trpc/procedures.js';
import { isPreviewable, NO_PREVIEW, signPreview } from './document-preview.js';
import { findDocument } from './documents.repository.js';

/** `disposition: 'inline'` asks for the preview's link (document-preview.ts); a download's by default. */
const downloadLinkInput = documentIdInput.extend({
  disposition: z.enum(['attachment', 'inline'], { error: 'Disposition is invalid' }).default('attachment'),
});

/**
 * A download link valid for 3600 s (the spec's signed URL lifetime): an HMAC-signed app URL for
 * files on disk, a presigned URL for S3. Only for a document the caller may see.
 * An inline link (the preview) is always an app URL, whichever the store, and only for a PDF,
 * JPEG or PNG: another type answers BAD_REQUEST "No preview for this type".
 */
export const createDownloadLinkProcedure = permitted('documents', 'read')
  .input(downloadLinkInput)
  .output(documentLinkOutput)
  .mutation(async ({ ctx, input }) => {
    const document = orNotFound(await findDocument(ctx.db, ctx.scope, input.id), 'Document');
    const inline = input.disposition === 'inline';
    if (inline && !isPreviewable(document.contentType)) throw new AppError('BAD_REQUEST', NO_PREVIEW, { field: 'disposition' });
    try {
      const { config } = ctx.services;
      const url = inline
        ? signPreview(linkSecretFor(config), {
            key: document.filePath,
            fileName: document.fileName,
            contentType: document.contentType,
            expires: Math.floor(Date.now() / 1000) + SIGNED_LINK_SECONDS,
          })
        : await storageFor(config).downloadLink(document.filePath, {
            fileName: document.fileName,
            contentType: document.contentType,
            expiresInSeconds: SIGNED_LINK_SECONDS,
          });
      return { url, expiresAt: new Date(Date.now() + SIGNED_LINK_SECONDS * 1000).toISOString() };
    } catch (error) {
      throw new AppError('SERVICE_UNAVAILABLE', DOCUMENT_TEXTS.linkFailed, { cause: error });
    }
  });
