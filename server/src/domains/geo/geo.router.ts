import { loadGazetteer } from '../../services/geo/gazetteer.js';
import { permittedProcedure, router } from '../../trpc/procedures.js';
import { estimateDistance } from './estimate-distance.js';
import { estimateDistanceInput, estimateDistanceOutput, locateInput, locateOutput } from './geo.schemas.js';

/** Company staff place loads on the map; no company data is read, so a master admin passes like any staff member. */
const staffRead = permittedProcedure('geo', 'read');

export const geoRouter = router({
  /** Where a US city is (its centre), from the offline gazetteer; null when unknown. */
  locate: staffRead
    .input(locateInput)
    .output(locateOutput)
    .query(async ({ input }) => (await loadGazetteer()).locate(input.city, input.state)),

  /** A lane's straight-line distance in miles with both ends located; null when either city is unknown. */
  estimateDistance: staffRead
    .input(estimateDistanceInput)
    .output(estimateDistanceOutput)
    .query(async ({ input }) => estimateDistance(await loadGazetteer(), input)),
});
