import { importIdInput, importOutput } from '#shared/schemas/imports.js';
import { orNotFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { findImport } from './imports.repository.js';

/** An import's progress (0 to 100: bytes read of the file) and totals: created, updated, failed. The screen polls it while it runs. */
export const getImportProcedure = permitted('imports', 'run', { readOnly: true })
  .input(importIdInput)
  .output(importOutput)
  .query(async ({ ctx, input }) => orNotFound(await findImport(ctx.db, ctx.scope, input.id), 'Import'));
