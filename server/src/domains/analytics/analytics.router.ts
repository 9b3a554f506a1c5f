import { router } from '../../trpc/procedures.js';
import { readAnalyticsProcedure } from './read-analytics.js';

export const analyticsRouter = router({
  /** Every analytics widget for a date range, each group one SQL statement. */
  report: readAnalyticsProcedure,
});
