import { describe, expect, it } from 'vitest';
import { detect, type Fix, type WatchedStop } from './detect.js';

const MIN = 60_000;
const settings = { arrivalDwellMs: 2 * MIN, departureDwellMs: 3 * MIN };
// Dallas, TX; 1 mile of latitude is about 1/69 of a degree.
const centre = { lat: 32.7767, lng: -96.797 };
const milesNorth = (miles: number) => ({ lat: centre.lat + miles / 69.05, lng: centre.lng });
const stop = (overrides: Partial<WatchedStop> = {}): WatchedStop => ({
  id: 's1',
  ...centre,
  radiusMiles: 1,
  arrivedAt: null,
  departedAt: null,
  runStartedAt: null,
  lastAt: null,
  ...overrides,
});
const t0 = Date.parse('2026-11-29T08:00:00Z');
const track = (points: [minutes: number, miles: number][]): Fix[] =>
  points.map(([m, miles]) => ({ at: t0 + m * MIN, ...milesNorth(miles) }));

describe('geofence detection', () => {
  it('a normal arrive, wait and depart: stamped with the first position inside and the first outside', () => {
    const fixes = track([
      [0, 10],
      [5, 3],
      [10, 0.5],
      [11, 0.2],
      [13, 0.1],
      [60, 0.1],
      [90, 2],
      [92, 4],
      [94, 8],
    ]);
    const { events, changed } = detect([stop()], fixes, settings);
    expect(events).toEqual([
      { stopId: 's1', kind: 'arrived', at: t0 + 10 * MIN },
      { stopId: 's1', kind: 'departed', at: t0 + 90 * MIN },
    ]);
    expect(changed[0]).toMatchObject({ arrivedAt: t0 + 10 * MIN, departedAt: t0 + 90 * MIN, runStartedAt: null });
  });

  it('jitter at the fence edge does not flap: the band between radius and 1.25x changes nothing', () => {
    // Parked just inside for long enough: one arrival; then wobbling between 0.95 and 1.2 miles for an hour: no departure.
    const points: [number, number][] = [];
    for (let m = 0; m <= 60; m += 1) points.push([m, m % 2 === 0 ? 0.95 : 1.2]);
    const { events } = detect([stop()], track(points), settings);
    expect(events).toEqual([{ stopId: 's1', kind: 'arrived', at: t0 }]);

    // Wobbling across the edge only into the band, never beyond 1.25x, after an arrival: never departs.
    const arrived = stop({ arrivedAt: t0 - 10 * MIN, lastAt: t0 - MIN });
    expect(detect([arrived], track(points), settings).events).toEqual([]);
    // Jitter that briefly pokes outside (shorter than the departure dwell) resets: no departure either.
    const pokes = track([
      [0, 1.4],
      [1, 0.9],
      [2, 1.4],
      [3, 0.9],
      [4, 1.4],
      [6, 0.9],
    ]);
    expect(detect([arrived], pokes, settings).events).toEqual([]);
  });

  it('a stop shorter than the dwell records nothing', () => {
    const fixes = track([
      [0, 5],
      [1, 0.5],
      [2.5, 0.3],
      [3, 3],
      [4, 6],
    ]);
    const result = detect([stop()], fixes, settings);
    expect(result.events).toEqual([]);
    expect(result.changed[0]).toMatchObject({ arrivedAt: null, runStartedAt: null });
  });

  it('a batch arriving out of order is read in time order; a late batch older than what was read is skipped', () => {
    const fixes = track([
      [0, 0.3],
      [1, 0.3],
      [2, 0.3],
      [3, 0.3],
    ]);
    const shuffled = [fixes[2], fixes[0], fixes[3], fixes[1]] as Fix[];
    const first = detect([stop()], shuffled, settings);
    expect(first.events).toEqual([{ stopId: 's1', kind: 'arrived', at: t0 }]);
    const after = first.changed[0] as WatchedStop;
    expect(after.lastAt).toBe(t0 + 3 * MIN);
    // Positions queued offline before what was already read: ignored, nothing changes.
    const late = detect(
      [after],
      track([
        [-5, 20],
        [-4, 20],
        [-1, 20],
      ]),
      settings,
    );
    expect(late).toEqual({ changed: [], events: [] });
  });

  it('the state carries across batches: an arrival dwell split over two batches', () => {
    const one = detect(
      [stop()],
      track([
        [0, 0.2],
        [1, 0.2],
      ]),
      settings,
    );
    expect(one.events).toEqual([]);
    const state = one.changed[0] as WatchedStop;
    expect(state.runStartedAt).toBe(t0);
    const two = detect([state], track([[2, 0.2]]), settings);
    expect(two.events).toEqual([{ stopId: 's1', kind: 'arrived', at: t0 }]);
  });
});
