import { documentDeleteOutput, documentIdInput } from '#shared/schemas/documents.js';
import { notFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { queueObjectRemoval } from './document-jobs.js';
import { deleteDocumentRow } from './documents.repository.js';

/**
 * Deletes a document the caller may see; its stored object is removed after commit by a job
 * queued in the same transaction (nothing is removed for a delete that rolled back).
 */
export const deleteDocumentProcedure = permitted('documents', 'write')
  .input(documentIdInput)
  .output(documentDeleteOutput)
  .mutation(async ({ ctx, input }) => {
    const key = await deleteDocumentRow(ctx.db, ctx.scope, input.id);
    if (!key) throw notFound('Document');
    await queueObjectRemoval(ctx.db, key);
    return { id: input.id };
  });
