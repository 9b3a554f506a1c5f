import { IMPORT_TEXTS, importIdInput, importLinkOutput } from '#shared/schemas/imports.js';
import { SIGNED_LINK_SECONDS } from '#shared/schemas/documents.js';
import { AppError, notFound, orNotFound } from '../../errors.js';
import { storageFor } from '../../services/storage/index.js';
import { permitted } from '../../trpc/procedures.js';
import { findImportFile } from './imports.repository.js';

/** A download link (an hour) to the CSV of an import's failed rows: their cells as read and an error column. */
export const failedRowsLinkProcedure = permitted('imports', 'run')
  .input(importIdInput)
  .output(importLinkOutput)
  .mutation(async ({ ctx, input }) => {
    const found = orNotFound(await findImportFile(ctx.db, ctx.scope, input.id), 'Import');
    if (!found.failedFileKey) throw notFound('Failed rows file');
    const base = found.fileName.replace(/\.[^.]*$/, '') || 'import';
    try {
      const url = await storageFor(ctx.services.config).downloadLink(found.failedFileKey, {
        fileName: `${base}-failed-rows.csv`,
        contentType: 'text/csv',
        expiresInSeconds: SIGNED_LINK_SECONDS,
      });
      return { url, expiresAt: new Date(Date.now() + SIGNED_LINK_SECONDS * 1000).toISOString() };
    } catch (error) {
      throw new AppError('SERVICE_UNAVAILABLE', IMPORT_TEXTS.linkFailed, { cause: error });
    }
  });
