import type { LatLng } from '#shared/rules/geo.js';
import { loadGazetteer } from '../../services/geo/gazetteer.js';

/**
 * A stop's point for its geofence (issue 31, item 2), offline: the centre of its ZIP code when the
 * ZIP is known to the `zipcodes` table, else its city's centre from the gazetteer, else none (the
 * stop is then not watched). Street level is not available offline.
 */
export async function stopPoints(stops: readonly { zip: string | null; city: string; state: string }[]): Promise<(LatLng | null)[]> {
  const zipcodes = await import('zipcodes');
  const gazetteer = await loadGazetteer();
  return stops.map((stop) => {
    const zip = stop.zip?.trim().slice(0, 5);
    const found = zip && /^\d{5}$/.test(zip) ? zipcodes.lookup(zip) : undefined;
    if (found && found.country === 'US' && Number.isFinite(found.latitude) && !(found.latitude === 0 && found.longitude === 0)) {
      return { lat: found.latitude, lng: found.longitude };
    }
    if (!stop.city || !stop.state) return null;
    return gazetteer.locate(stop.city, stop.state);
  });
}
