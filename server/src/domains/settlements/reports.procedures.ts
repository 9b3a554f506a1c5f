import { reportCsvInput, reportCsvOutput, reportOutput, reportRangeInput, reportYearInput } from '#shared/schemas/settlements.js';
import { permitted } from '../../trpc/procedures.js';
import { report1099, reportByPeriod, reportCsv, reportPerDriver, reportYtd } from './reports.js';

export const reportByPeriodProcedure = permitted('settlements', 'read', { readOnly: true })
  .input(reportRangeInput)
  .output(reportOutput)
  .query(({ ctx, input }) => reportByPeriod(ctx.db, ctx.scope.companyId, input.from, input.to));

export const reportPerDriverProcedure = permitted('settlements', 'read', { readOnly: true })
  .input(reportRangeInput)
  .output(reportOutput)
  .query(({ ctx, input }) => reportPerDriver(ctx.db, ctx.scope.companyId, input.from, input.to));

export const reportYtdProcedure = permitted('settlements', 'read', { readOnly: true })
  .input(reportYearInput)
  .output(reportOutput)
  .query(({ ctx, input }) => reportYtd(ctx.db, ctx.scope.companyId, input.year));

export const report1099Procedure = permitted('settlements', 'read', { readOnly: true })
  .input(reportYearInput)
  .output(reportOutput)
  .query(({ ctx, input }) => report1099(ctx.db, ctx.scope.companyId, input.year));

/** settlements.reportCsv: any of the four reports as CSV (a mutation, as the invoice PDF is: a download the user asks for). */
export const reportCsvProcedure = permitted('settlements', 'read', { readOnly: true })
  .input(reportCsvInput)
  .output(reportCsvOutput)
  .mutation(({ ctx, input }) => reportCsv(ctx.db, ctx.scope.companyId, input));
