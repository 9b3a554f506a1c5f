import { loadDocumentsInput, loadDocumentsOutput } from '#shared/schemas/documents.js';
import { orNotFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { findLoad } from '../loads/loads.repository.js';
import { countLoadDocuments, listDocuments } from './documents.repository.js';

/** A load's Documents tab: its documents the caller may see, newest first, and how many there are. A load they may not read answers NOT_FOUND. */
export const listLoadDocumentsProcedure = permitted('documents', 'read')
  .input(loadDocumentsInput)
  .output(loadDocumentsOutput)
  .query(async ({ ctx, input: { loadId, ...page } }) => {
    orNotFound(await findLoad(ctx.db, ctx.scope, loadId), 'Load');
    const found = await listDocuments(ctx.db, ctx.scope, { search: '', documentType: 'all', loadId }, page);
    return { ...found, total: await countLoadDocuments(ctx.db, ctx.scope, loadId) };
  });
