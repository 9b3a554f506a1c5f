import { describeNearPlace } from '#shared/rules/geo.js';
import { loadGazetteer } from '../../services/geo/gazetteer.js';
import { permitted } from '../../trpc/procedures.js';
import { describeInput, describeOutput } from './geo.schemas.js';

/**
 * Places, not coordinates: each position named by the offline gazetteer's town near it
 * ("12 mi W of Memphis, TN", "Memphis, TN" in town), null far from any US town. No company data is read.
 */
export const describePlacesProcedure = permitted('geo', 'read')
  .input(describeInput)
  .output(describeOutput)
  .query(async ({ input }) => {
    const gazetteer = await loadGazetteer();
    return {
      places: input.points.map((point) => {
        const near = gazetteer.nearest(point);
        return near ? describeNearPlace(near) : null;
      }),
    };
  });
