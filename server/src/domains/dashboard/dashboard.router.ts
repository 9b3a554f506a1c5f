import { router } from '../../trpc/procedures.js';
import { getDashboardSummaryProcedure } from './dashboard-summary.js';

export const dashboardRouter = router({
  /** Counters and the latest loads of the generic dashboard. */
  summary: getDashboardSummaryProcedure,
});
