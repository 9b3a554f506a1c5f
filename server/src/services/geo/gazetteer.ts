import { haversineMiles, type LatLng } from '#shared/rules/geo.js';

/**
 * Where a US city is, offline: the ZIP code table of the `zipcodes` npm package (about 42,000
 * ZIP codes, each with its post-office city, state and centre), loaded once on first use.
 * A city is the centre of its ZIP codes; nothing leaves the machine.
 */
export interface Gazetteer {
  /** The city's centre, or null when no US place of that name is known in that state. */
  locate(city: string, state: string): LatLng | null;
}

/** Words people abbreviate in place names, and what the gazetteer spells out. */
const ABBREVIATIONS: Record<string, string> = {
  st: 'saint',
  ste: 'sainte',
  ft: 'fort',
  mt: 'mount',
  mtn: 'mountain',
  pt: 'point',
  hts: 'heights',
  spgs: 'springs',
  spg: 'spring',
  jct: 'junction',
  twp: 'township',
  ctr: 'center',
  vlg: 'village',
};

/** Only as the first word: "N Las Vegas" is North Las Vegas, while "Lake N" would be nonsense. */
const LEADING_DIRECTIONS: Record<string, string> = { n: 'north', s: 'south', e: 'east', w: 'west' };

/**
 * The key two spellings of one place share: case, accents, punctuation and spacing ignored,
 * abbreviations spelled out. "St. Louis", "saint  louis" and "ST LOUIS" are one key, as are
 * "Winston-Salem" and "Winston Salem", "McLean" and "Mc Lean", "Coeur d'Alene" and "Coeur D Alene".
 */
export function placeKey(city: string): string {
  const words = city
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter((word) => word.length > 0);
  return words
    .map((word, index) => {
      if (index === 0 && words.length > 1 && LEADING_DIRECTIONS[word]) return LEADING_DIRECTIONS[word];
      return ABBREVIATIONS[word] ?? word;
    })
    .join('');
}

const stateKey = (state: string) => state.trim().toUpperCase();

/** ZIP codes of one place further than this from each other are treated as different places. */
const SAME_PLACE_MILES = 25;

/**
 * The centre of a city from its ZIP code centres. A city's ZIP codes cluster; a few sit far
 * away (a bad record, or a second town of the same name in the state), so take the densest
 * cluster and average it, instead of averaging everything.
 */
export function cityCentre(points: readonly LatLng[]): LatLng | null {
  let best: LatLng[] = [];
  for (const candidate of points) {
    const near = points.filter((point) => haversineMiles(candidate, point) <= SAME_PLACE_MILES);
    if (near.length > best.length) best = near;
  }
  if (best.length === 0) return null;
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const round = (value: number) => Math.round(value * 10_000) / 10_000;
  return { lat: round(mean(best.map((point) => point.lat))), lng: round(mean(best.map((point) => point.lng))) };
}

/** Military post offices (APO/FPO/DPO) have no place on a map. */
const MILITARY_STATES = new Set(['AA', 'AE', 'AP']);

interface ZipRecord {
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}

/** A gazetteer over ZIP records: grouped by state and place key, each centre worked out once, when first asked. */
export function gazetteerFrom(records: Iterable<ZipRecord>): Gazetteer {
  const places = new Map<string, LatLng[]>();
  for (const record of records) {
    if (record.country !== 'US' || MILITARY_STATES.has(record.state)) continue;
    if (!Number.isFinite(record.latitude) || !Number.isFinite(record.longitude)) continue;
    // The table marks unknown centres as 0, 0 (in the Atlantic, off Africa).
    if (record.latitude === 0 && record.longitude === 0) continue;
    const key = `${stateKey(record.state)}|${placeKey(record.city)}`;
    const points = places.get(key);
    const point = { lat: record.latitude, lng: record.longitude };
    if (points) points.push(point);
    else places.set(key, [point]);
  }
  const centres = new Map<string, LatLng | null>();
  return {
    locate(city, state) {
      const key = `${stateKey(state)}|${placeKey(city)}`;
      if (!centres.has(key)) centres.set(key, cityCentre(places.get(key) ?? []));
      return centres.get(key) ?? null;
    },
  };
}

let loading: Promise<Gazetteer> | null = null;

/**
 * The gazetteer, loaded on first use (the table is 5 MB of JavaScript, so a server that never
 * locates a city never pays for it) and shared afterwards. A failed load is retried next time.
 */
export function loadGazetteer(): Promise<Gazetteer> {
  loading ??= import('zipcodes')
    .then((zipcodes) => gazetteerFrom(Object.values(zipcodes.codes)))
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}
