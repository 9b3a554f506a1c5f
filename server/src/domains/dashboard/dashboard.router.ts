import { router } from '../../trpc/procedures.js';
import { getDashboardSummaryProcedure } from './dashboard-summary.js';
import { getDispatchDashboardProcedure } from './dispatch-dashboard.js';
import { getSalesDashboardProcedure } from './sales-dashboard.js';

export const dashboardRouter = router({
  /** Counters and the latest loads of the generic dashboard. */
  summary: getDashboardSummaryProcedure,
  /** Carriers and drivers onboarded, conversion rate, commission and My Active Loads (a sales user's own). */
  sales: getSalesDashboardProcedure,
  /** Active loads, available drivers, in transit, pending WIP, the active loads and driver locations. */
  dispatch: getDispatchDashboardProcedure,
});
