import { router } from '../../trpc/procedures.js';
import {
  fuelCreateProcedure,
  fuelDeleteProcedure,
  fuelImportProcedure,
  fuelListProcedure,
  fuelUpdateProcedure,
  rebuildQuarterProcedure,
  rebuildStatusProcedure,
  reportCsvProcedure,
  reportPdfProcedure,
  reportProcedure,
  taxRatesProcedure,
  upsertTaxRatesProcedure,
} from './ifta.procedures.js';

/** IFTA (issue 31, item 5; docs/ifta.md): who may call each is "ifta" in shared/src/permissions.ts. */
export const iftaRouter = router({
  report: reportProcedure,
  reportCsv: reportCsvProcedure,
  reportPdf: reportPdfProcedure,
  rebuildQuarter: rebuildQuarterProcedure,
  rebuildStatus: rebuildStatusProcedure,
  fuelList: fuelListProcedure,
  fuelCreate: fuelCreateProcedure,
  fuelUpdate: fuelUpdateProcedure,
  fuelDelete: fuelDeleteProcedure,
  fuelImport: fuelImportProcedure,
  taxRates: taxRatesProcedure,
  upsertTaxRates: upsertTaxRatesProcedure,
});
