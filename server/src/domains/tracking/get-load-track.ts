import { loadTrackInput, loadTrackOutput } from '#shared/schemas/tracking.js';
import { orNotFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { findTrackedLoad, readTrack } from './tracking.repository.js';

/**
 * tracking.loadTrack: the driver's track for one load (the Map tab), for whoever may see the
 * load (loads.read, and a sales user only their own loads); a foreign or missing id answers
 * "Load not found". At most TRACK_MAX_POINTS points, thinned in SQL.
 */
export const getLoadTrackProcedure = permitted('loads', 'read')
  .input(loadTrackInput)
  .output(loadTrackOutput)
  .query(async ({ ctx, input }) => {
    const load = orNotFound(await findTrackedLoad(ctx.db, ctx.scope, input.loadId), 'Load');
    return readTrack(ctx.db, load);
  });
