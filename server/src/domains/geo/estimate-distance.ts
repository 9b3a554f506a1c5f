import { haversineMiles } from '#shared/rules/geo.js';
import { loadGazetteer, type Gazetteer } from '../../services/geo/gazetteer.js';
import { permitted } from '../../trpc/procedures.js';
import { estimateDistanceInput, estimateDistanceOutput, type DistanceEstimate, type EstimateDistanceInput } from './geo.schemas.js';

/**
 * The straight-line distance of a lane, from its pickup and delivery cities. Null when either
 * city is unknown: the caller says which by locating each one.
 */
export function estimateDistance(gazetteer: Gazetteer, { pickup, delivery }: EstimateDistanceInput): DistanceEstimate {
  const from = gazetteer.locate(pickup.city, pickup.state);
  const to = gazetteer.locate(delivery.city, delivery.state);
  if (!from || !to) return null;
  return { miles: haversineMiles(from, to), pickup: from, delivery: to };
}

/** A lane's straight-line distance in miles with both ends located; null when either city is unknown. No company data is read. */
export const estimateDistanceProcedure = permitted('geo', 'read')
  .input(estimateDistanceInput)
  .output(estimateDistanceOutput)
  .query(async ({ input }) => estimateDistance(await loadGazetteer(), input));
