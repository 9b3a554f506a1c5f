import { documentListInput, documentListOutput } from '#shared/schemas/documents.js';
import { permitted } from '../../trpc/procedures.js';
import { listDocuments } from './documents.repository.js';

/** The Documents page: type and load filters, search by file name, newest first, keyset paged; only what the caller's role may see. */
export const listDocumentsProcedure = permitted('documents', 'read')
  .input(documentListInput)
  .output(documentListOutput)
  .query(({ ctx, input: { search, documentType, loadId, ...page } }) =>
    listDocuments(ctx.db, ctx.scope, { search, documentType, loadId }, page),
  );
