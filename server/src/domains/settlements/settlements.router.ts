import { router } from '../../trpc/procedures.js';
import { createDeductionProcedure, endDeductionProcedure, listDeductionsProcedure } from './deductions.procedures.js';
import { addLineProcedure, removeLineProcedure, updateLineProcedure } from './lines.procedures.js';
import {
  approveAllProcedure,
  approveProcedure,
  getSettlementProcedure,
  listPeriodsProcedure,
  listSettlementsProcedure,
  markPaidProcedure,
  openPeriodProcedure,
  periodDefaultsProcedure,
  refreshPeriodProcedure,
  loadMilesProcedure,
  setLoadMilesProcedure,
} from './periods.procedures.js';
import { listProfilesProcedure, setProfileProcedure } from './profiles.procedures.js';
import {
  report1099Procedure,
  reportByPeriodProcedure,
  reportCsvProcedure,
  reportPerDriverProcedure,
  reportYtdProcedure,
} from './reports.procedures.js';
import { statementPdfProcedure } from './statement.procedures.js';

/** Driver pay (docs/settlements.md): who may call each is in shared/src/permissions.ts ("settlements"). */
export const settlementsRouter = router({
  listProfiles: listProfilesProcedure,
  setProfile: setProfileProcedure,
  listDeductions: listDeductionsProcedure,
  createDeduction: createDeductionProcedure,
  endDeduction: endDeductionProcedure,
  listPeriods: listPeriodsProcedure,
  periodDefaults: periodDefaultsProcedure,
  openPeriod: openPeriodProcedure,
  refreshPeriod: refreshPeriodProcedure,
  listSettlements: listSettlementsProcedure,
  getSettlement: getSettlementProcedure,
  updateLine: updateLineProcedure,
  addLine: addLineProcedure,
  removeLine: removeLineProcedure,
  approve: approveProcedure,
  approveAll: approveAllProcedure,
  markPaid: markPaidProcedure,
  loadMiles: loadMilesProcedure,
  setLoadMiles: setLoadMilesProcedure,
  statementPdf: statementPdfProcedure,
  reportByPeriod: reportByPeriodProcedure,
  reportPerDriver: reportPerDriverProcedure,
  reportYtd: reportYtdProcedure,
  report1099: report1099Procedure,
  reportCsv: reportCsvProcedure,
});
