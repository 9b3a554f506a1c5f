import { router } from '../../trpc/procedures.js';
import { assignLoadProcedure } from './assign-load.js';
import { bulkAssignDispatcherProcedure } from './bulk-assign-dispatcher.js';
import { bulkLoadStatusProcedure } from './bulk-load-status.js';
import { changeLoadStatusProcedure } from './change-load-status.js';
import { createLoadProcedure } from './create-load.js';
import { duplicateLoadProcedure } from './duplicate-load.js';
import { getLoadHistoryProcedure } from './get-load-history.js';
import { getLoadProcedure } from './get-load.js';
import { listDriverChoicesProcedure } from './list-driver-choices.js';
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
  driverChoices: listDriverChoicesProcedure,
  assign: assignLoadProcedure,
  duplicate: duplicateLoadProcedure,
  bulkStatus: bulkLoadStatusProcedure,
  bulkAssignDispatcher: bulkAssignDispatcherProcedure,
});
