import { describe, expect, it } from 'vitest';
import { jurisdictionAt } from './jurisdictions.js';
import { MilesAccumulator, type TrackPoint, haversineMiles, milesByJurisdiction } from './miles.js';

/** Positions every 15 s at `mph` along straight legs between waypoints (lat, lng). */
function drive(waypoints: readonly (readonly [number, number])[], mph = 65, start = Date.UTC(2026, 9, 5, 12)): TrackPoint[] {
  const points: TrackPoint[] = [];
  let t = start;
  const step = mph / 240; // miles per 15 s
  for (let i = 1; i < waypoints.length; i++) {
    const [aLat, aLng] = waypoints[i - 1] as [number, number];
    const [bLat, bLng] = waypoints[i] as [number, number];
    const n = Math.max(1, Math.round(haversineMiles(aLat, aLng, bLat, bLng) / step));
    for (let k = 0; k < n; k++) {
      points.push({ recordedAt: new Date(t), lat: aLat + ((bLat - aLat) * k) / n, lng: aLng + ((bLng - aLng) * k) / n });
      t += 15_000;
    }
  }
  const [lat, lng] = waypoints.at(-1) as [number, number];
  points.push({ recordedAt: new Date(t), lat, lng });
  return points;
}

function sum(values: Iterable<number>): number {
  let total = 0;
  for (const value of values) total += value;
  return total;
}

/**
 * I-70 from I-25 in Denver (exit 274) to downtown Kansas City, Missouri, through its interchanges
 * (coordinates to about a kilometre). Colorado's line with Kansas is the meridian 102.0517°W; at
 * I-70 Kansas meets Missouri at 94.607°W (State Line Road's line north to the river).
 */
const I70: readonly (readonly [number, number])[] = [
  [39.7785, -104.9875], [39.7698, -104.84], [39.77, -104.79], [39.75, -104.43], [39.74, -104.32], [39.711, -104.22],
  [39.615, -104.04], [39.46, -103.94], [39.27, -103.72], [39.265, -103.66], [39.28, -103.5], [39.285, -103.275],
  [39.293, -103.07], [39.3, -102.87], [39.3, -102.6], [39.3, -102.42], [39.3, -102.29], [39.31, -102.05],
  [39.33, -101.71], [39.36, -101.37], [39.375, -101.05], [39.11, -100.81], [39.06, -100.23], [39.02, -99.88],
  [38.94, -99.56], [38.89, -99.32], [38.89, -98.86], [38.83, -98.47], [38.82, -98.14], [38.87, -97.64],
  [38.94, -97.21], [39.03, -96.83], [39.02, -96.56], [39.03, -96.3], [39.02, -95.78], [39.05, -95.67],
  [38.99, -95.24], [39.04, -95.07], [39.075, -94.895], [39.105, -94.825], [39.105, -94.74], [39.115, -94.655],
  [39.1, -94.607], [39.1, -94.57],
]; // prettier-ignore

/** The polyline's miles west of, between and east of two meridians (the known state lines). */
function splitAtMeridians(waypoints: readonly (readonly [number, number])[], west: number, east: number): [number, number, number] {
  const out: [number, number, number] = [0, 0, 0];
  for (let i = 1; i < waypoints.length; i++) {
    const [aLat, aLng] = waypoints[i - 1] as [number, number];
    const [bLat, bLng] = waypoints[i] as [number, number];
    const miles = haversineMiles(aLat, aLng, bLat, bLng);
    const cuts = [0, 1];
    for (const meridian of [west, east]) {
      const t = (meridian - aLng) / (bLng - aLng);
      if (t > 0 && t < 1) cuts.push(t);
    }
    cuts.sort((x, y) => x - y);
    for (let k = 1; k < cuts.length; k++) {
      const middle = aLng + (bLng - aLng) * (((cuts[k - 1] as number) + (cuts[k] as number)) / 2);
      const zone = middle < west ? 0 : middle < east ? 1 : 2;
      out[zone] += miles * ((cuts[k] as number) - (cuts[k - 1] as number));
    }
  }
  return out;
}

describe('jurisdictionAt', () => {
  it('knows cities, DC, the sea and Canada', () => {
    expect(jurisdictionAt(39.74, -104.99)).toBe('CO');
    expect(jurisdictionAt(38.9, -77.03)).toBe('DC');
    expect(jurisdictionAt(40.7128, -74.006)).toBe('NY');
    expect(jurisdictionAt(21.3, -157.85)).toBe('HI');
    expect(jurisdictionAt(35, -70)).toBeNull();
    expect(jurisdictionAt(43.65, -79.38)).toBeNull();
  });

  it('tells Kansas City, Missouri from Kansas City, Kansas', () => {
    expect(jurisdictionAt(39.0997, -94.5786)).toBe('MO'); // downtown KCMO
    expect(jurisdictionAt(39.1141, -94.6275)).toBe('KS'); // downtown KCK
    expect(jurisdictionAt(38.98, -94.67)).toBe('KS'); // Overland Park
    expect(jurisdictionAt(38.89, -94.53)).toBe('MO'); // Grandview
  });

  it('gives a point just off a simplified coastline to the nearest state, and not one far out at sea', () => {
    // Due south of Gulf Shores, Alabama, the 1:10,000,000 shape ends about 30.243° N.
    expect(jurisdictionAt(30.235, -87.7)).toBe('AL'); // within a mile of the drawn coast
    expect(jurisdictionAt(30.1, -87.7)).toBeNull(); // ten miles out in the Gulf
    expect(jurisdictionAt(30.66, -87.98)).toBe('AL'); // I-10 over Mobile Bay
  });
});

