import { importPreviewOutput, previewImportInput } from '#shared/schemas/imports.js';
import { AppError, orNotFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { mappingIsValid } from './import-fields.js';
import { previewImport } from './import-preview.js';
import { findImportFile } from './imports.repository.js';

/**
 * Steps 2 and 3 of an import: the mapping guessed from the headers (no mapping given) or the one
 * chosen, and the first rows checked, each error named by row and field.
 */
export const previewImportProcedure = permitted('imports', 'run')
  .input(previewImportInput)
  .output(importPreviewOutput)
  .query(async ({ ctx, input }) => {
    const upload = orNotFound(await findImportFile(ctx.db, ctx.scope, input.id), 'Import');
    if (input.mapping && !mappingIsValid(upload.entity, input.mapping))
      throw new AppError('BAD_REQUEST', 'Mapping is invalid', { field: 'mapping' });
    return previewImport(ctx.db, ctx.services.config, upload, input.mapping);
  });
