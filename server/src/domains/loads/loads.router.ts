import { router } from '../../trpc/procedures.js';
import { changeLoadStatusProcedure } from './change-load-status.js';
import { createLoadProcedure } from './create-load.js';
import { getLoadHistoryProcedure } from './get-load-history.js';
import { getLoadProcedure } from './get-load.js';
import { listLoadFormOptionsProcedure } from './list-load-form-options.js';
import { listLoadsProcedure } from './list-loads.js';
import { updateLoadProcedure } from './update-load.js';

/** Loads: who may call each is in shared/src/permissions.ts ("loads"). */
export const loadsRouter = router({
  list: listLoadsProcedure,
  get: getLoadProcedure,
  history: getLoadHistoryProcedure,
  formOptions: listLoadFormOptionsProcedure,
  create: createLoadProcedure,
  update: updateLoadProcedure,
  changeStatus: changeLoadStatusProcedure,
});
