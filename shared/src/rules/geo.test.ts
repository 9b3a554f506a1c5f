import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP_ZOOM, gpsFreshness, haversineMiles, toMapLibreZoom } from './geo.js';

const newYork = { lat: 40.7128, lng: -74.006 };
const losAngeles = { lat: 34.0522, lng: -118.2437 };
const chicago = { lat: 41.8781, lng: -87.6298 };
const dallas = { lat: 32.7767, lng: -96.797 };

describe('haversineMiles: the straight-line distance between two places', () => {
  it.each([
    ['New York to Los Angeles', newYork, losAngeles, 2446],
    ['Chicago to Dallas', chicago, dallas, 805],
    ['half way round the equator', { lat: 0, lng: 0 }, { lat: 0, lng: 180 }, 12437],
    ['pole to pole', { lat: 90, lng: 0 }, { lat: -90, lng: 0 }, 12437],
  ])('%s is %i miles', (_lane, from, to, miles) => {
    expect(haversineMiles(from, to)).toBe(miles);
  });

  it('is the same both ways', () => {
    expect(haversineMiles(losAngeles, newYork)).toBe(haversineMiles(newYork, losAngeles));
  });

  it('is zero from a place to itself', () => {
    expect(haversineMiles(chicago, chicago)).toBe(0);
  });

  it('keeps tenths of a mile for a short hop under 10 miles', () => {
    // Across Denver along one parallel: 5.86 miles.
    expect(haversineMiles({ lat: 39.7392, lng: -104.9903 }, { lat: 39.7392, lng: -104.88 })).toBe(5.9);
  });

  it('rounds to whole miles from 10 miles up', () => {
    const miles = haversineMiles({ lat: 39.7392, lng: -104.9903 }, { lat: 39.7392, lng: -104.75 });
    expect(Number.isInteger(miles)).toBe(true);
    expect(miles).toBe(13);
  });

  it('crosses the antimeridian the short way', () => {
    // Two points one degree apart either side of 180° on the equator: about 69 miles, not 24,800.
    expect(haversineMiles({ lat: 0, lng: 179.5 }, { lat: 0, lng: -179.5 })).toBe(69);
  });
});

describe('gpsFreshness: minutes since the last location update', () => {
  const now = new Date('2026-11-21T12:00:00Z').getTime();
  const minutesAgo = (minutes: number) => new Date(now - minutes * 60_000).toISOString();

  it.each([
    [0, 'active'],
    [4.99, 'active'],
    [5, 'idle'],
    [29.99, 'idle'],
    [30, 'offline'],
    [60 * 24, 'offline'],
  ] as const)('%s minutes ago is %s', (minutes, freshness) => {
    expect(gpsFreshness(minutesAgo(minutes), now)).toBe(freshness);
  });

  it('is offline when there has been no update at all', () => {
    expect(gpsFreshness(null, now)).toBe('offline');
    expect(gpsFreshness(undefined, now)).toBe('offline');
    expect(gpsFreshness('not a date', now)).toBe('offline');
  });

  it('counts an update stamped slightly in the future as just now', () => {
    expect(gpsFreshness(minutesAgo(-2), now)).toBe('active');
  });

  it('accepts a Date as well as an ISO string', () => {
    expect(gpsFreshness(new Date(now - 10 * 60_000), new Date(now))).toBe('idle');
  });
});

describe('map zoom', () => {
  it("shows the spec's zoom 4 (256-pixel tiles) as MapLibre's zoom 3 (512-pixel tiles)", () => {
    expect(toMapLibreZoom(DEFAULT_MAP_ZOOM)).toBe(3);
  });
});
