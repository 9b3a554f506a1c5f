import type { FeatureCollection, Point } from 'geojson';
import { haversineMiles, type LatLng } from '#shared/rules/geo.js';

/**
 * The base map's city labels. The project's gazetteer (the `zipcodes` package: about 42,000 US
 * ZIP codes, each with its post-office city and centre) has no populations, so a city's size is
 * its count of ZIP codes: Houston 190, Chicago 86, Omaha 49, Boise 32, Reno 24. The labelled
 * cities are worked out once from that table (citiesFromZipRecords) and shipped as
 * us-cities.json; city-labels.test.ts checks the file still matches the table.
 */

/** One labelled city: its name, state, centre and count of ZIP codes. */
export type CityRow = readonly [name: string, state: string, lat: number, lng: number, zipCodes: number];

/**
 * Which cities are labelled from which zoom (MapLibre's): the biggest on the whole-US view, more
 * as the map zooms in. Zooms are whole numbers: a GeoJSON source's tiles are cut, and their
 * filters run, at whole zooms. The smallest tier's size is the least a city needs to be shipped.
 */
export const LABEL_TIERS = [
  { minZipCodes: 60, minZoom: 0 },
  { minZipCodes: 40, minZoom: 4 },
  { minZipCodes: 25, minZoom: 5 },
  { minZipCodes: 14, minZoom: 6 },
  { minZipCodes: 8, minZoom: 7 },
] as const;

export const MIN_LABEL_ZIP_CODES = Math.min(...LABEL_TIERS.map((tier) => tier.minZipCodes));

/** The zoom from which a city of this many ZIP codes is labelled, or null when it is too small to be. */
export function labelMinZoom(zipCodes: number): number | null {
  const tier = LABEL_TIERS.find((candidate) => zipCodes >= candidate.minZipCodes);
  return tier ? tier.minZoom : null;
}

/** The cities labelled at a zoom, biggest first (before the map hides the ones that would overlap a bigger one). */
export function citiesShownAt(cities: readonly CityRow[], zoom: number): CityRow[] {
  return bySize(cities).filter((city) => {
    const minZoom = labelMinZoom(city[4]);
    return minZoom !== null && Math.floor(zoom) >= minZoom;
  });
}

const bySize = (cities: readonly CityRow[]) =>
  [...cities].sort((a, b) => b[4] - a[4] || a[0].localeCompare(b[0]) || a[1].localeCompare(b[1]));

/** A city's label image in the base map's sprite. */
export const cityImageId = (city: CityRow) => `city:${city[0]}|${city[1]}`;

/** The cities as points for the label layer: the image, the zoom it shows from, and its rank (0 the biggest, placed first). */
export function citiesGeoJson(cities: readonly CityRow[]): FeatureCollection<Point> {
  return {
    type: 'FeatureCollection',
    features: bySize(cities).flatMap((city, rank) => {
      const minZoom = labelMinZoom(city[4]);
      if (minZoom === null) return [];
      return [
        {
          type: 'Feature' as const,
          properties: { image: cityImageId(city), minZoom, rank },
          geometry: { type: 'Point' as const, coordinates: [city[3], city[2]] },
        },
      ];
    }),
  };
}

/** A ZIP code as the `zipcodes` table has it. */
export interface ZipRecord {
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}

/** Military post offices (APO/FPO/DPO) are no cities. */
const MILITARY_STATES = new Set(['AA', 'AE', 'AP']);
/** A city's ZIP codes further than this from its densest cluster are another town of the name, or a bad record (as the server's gazetteer). */
const SAME_PLACE_MILES = 25;

/** The centre of a city: the mean of its densest cluster of ZIP code centres. */
function centreOf(points: readonly LatLng[]): LatLng {
  let best: readonly LatLng[] = points;
  let bestCount = 0;
  for (const candidate of points) {
    const near = points.filter((point) => haversineMiles(candidate, point) <= SAME_PLACE_MILES);
    if (near.length > bestCount) {
      best = near;
      bestCount = near.length;
    }
  }
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const round = (value: number) => Math.round(value * 1000) / 1000;
  return { lat: round(mean(best.map((point) => point.lat))), lng: round(mean(best.map((point) => point.lng))) };
}

/** The cities worth a label, from the ZIP code table: those of at least MIN_LABEL_ZIP_CODES, biggest first. */
export function citiesFromZipRecords(records: Iterable<ZipRecord>): CityRow[] {
  const places = new Map<string, { name: string; state: string; points: LatLng[] }>();
  for (const record of records) {
    if (record.country !== 'US' || MILITARY_STATES.has(record.state)) continue;
    if (!Number.isFinite(record.latitude) || !Number.isFinite(record.longitude)) continue;
    if (record.latitude === 0 && record.longitude === 0) continue;
    const key = `${record.state}|${record.city}`;
    const place = places.get(key);
    const point = { lat: record.latitude, lng: record.longitude };
    if (place) place.points.push(point);
    else places.set(key, { name: record.city, state: record.state, points: [point] });
  }
  const cities: CityRow[] = [];
  for (const { name, state, points } of places.values()) {
    if (points.length < MIN_LABEL_ZIP_CODES) continue;
    const centre = centreOf(points);
    cities.push([name, state, centre.lat, centre.lng, points.length]);
  }
  return bySize(cities);
}
