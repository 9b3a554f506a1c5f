import { importListOutput } from '#shared/schemas/imports.js';
import { pageOnlyInput } from '#shared/schemas/pagination.js';
import { permitted } from '../../trpc/procedures.js';
import { listImports } from './imports.repository.js';

/** The company's imports, newest first. */
export const listImportsProcedure = permitted('imports', 'run', { readOnly: true })
  .input(pageOnlyInput)
  .output(importListOutput)
  .query(({ ctx, input }) => listImports(ctx.db, ctx.scope, input));
