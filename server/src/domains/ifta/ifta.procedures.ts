import { recordId, deleteOutput } from '#shared/schemas/fields.js';
import {
  createFuelPurchaseInput,
  fileOutput,
  fuelImportInput,
  fuelImportOutput,
  fuelListInput,
  fuelListOutput,
  fuelPurchase,
  pdfOutput,
  rebuildInput,
  rebuildOutput,
  rebuildStatusOutput,
  reportInput,
  reportOutput,
  taxRatesInput,
  taxRatesOutput,
  updateFuelPurchaseInput,
} from '#shared/schemas/ifta.js';
import { upsertTaxRatesInput } from '#shared/schemas/ifta.js';
import { AppError, notFound, orNotFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { parseFuelCsv } from './fuel-import.js';
import { latestRebuild, queueRebuild } from './rebuild-tasks.js';
import {
  companyTrucks,
  deleteFuelPurchase,
  findFuelPurchase,
  iftaReport,
  insertFuelPurchases,
  listFuelPurchases,
  listTaxRates,
  updateFuelPurchase,
  upsertTaxRates,
} from './ifta.repository.js';
import { reportCsv, reportPdf } from './report-files.js';

/** IFTA's procedures (issue 31, item 5; docs/ifta.md). Who may call each: "ifta" in shared/src/permissions.ts. */

export const fuelListProcedure = permitted('ifta', 'read', { readOnly: true })
  .input(fuelListInput)
  .output(fuelListOutput)
  .query(async ({ ctx, input }) => ({ items: await listFuelPurchases(ctx.db, ctx.scope, input.quarter, input.truckId) }));

export const fuelCreateProcedure = permitted('ifta', 'write')
  .input(createFuelPurchaseInput)
  .output(fuelPurchase)
  .mutation(async ({ ctx, input }) => {
    const [id] = await insertFuelPurchases(ctx.db, ctx.scope, [input], 'manual');
    return orNotFound(id ? await findFuelPurchase(ctx.db, ctx.scope, id) : undefined, 'Fuel purchase');
  });

export const fuelUpdateProcedure = permitted('ifta', 'write')
  .input(updateFuelPurchaseInput)
  .output(fuelPurchase)
  .mutation(async ({ ctx, input }) => {
    const { id, ...values } = input;
    if (!(await findFuelPurchase(ctx.db, ctx.scope, id))) throw notFound('Fuel purchase');
    if (!(await updateFuelPurchase(ctx.db, ctx.scope, id, values))) throw notFound('Fuel purchase');
    return orNotFound(await findFuelPurchase(ctx.db, ctx.scope, id), 'Fuel purchase');
  });

export const fuelDeleteProcedure = permitted('ifta', 'write')
  .input(recordId)
  .output(deleteOutput)
  .mutation(async ({ ctx, input }) => {
    if (!(await deleteFuelPurchase(ctx.db, ctx.scope, input.id))) throw notFound('Fuel purchase');
    return { id: input.id };
  });

/** A fuel card's CSV: all rows or none; the errors name each bad row and column. */
export const fuelImportProcedure = permitted('ifta', 'write')
  .input(fuelImportInput)
  .output(fuelImportOutput)
  .mutation(async ({ ctx, input }) => {
    const { values, errors } = parseFuelCsv(input.csv, await companyTrucks(ctx.db, ctx.scope));
    if (errors.length > 0) return { imported: 0, errors: errors.slice(0, 100) };
    if (values.length === 0) throw new AppError('BAD_REQUEST', 'The file has no purchases', { field: 'csv' });
    const ids = await insertFuelPurchases(ctx.db, ctx.scope, values, 'import');
    return { imported: ids.length, errors: [] };
  });

export const taxRatesProcedure = permitted('ifta', 'read', { readOnly: true })
  .input(taxRatesInput)
  .output(taxRatesOutput)
  .query(async ({ ctx, input }) => ({ quarter: input.quarter, rates: await listTaxRates(ctx.db, ctx.scope, input.quarter) }));

export const upsertTaxRatesProcedure = permitted('ifta', 'write')
  .input(upsertTaxRatesInput)
  .output(taxRatesOutput)
  .mutation(async ({ ctx, input }) => {
    await upsertTaxRates(ctx.db, ctx.scope, input.quarter, input.rates);
    return { quarter: input.quarter, rates: await listTaxRates(ctx.db, ctx.scope, input.quarter) };
  });

export const reportProcedure = permitted('ifta', 'read', { readOnly: true })
  .input(reportInput)
  .output(reportOutput)
  .query(({ ctx, input }) => iftaReport(ctx.db, ctx.scope, input.quarter));

/** A download the user asks for (a mutation, as settlements.reportCsv is). */
export const reportCsvProcedure = permitted('ifta', 'read', { readOnly: true })
  .input(reportInput)
  .output(fileOutput)
  .mutation(async ({ ctx, input }) => reportCsv(await iftaReport(ctx.db, ctx.scope, input.quarter)));

export const reportPdfProcedure = permitted('ifta', 'read', { readOnly: true })
  .input(reportInput)
  .output(pdfOutput)
  .mutation(async ({ ctx, input }) => {
    const company = await ctx.db.selectFrom('companies').select('name').where('id', '=', ctx.scope.companyId).executeTakeFirst();
    return reportPdf(await iftaReport(ctx.db, ctx.scope, input.quarter), company?.name ?? 'Haulwise');
  });

/**
 * Recomputes the quarter's roll-ups from the tracks for every truck of the company: queued as a
 * job (rebuild-tasks.ts), whose progress ifta.rebuildStatus answers. Asking while one is under way
 * answers that one.
 */
export const rebuildQuarterProcedure = permitted('ifta', 'rebuild')
  .input(rebuildInput)
  .output(rebuildOutput)
  .mutation(({ ctx, input }) => queueRebuild(ctx.db, ctx.scope, input.quarter));

/** The quarter's latest rebuild and its progress (null: never rebuilt), for whoever reads the report. */
export const rebuildStatusProcedure = permitted('ifta', 'read', { readOnly: true })
  .input(rebuildInput)
  .output(rebuildStatusOutput)
  .query(({ ctx, input }) => latestRebuild(ctx.db, ctx.scope, input.quarter));