describe('miles per jurisdiction', () => {
  it('splits a drive across Kansas City at the state line', () => {
    // West on 39.06°N from Raytown, Missouri to Shawnee, Kansas: the line is about 94.607°W there.
    const { totals, gaps } = milesByJurisdiction(
      drive([
        [39.06, -94.45],
        [39.06, -94.8],
      ]),
    );
    const total = haversineMiles(39.06, -94.45, 39.06, -94.8);
    const east = haversineMiles(39.06, -94.45, 39.06, -94.6075);
    expect(sum(totals.values())).toBeCloseTo(total, 3);
    expect(totals.get('MO') ?? 0).toBeGreaterThan(east - 1);
    expect(totals.get('MO') ?? 0).toBeLessThan(east + 1);
    expect(totals.get('KS') ?? 0).toBeCloseTo(total - (totals.get('MO') ?? 0), 3);
    expect(gaps).toEqual([]);
  });

  it('counts a drive along a border in the states it weaves through, and no mile twice', () => {
    // North along State Line Road (94.6075°W) from 38.85°N to 39.03°N, weaving 200 m either side.
    const waypoints: [number, number][] = [];
    for (let i = 0; i <= 40; i++) waypoints.push([38.85 + i * 0.0045, -94.6075 + (i % 2 === 0 ? -0.0023 : 0.0023)]);
    const points = drive(waypoints, 35);
    const { totals } = milesByJurisdiction(points);
    let length = 0;
    for (let i = 1; i < points.length; i++) {
      const a = points[i - 1] as TrackPoint;
      const b = points[i] as TrackPoint;
      length += haversineMiles(a.lat, a.lng, b.lat, b.lng);
    }
    expect(sum(totals.values())).toBeCloseTo(length, 6);
    expect([...totals.keys()].sort()).toEqual(['KS', 'MO']);
    // The 10m shapes put the line within a kilometre or so: each side gets a fair share.
    expect(totals.get('KS') ?? 0).toBeGreaterThan(length * 0.15);
    expect(totals.get('MO') ?? 0).toBeGreaterThan(length * 0.15);
  });

  it('bridges a gap across a state line with a straight line and flags it over 50 miles', () => {
    // Tracking lost from Salina, Kansas to Lincoln, Nebraska: 2 hours, about 140 miles.
    const start = Date.UTC(2026, 9, 5, 12);
    const points: TrackPoint[] = [
      { recordedAt: new Date(start), lat: 38.84, lng: -97.61 },
      { recordedAt: new Date(start + 2 * 3_600_000), lat: 40.81, lng: -96.7 },
    ];
    const { totals, gaps } = milesByJurisdiction(points);
    const straight = haversineMiles(38.84, -97.61, 40.81, -96.7);
    expect(sum(totals.values())).toBeCloseTo(straight, 6);
    // Kansas's line with Nebraska is the 40th parallel: the share north of it.
    const north = (40.81 - 40) / (40.81 - 38.84);
    expect(totals.get('NE') ?? 0).toBeGreaterThan(straight * north * 0.98);
    expect(totals.get('NE') ?? 0).toBeLessThan(straight * north * 1.02);
    expect(gaps).toHaveLength(1);
    expect(gaps[0]).toMatchObject({ fromJurisdiction: 'KS', toJurisdiction: 'NE' });
    expect(gaps[0]?.miles).toBeCloseTo(straight, 6);
  });

  it('does not flag a short gap (over 15 minutes, under 50 miles)', () => {
    const start = Date.UTC(2026, 9, 5, 12);
    const { gaps, totals } = milesByJurisdiction([
      { recordedAt: new Date(start), lat: 39.05, lng: -95.67 },
      { recordedAt: new Date(start + 40 * 60_000), lat: 38.97, lng: -95.24 },
    ]);
    expect(gaps).toEqual([]);
    expect(totals.get('KS') ?? 0).toBeGreaterThan(20);
  });

  it('I-70 Denver to Kansas City: per-state miles within 2% of the known lines, and of the mileposts', () => {
    const points = drive(I70);
    const { totals, gaps } = milesByJurisdiction(points);
    const [colorado, kansas, missouri] = splitAtMeridians(I70, -102.0517, -94.607);
    expect(gaps).toEqual([]);
    expect(Math.abs((totals.get('CO') ?? 0) / colorado - 1)).toBeLessThan(0.02);
    expect(Math.abs((totals.get('KS') ?? 0) / kansas - 1)).toBeLessThan(0.02);
    expect(Math.abs((totals.get('MO') ?? 0) - missouri)).toBeLessThan(0.5);
    // Against the road's own mileposts (exit 274 to the line at 450: 176 miles; Kansas: 424 miles),
    // the waypoints' straight legs cut the curves by about 2.3%: 3% here.
    expect(Math.abs((totals.get('CO') ?? 0) / 176 - 1)).toBeLessThan(0.03);
    expect(Math.abs((totals.get('KS') ?? 0) / 424 - 1)).toBeLessThan(0.03);
  });

  it('carries the last position across batches, and per UTC day', () => {
    const points = drive(
      [
        [39.02, -95.78],
        [38.99, -95.24],
      ],
      65,
      Date.UTC(2026, 9, 5, 23, 50),
    );
    const whole = milesByJurisdiction(points).totals.get('KS') ?? 0;
    const first = new MilesAccumulator();
    for (const point of points.slice(0, 20)) first.add(point);
    const second = new MilesAccumulator(first.lastPoint);
    for (const point of points.slice(20)) second.add(point);
    expect((first.totals().get('KS') ?? 0) + (second.totals().get('KS') ?? 0)).toBeCloseTo(whole, 6);
    const days = [...first.days.keys(), ...second.days.keys()];
    expect(new Set(days)).toEqual(new Set(['2026-10-05', '2026-10-06']));
  });
});
