import { loadGazetteer } from '../../services/geo/gazetteer.js';
import { permitted } from '../../trpc/procedures.js';
import { locateInput, locateOutput } from './geo.schemas.js';

/** Where a US city is (its centre), from the offline gazetteer; null when unknown. No company data is read. */
export const locatePlaceProcedure = permitted('geo', 'read')
  .input(locateInput)
  .output(locateOutput)
  .query(async ({ input }) => (await loadGazetteer()).locate(input.city, input.state));
