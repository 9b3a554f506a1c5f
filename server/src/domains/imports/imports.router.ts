import { router } from '../../trpc/procedures.js';
import { failedRowsLinkProcedure } from './failed-rows-link.js';
import { getImportProcedure } from './get-import.js';
import { listImportsProcedure } from './list-imports.js';
import { previewImportProcedure } from './preview-import.js';
import { runImportProcedure } from './run-import.js';

/** CSV import (issue 28, item 4). The upload itself is the plain route POST /api/imports (imports.routes.ts). */
export const importsRouter = router({
  preview: previewImportProcedure,
  run: runImportProcedure,
  get: getImportProcedure,
  list: listImportsProcedure,
  failedRowsLink: failedRowsLinkProcedure,
});
