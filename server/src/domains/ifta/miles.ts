import { jurisdictionAt } from './jurisdictions.js';

/**
 * Miles per jurisdiction from a truck's positions in time order (issue 31, item 5). Pure: no
 * database. Each segment between consecutive positions is split at state lines: when its two ends
 * lie in different states (or it is long enough to pass through a third) it is sampled every
 * half mile and the border between two differing samples found by bisection (to a few metres).
 * A gap (over 15 minutes or over 5 miles between two positions) is bridged by a straight line
 * and counted the same way; a gap over 50 miles is also flagged for review.
 *
 * Miles outside every state's outline (a bay, a lake the shapes leave out, Canada, Mexico) are
 * counted under `UNKNOWN_JURISDICTION` so the report shows them instead of losing them.
 */

export interface TrackPoint {
  recordedAt: Date;
  lat: number;
  lng: number;
}

export interface Gap {
  startedAt: Date;
  endedAt: Date;
  fromLat: number;
  fromLng: number;
  toLat: number;
  toLng: number;
  fromJurisdiction: string | null;
  toJurisdiction: string | null;
  miles: number;
}

export const UNKNOWN_JURISDICTION = 'XX';
export const GAP_MINUTES = 15;
export const GAP_MILES = 5;
export const REVIEW_GAP_MILES = 50;
const SAMPLE_MILES = 0.5;
const EARTH_MILES = 3958.7613;
const RAD = Math.PI / 180;

/** Great-circle distance in statute miles. */
export function haversineMiles(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLng = (lng2 - lng1) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}

function code(lat: number, lng: number): string {
  return jurisdictionAt(lat, lng) ?? UNKNOWN_JURISDICTION;
}

/** Adds `miles` to `totals[jurisdiction]`. */
function add(totals: Map<string, number>, jurisdiction: string, miles: number): void {
  if (miles > 0) totals.set(jurisdiction, (totals.get(jurisdiction) ?? 0) + miles);
}

/**
 * Splits the straight segment a→b (lat/lng interpolated: at most a few miles, or a bridged gap)
 * at state lines, adding each piece's miles to `totals`. `ja`/`jb`: the ends' jurisdictions.
 */
export function splitSegment(
  totals: Map<string, number>,
  aLat: number,
  aLng: number,
  bLat: number,
  bLng: number,
  ja: string = code(aLat, aLng),
  jb: string = code(bLat, bLng),
): number {
  const miles = haversineMiles(aLat, aLng, bLat, bLng);
  if (ja === jb && miles <= 2 * SAMPLE_MILES) {
    add(totals, ja, miles);
    return miles;
  }
  // Samples every half mile; between two samples in different states, bisect to the border.
  const steps = Math.max(1, Math.ceil(miles / SAMPLE_MILES));
  let previousT = 0;
  let previous = ja;
  let cut = 0;
  for (let step = 1; step <= steps; step++) {
    const t = step / steps;
    const here = step === steps ? jb : code(aLat + (bLat - aLat) * t, aLng + (bLng - aLng) * t);
    if (here === previous) continue;
    let low = previousT;
    let high = t;
    // 16 halvings of half a mile: under 2 metres.
    for (let i = 0; i < 16; i++) {
      const middle = (low + high) / 2;
      if (code(aLat + (bLat - aLat) * middle, aLng + (bLng - aLng) * middle) === previous) low = middle;
      else high = middle;
    }
    const border = (low + high) / 2;
    add(totals, previous, miles * (border - cut));
    cut = border;
    previous = here;
    previousT = t;
  }
  add(totals, previous, miles * (1 - cut));
  return miles;
}

/** Whether the step a→b is a gap: over 15 minutes or over 5 miles. */
export function isGap(a: TrackPoint, b: TrackPoint, miles: number): boolean {
  return b.recordedAt.getTime() - a.recordedAt.getTime() > GAP_MINUTES * 60_000 || miles > GAP_MILES;
}

/**
 * Carries miles across calls: feed positions in time order (chunks of a long track, or the ingest's
 * batches) and read `totals` per UTC day, and the gaps to review.
 */
export class MilesAccumulator {
  /** day (YYYY-MM-DD, UTC, of the segment's end) → jurisdiction → miles. */
  readonly days = new Map<string, Map<string, number>>();
  readonly gaps: Gap[] = [];
  private lastMs: number | null = null;
  private lastLat = 0;
  private lastLng = 0;
  private lastJurisdiction: string | null = null;
  /** The day of the last segment (days since the epoch) and its totals: the string key is made once a day. */
  private dayNumber = Number.NaN;
  private dayTotals: Map<string, number> | undefined;

  constructor(last: TrackPoint | null = null) {
    if (last) {
      this.lastMs = last.recordedAt.getTime();
      this.lastLat = last.lat;
      this.lastLng = last.lng;
    }
  }

  get lastPoint(): TrackPoint | null {
    return this.lastMs === null ? null : { recordedAt: new Date(this.lastMs), lat: this.lastLat, lng: this.lastLng };
  }

  add(point: TrackPoint): void {
    this.addAt(point.recordedAt.getTime(), point.lat, point.lng);
  }

  /** The same as add, from epoch milliseconds (a rebuild's hot path: no Date per position). */
  addAt(ms: number, lat: number, lng: number): void {
    const previousMs = this.lastMs;
    if (previousMs !== null && ms < previousMs) return; // out of order: ignored (a late batch; a rebuild reads in order)
    const here = code(lat, lng);
    if (previousMs !== null) {
      const from = this.lastJurisdiction ?? code(this.lastLat, this.lastLng);
      const dayNumber = Math.floor(ms / 86_400_000);
      if (dayNumber !== this.dayNumber || !this.dayTotals) {
        const day = new Date(dayNumber * 86_400_000).toISOString().slice(0, 10);
        let totals = this.days.get(day);
        if (!totals) this.days.set(day, (totals = new Map()));
        this.dayNumber = dayNumber;
        this.dayTotals = totals;
      }
      const miles = splitSegment(this.dayTotals, this.lastLat, this.lastLng, lat, lng, from, here);
      if (miles > REVIEW_GAP_MILES && (ms - previousMs > GAP_MINUTES * 60_000 || miles > GAP_MILES)) {
        this.gaps.push({
          startedAt: new Date(previousMs),
          endedAt: new Date(ms),
          fromLat: this.lastLat,
          fromLng: this.lastLng,
          toLat: lat,
          toLng: lng,
          fromJurisdiction: from === UNKNOWN_JURISDICTION ? null : from,
          toJurisdiction: here === UNKNOWN_JURISDICTION ? null : here,
          miles,
        });
      }
    }
    this.lastMs = ms;
    this.lastLat = lat;
    this.lastLng = lng;
    this.lastJurisdiction = here;
  }

  /** Miles per jurisdiction over every day. */
  totals(): Map<string, number> {
    const out = new Map<string, number>();
    for (const totals of this.days.values()) for (const [j, miles] of totals) add(out, j, miles);
    return out;
  }
}

/** Miles per jurisdiction of a whole track, and its gaps to review. */
export function milesByJurisdiction(points: readonly TrackPoint[]): { totals: Map<string, number>; gaps: Gap[] } {
  const accumulator = new MilesAccumulator();
  for (const point of points) accumulator.add(point);
  return { totals: accumulator.totals(), gaps: accumulator.gaps };
}
