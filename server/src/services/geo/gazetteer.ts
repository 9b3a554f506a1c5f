import { compassFrom, haversineMiles, type LatLng, type NearPlace } from '#shared/rules/geo.js';

/**
 * Where a US city is, offline: the ZIP code table of the `zipcodes` npm package (about 42,000
 * ZIP codes, each with its post-office city, state and centre), loaded once on first use.
 * A city is the centre of its ZIP codes; nothing leaves the machine.
 */
export interface Gazetteer {
  /** The city's centre, or null when no US place of that name is known in that state. */
  locate(city: string, state: string): LatLng | null;
  /**
   * The place a position is best described by (places not coordinates): within NOTABLE_MILES the
   * biggest town around (by its count of ZIP codes, discounted with distance), otherwise the
   * nearest town within FAR_MILES; null further out (at sea, abroad).
   */
  nearest(point: LatLng): NearPlace | null;
}

/** A position this close to a post office (a ZIP code's centre) is in that office's town. */
const IN_TOWN_MILES = 3;
/** How far a town of a few ZIP codes still names a position ("12 mi W of Memphis, TN"). */
const NOTABLE_MILES = 40;
/** Beyond this no US town names a position. */
const FAR_MILES = 150;
/** A town of at least this many ZIP codes counts as notable. */
const NOTABLE_ZIP_CODES = 3;
/** The grid of places for nearest(): cells of one degree. */
const CELL_DEGREES = 1;

interface Place {
  city: string;
  state: string;
  centre: LatLng;
  zipCodes: number;
}

const cellKey = (lat: number, lng: number) => `${Math.floor(lat / CELL_DEGREES)}|${Math.floor(lng / CELL_DEGREES)}`;

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
  const names = new Map<string, { city: string; state: string }>();
  for (const record of records) {
    if (record.country !== 'US' || MILITARY_STATES.has(record.state)) continue;
    if (!Number.isFinite(record.latitude) || !Number.isFinite(record.longitude)) continue;
    // The table marks unknown centres as 0, 0 (in the Atlantic, off Africa).
    if (record.latitude === 0 && record.longitude === 0) continue;
    const key = `${stateKey(record.state)}|${placeKey(record.city)}`;
    if (!names.has(key)) names.set(key, { city: record.city, state: stateKey(record.state) });
    const points = places.get(key);
    const point = { lat: record.latitude, lng: record.longitude };
    if (points) points.push(point);
    else places.set(key, [point]);
  }
  const centres = new Map<string, LatLng | null>();
  const centreOf = (key: string) => {
    if (!centres.has(key)) centres.set(key, cityCentre(places.get(key) ?? []));
    return centres.get(key) ?? null;
  };
  // Post offices: the town a position is in is the one whose ZIP code centre is nearest, when close.
  const offices = new Map<string, Place[]>();
  for (const [key, points] of places) {
    const name = names.get(key);
    if (!name) continue;
    for (const centre of points) {
      const cell = cellKey(centre.lat, centre.lng);
      const list = offices.get(cell);
      const office = { ...name, centre, zipCodes: 1 };
      if (list) list.push(office);
      else offices.set(cell, [office]);
    }
  }
  let grid: Map<string, Place[]> | null = null;
  const placeGrid = () => {
    if (grid) return grid;
    grid = new Map();
    for (const [key, points] of places) {
      const centre = centreOf(key);
      const name = names.get(key);
      if (!centre || !name) continue;
      const cell = cellKey(centre.lat, centre.lng);
      const place = { ...name, centre, zipCodes: points.length };
      const list = grid.get(cell);
      if (list) list.push(place);
      else grid.set(cell, [place]);
    }
    return grid;
  };
  /** Places whose centre is in the cells within `reach` cells of the point's. */
  function* around(point: LatLng, reach: number, from: Map<string, Place[]> = placeGrid()): Generator<Place> {
    const lat = Math.floor(point.lat / CELL_DEGREES);
    const lng = Math.floor(point.lng / CELL_DEGREES);
    for (let dLat = -reach; dLat <= reach; dLat += 1) {
      for (let dLng = -reach; dLng <= reach; dLng += 1) {
        yield* from.get(`${lat + dLat}|${lng + dLng}`) ?? [];
      }
    }
  }
  return {
    locate(city, state) {
      return centreOf(`${stateKey(state)}|${placeKey(city)}`);
    },
    nearest(point) {
      if (!Number.isFinite(point.lat) || !Number.isFinite(point.lng)) return null;
      // In town: the nearest post office is close, so the position is in its town (a city's centre
      // can lie miles from its downtown, so the centre alone would put downtown "9 mi W" of the city).
      let office: { place: Place; miles: number } | null = null;
      for (const candidate of around(point, 1, offices)) {
        const miles = haversineMiles(point, candidate.centre);
        if (!office || miles < office.miles) office = { place: candidate, miles };
      }
      if (office && office.miles <= IN_TOWN_MILES) return { city: office.place.city, state: office.place.state, miles: 0, direction: 'N' };
      let best: { place: Place; miles: number; score: number } | null = null;
      // One degree of latitude is 69 miles; a degree of longitude is less, so reach a cell further.
      for (const place of around(point, 2)) {
        const miles = haversineMiles(point, place.centre);
        if (miles > NOTABLE_MILES || place.zipCodes < NOTABLE_ZIP_CODES) continue;
        const score = place.zipCodes / (1 + miles / 5);
        if (!best || score > best.score) best = { place, miles, score };
      }
      if (!best) {
        for (const place of around(point, 4)) {
          const miles = haversineMiles(point, place.centre);
          if (miles <= FAR_MILES && (!best || miles < best.miles)) best = { place, miles, score: 0 };
        }
      }
      if (!best) return null;
      const { place, miles } = best;
      return { city: place.city, state: place.state, miles, direction: compassFrom(place.centre, point) };
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
