import { documentIdInput, DOCUMENT_TEXTS, podExtraction } from '#shared/schemas/documents.js';
import { buffer } from 'node:stream/consumers';
import { AppError, orNotFound } from '../../errors.js';
import { storageFor } from '../../services/storage/index.js';
import { readPodText } from '../../services/storage/pod-reader.js';
import { permitted } from '../../trpc/procedures.js';
import { findDocument } from './documents.repository.js';
import { proposePodFields } from './pod-fields.js';

/**
 * "Extract Data" on a POD (the spec's extract-pod-data): reads the file offline (text layer or OCR)
 * and proposes the delivery fields with their source text and confidence. Nothing is stored: a
 * person reviews, corrects and confirms (confirmPodData).
 */
export const extractPodDataProcedure = permitted('documents', 'write')
  .input(documentIdInput)
  .output(podExtraction)
  .mutation(async ({ ctx, input }) => {
    const document = orNotFound(await findDocument(ctx.db, ctx.scope, input.id), 'Document');
    if (document.documentType !== 'pod') throw new AppError('BAD_REQUEST', 'Only POD documents can be extracted', { field: 'id' });
    try {
      const bytes = await buffer(await storageFor(ctx.services.config).read(document.filePath));
      const { POD_EXTRACT_URL: url, POD_EXTRACT_KEY: key } = ctx.services.config;
      const { method, lines } = await readPodText(bytes, document.contentType, { vision: url ? { url, key } : undefined });
      return { method, proposal: proposePodFields(lines) };
    } catch (error) {
      throw new AppError('SERVICE_UNAVAILABLE', `${DOCUMENT_TEXTS.extractionFailed}: the document could not be read`, { cause: error });
    }
  });
