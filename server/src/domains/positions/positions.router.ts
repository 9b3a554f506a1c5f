import { router } from '../../trpc/procedures.js';
import { reportPositionsProcedure } from './report-positions.js';

/** Positions: a driver's own reports (their driver record and its consent decide, not a staff role). */
export const positionsRouter = router({
  report: reportPositionsProcedure,
});
