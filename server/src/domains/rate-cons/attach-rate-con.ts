import { documentListItem } from '#shared/schemas/documents.js';
import { attachRateConInput, RATE_CON_TEXTS } from '#shared/schemas/rate-cons.js';
import { AppError } from '../../errors.js';
import { linkSecretFor, storageFor } from '../../services/storage/index.js';
import { permitted } from '../../trpc/procedures.js';
import { insertDocument, keysWithRows, mayLink } from '../documents/documents.repository.js';
import { verifyStagedFile } from './staged-file.js';

/**
 * After Create Load saved the load made from an imported rate con (issue 29, item 1): the file
 * imported (its token from POST /api/rate-confirmations/extract, staged-file.ts) becomes the
 * load's document of type rate_confirmation, seen by the office (visibility dispatcher, as an
 * upload's default). A token of another company, altered, expired, or whose file the store no
 * longer has answers naming fileToken; a file already attached is not attached twice; a load the
 * user may not change answers 'Load not found', as a missing one.
 */
export const attachRateConProcedure = permitted('loads', 'write')
  .input(attachRateConInput)
  .output(documentListItem)
  .mutation(async ({ ctx, input }) => {
    const { scope } = ctx;
    const verdict = verifyStagedFile(linkSecretFor(ctx.services.config), input.fileToken, scope.companyId);
    if (!verdict.ok) throw new AppError('BAD_REQUEST', RATE_CON_TEXTS.expired, { field: 'fileToken' });
    const { file } = verdict;
    if (!(await mayLink(ctx.db, scope, 'loads', input.loadId))) throw new AppError('NOT_FOUND', 'Load not found', { field: 'loadId' });
    if ((await keysWithRows(ctx.db, [file.key])).size > 0)
      throw new AppError('CONFLICT', RATE_CON_TEXTS.alreadyAttached, { field: 'fileToken' });
    if (!(await storageFor(ctx.services.config).exists(file.key)))
      throw new AppError('BAD_REQUEST', RATE_CON_TEXTS.expired, { field: 'fileToken' });
    return insertDocument(ctx.db, scope, {
      loadId: input.loadId,
      driverId: null,
      carrierId: null,
      fileName: file.fileName,
      filePath: file.key,
      fileSize: file.fileSize,
      contentType: file.contentType,
      documentType: 'rate_confirmation',
      visibility: 'dispatcher',
    });
  });
