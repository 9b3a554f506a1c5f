import { podConfirmInput, podData } from '#shared/schemas/documents.js';
import { AppError, orNotFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { findDocument, findPodData, savePodData } from './documents.repository.js';

/** Stores the POD values a person reviewed and confirmed, with who confirmed them and when. */
export const confirmPodDataProcedure = permitted('documents', 'write')
  .input(podConfirmInput)
  .output(podData)
  .mutation(async ({ ctx, input: { id, ...values } }) => {
    const document = orNotFound(await findDocument(ctx.db, ctx.scope, id), 'Document');
    if (document.documentType !== 'pod') throw new AppError('BAD_REQUEST', 'Only POD documents can be extracted', { field: 'id' });
    await savePodData(ctx.db, ctx.scope, id, values);
    return orNotFound(await findPodData(ctx.db, ctx.scope, id), 'Document');
  });
