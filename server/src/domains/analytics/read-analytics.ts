import { analyticsInput, analyticsOutput, resolveRange } from '#shared/schemas/analytics.js';
import { permitted } from '../../trpc/procedures.js';
import { analyticsReport } from './analytics.repository.js';

/**
 * The analytics page for a date range: revenue cards, revenue and loads by status, top 5 drivers
 * and brokers, revenue per week, top lanes and the on-time rate. A sales user counts their own
 * loads only (My Performance); treasury and admins the company (Reports, Analytics).
 */
export const readAnalyticsProcedure = permitted('analytics', 'read')
  .input(analyticsInput)
  .output(analyticsOutput)
  .query(({ ctx, input }) => analyticsReport(ctx.db, ctx.scope, resolveRange(input)));
