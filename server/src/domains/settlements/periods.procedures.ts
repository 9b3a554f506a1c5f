import { z } from 'zod';
import {
  loadMilesInput,
  loadMilesOutput,
  markPaidInput,
  openPeriodInput,
  period,
  periodDefaults,
  periodIdInput,
  setLoadMilesInput,
  settlementDetail,
  settlementIdInput,
  settlementSummary,
} from '#shared/schemas/settlements.js';
import { permitted } from '../../trpc/procedures.js';
import { loadMilesNow, openPeriod, refreshPeriod } from './gather.js';
import { addDays, localDate, weekStartOf } from './pay-rules.js';
import {
  approve,
  approveAll,
  assertLoad,
  companySettlementSettings,
  getSettlement,
  listPeriods,
  listSettlements,
  markPaid,
  setLoadMiles,
} from './settlements.repository.js';

/** settlements.listPeriods: the weeks opened, newest first, with their counts and sums. */
export const listPeriodsProcedure = permitted('settlements', 'read', { readOnly: true })
  .output(z.array(period))
  .query(({ ctx }) => listPeriods(ctx.db, ctx.scope.companyId));

/** settlements.periodDefaults: the company's week start day and the week to open next (after the newest one; else the last full week). */
export const periodDefaultsProcedure = permitted('settlements', 'read', { readOnly: true })
  .output(periodDefaults)
  .query(async ({ ctx }) => {
    const settings = await companySettlementSettings(ctx.db, ctx.scope.companyId);
    const [newest] = await listPeriods(ctx.db, ctx.scope.companyId);
    const thisWeek = weekStartOf(localDate(new Date(), settings.timeZone), settings.settlementWeekStartsOn);
    return { weekStartsOn: settings.settlementWeekStartsOn, nextStartsOn: newest ? addDays(newest.startsOn, 7) : addDays(thisWeek, -7) };
  });

/** settlements.openPeriod: the week from its start day, and a draft settlement per driver with pay or deductions due. */
export const openPeriodProcedure = permitted('settlements', 'write')
  .input(openPeriodInput)
  .output(period)
  .mutation(({ ctx, input }) => openPeriod(ctx.db, ctx.scope, input.startsOn));

/** settlements.refreshPeriod: gathers the week's draft settlements again. */
export const refreshPeriodProcedure = permitted('settlements', 'write')
  .input(periodIdInput)
  .output(period)
  .mutation(({ ctx, input }) => refreshPeriod(ctx.db, ctx.scope, input.periodId));

export const listSettlementsProcedure = permitted('settlements', 'read', { readOnly: true })
  .input(periodIdInput)
  .output(z.array(settlementSummary))
  .query(({ ctx, input }) => listSettlements(ctx.db, ctx.scope.companyId, input.periodId));

export const getSettlementProcedure = permitted('settlements', 'read', { readOnly: true })
  .input(settlementIdInput)
  .output(settlementDetail)
  .query(({ ctx, input }) => getSettlement(ctx.db, ctx.scope.companyId, input.id));

/** settlements.approve: the settlement is final (the database refuses any later change of it); the driver is notified. */
export const approveProcedure = permitted('settlements', 'write')
  .input(settlementIdInput)
  .output(settlementSummary)
  .mutation(({ ctx, input }) => approve(ctx.db, ctx.scope, input.id));

export const approveAllProcedure = permitted('settlements', 'write')
  .input(periodIdInput)
  .output(period)
  .mutation(({ ctx, input }) => approveAll(ctx.db, ctx.scope, input.periodId));

export const markPaidProcedure = permitted('settlements', 'write')
  .input(markPaidInput)
  .output(settlementSummary)
  .mutation(({ ctx, input }) => markPaid(ctx.db, ctx.scope, input));

/** settlements.loadMiles: a load's loaded and empty miles now in force, and which are estimates. */
export const loadMilesProcedure = permitted('settlements', 'miles', { readOnly: true })
  .input(loadMilesInput)
  .output(loadMilesOutput)
  .query(async ({ ctx, input }) => {
    await assertLoad(ctx.db, ctx.scope, input.loadId);
    return loadMilesNow(ctx.db, ctx.scope.companyId, input.loadId);
  });

/** settlements.setLoadMiles: a person's loaded or empty miles for a load (null: back to the estimate); dispatchers too. */
export const setLoadMilesProcedure = permitted('settlements', 'miles')
  .input(setLoadMilesInput)
  .output(loadMilesOutput)
  .mutation(async ({ ctx, input }) => {
    await setLoadMiles(ctx.db, ctx.scope, input);
    return loadMilesNow(ctx.db, ctx.scope.companyId, input.loadId);
  });
