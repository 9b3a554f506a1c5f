import { IMPORT_TEXTS, importOutput, runImportInput } from '#shared/schemas/imports.js';
import { AppError, orNotFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { mappingIsValid, missingFields } from './import-fields.js';
import { queueImportRun } from './import-jobs.js';
import { fitMapping, readHead } from './import-preview.js';
import { findImport, findImportFile, queueImport } from './imports.repository.js';

/**
 * Step 4: imports the valid rows with the mapping chosen. The import is queued in this
 * transaction (the job runs after commit, import-tasks.ts); its progress is read with imports.get.
 * A mapping without a required field (a load number, a name) is refused naming it.
 */
export const runImportProcedure = permitted('imports', 'run')
  .input(runImportInput)
  .output(importOutput)
  .mutation(async ({ ctx, input }) => {
    const upload = orNotFound(await findImportFile(ctx.db, ctx.scope, input.id), 'Import');
    if (!mappingIsValid(upload.entity, input.mapping)) throw new AppError('BAD_REQUEST', 'Mapping is invalid', { field: 'mapping' });
    const { headers } = await readHead(ctx.services.config, upload.fileKey, 0);
    const mapping = fitMapping(input.mapping, headers);
    const missing = missingFields(upload.entity, mapping);
    if (missing.length > 0) throw new AppError('BAD_REQUEST', `Choose a column for ${missing.join(', ')}`, { field: 'mapping' });
    if (!(await queueImport(ctx.db, ctx.scope, upload.id, mapping)))
      throw new AppError('CONFLICT', IMPORT_TEXTS.alreadyStarted, { field: 'id' });
    await queueImportRun(ctx.db, ctx.scope, upload.id);
    return orNotFound(await findImport(ctx.db, ctx.scope, upload.id), 'Import');
  });
