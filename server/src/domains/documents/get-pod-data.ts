import { documentIdInput, podData } from '#shared/schemas/documents.js';
import { orNotFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { findDocument, findPodData } from './documents.repository.js';

/** The confirmed POD data of a document, or null while none is confirmed. */
export const getPodDataProcedure = permitted('documents', 'read')
  .input(documentIdInput)
  .output(podData.nullable())
  .query(async ({ ctx, input }) => {
    orNotFound(await findDocument(ctx.db, ctx.scope, input.id), 'Document');
    return (await findPodData(ctx.db, ctx.scope, input.id)) ?? null;
  });
