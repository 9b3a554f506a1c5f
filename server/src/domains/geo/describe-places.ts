import { describeNearPlace, type LatLng } from '#shared/rules/geo.js';
import { loadGazetteer, type Gazetteer } from '../../services/geo/gazetteer.js';
import { permitted } from '../../trpc/procedures.js';
import { describeInput, describeOutput } from './geo.schemas.js';

/** A position as a person reads it ("12 mi W of Memphis, TN", "Memphis, TN" in town); null far from any US town. */
export function placeName(gazetteer: Gazetteer, point: LatLng): string | null {
  const near = gazetteer.nearest(point);
  return near ? describeNearPlace(near) : null;
}

/**
 * The place of one position, for the answers of callers who may not ask geo.describe (a driver's
 * own portal, a tracking link's public page): null without a position, so the gazetteer (a 5 MB
 * module, loaded once per process) is loaded only when there is one to name.
 */
export async function placeOf(point: LatLng | null): Promise<string | null> {
  if (!point || !Number.isFinite(point.lat) || !Number.isFinite(point.lng)) return null;
  return placeName(await loadGazetteer(), point);
}

/**
 * Places, not coordinates: each position named by the offline gazetteer's town near it
 * ("12 mi W of Memphis, TN", "Memphis, TN" in town), null far from any US town. No company data is read.
 */
export const describePlacesProcedure = permitted('geo', 'read')
  .input(describeInput)
  .output(describeOutput)
  .query(async ({ input }) => {
    const gazetteer = await loadGazetteer();
    return { places: input.points.map((point) => placeName(gazetteer, point)) };
  });
