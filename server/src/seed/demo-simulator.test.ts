import { describe, expect, it } from 'vitest';
import { haversineMiles } from '#shared/rules/geo.js';
import { advanceAlongLane, demoSimulationEnabled, pointAlong, progressAlong } from './demo-simulator.js';

const dallas = { lat: 32.78, lng: -96.8 };
const atlanta = { lat: 33.75, lng: -84.39 };
const lane = { from: dallas, to: atlanta };

describe('the demo lane', () => {
  it('places a point by its progress and reads the progress back', () => {
    expect(pointAlong(dallas, atlanta, 0)).toEqual(dallas);
    expect(pointAlong(dallas, atlanta, 1)).toEqual(atlanta);
    const middle = pointAlong(dallas, atlanta, 0.5);
    expect(middle.lat).toBeCloseTo(33.265, 6);
    expect(middle.lng).toBeCloseTo(-90.595, 6);
    expect(progressAlong(dallas, atlanta, middle)).toBeCloseTo(0.5, 9);
    // Off the lane: its projection; before the start or past the end: clamped.
    expect(progressAlong(dallas, atlanta, { lat: middle.lat + 0.3, lng: middle.lng + 0.02 })).toBeCloseTo(0.5, 1);
    expect(progressAlong(dallas, atlanta, { lat: 32, lng: -100 })).toBe(0);
    expect(progressAlong(dallas, atlanta, { lat: 34, lng: -80 })).toBe(1);
    expect(progressAlong(dallas, dallas, dallas)).toBe(1);
  });

  it('moves a driver the miles given toward the delivery, never past it', () => {
    const laneMiles = haversineMiles(dallas, atlanta);
    const start = pointAlong(dallas, atlanta, 0.25);
    const step = advanceAlongLane(lane, start, 55);
    expect(step.arrived).toBe(false);
    expect(step.progress).toBeCloseTo(0.25 + 55 / laneMiles, 9);
    expect(haversineMiles(start, atlanta) - haversineMiles(step.position, atlanta)).toBeGreaterThanOrEqual(54);
    expect(haversineMiles(start, atlanta) - haversineMiles(step.position, atlanta)).toBeLessThanOrEqual(56);

    const last = advanceAlongLane(lane, pointAlong(dallas, atlanta, 0.99), 500);
    expect(last).toEqual({ position: atlanta, progress: 1, arrived: true });
    // No position yet: from the pickup city. No miles: where it is.
    expect(advanceAlongLane(lane, null, 0).position).toEqual(dallas);
    expect(advanceAlongLane(lane, start, -5).progress).toBeCloseTo(0.25, 9);
  });

  it('jitters across the lane only, by about a tenth of a mile at most', () => {
    const start = pointAlong(dallas, atlanta, 0.5);
    const straight = advanceAlongLane(lane, start, 10, 0);
    for (const jitter of [-1, -0.4, 0.7, 1, 5]) {
      const step = advanceAlongLane(lane, start, 10, jitter);
      expect(step.progress).toBeCloseTo(straight.progress, 9);
      expect(progressAlong(dallas, atlanta, step.position)).toBeCloseTo(straight.progress, 6);
      expect(haversineMiles(step.position, straight.position)).toBeLessThanOrEqual(0.15);
    }
  });
});

describe('demoSimulationEnabled', () => {
  it('is on in development with the demo workspace (auto), under test only when asked, never in production', () => {
    expect(demoSimulationEnabled({ NODE_ENV: 'development', DEMO_SIMULATION: 'auto' }, true)).toBe(true);
    expect(demoSimulationEnabled({ NODE_ENV: 'development', DEMO_SIMULATION: 'auto' }, false)).toBe(false);
    expect(demoSimulationEnabled({ NODE_ENV: 'development', DEMO_SIMULATION: 'off' }, true)).toBe(false);
    expect(demoSimulationEnabled({ NODE_ENV: 'test', DEMO_SIMULATION: 'auto' }, true)).toBe(false);
    expect(demoSimulationEnabled({ NODE_ENV: 'test', DEMO_SIMULATION: 'on' }, false)).toBe(true);
    expect(demoSimulationEnabled({ NODE_ENV: 'production', DEMO_SIMULATION: 'on' }, true)).toBe(false);
    expect(demoSimulationEnabled({ NODE_ENV: 'production', DEMO_SIMULATION: 'auto' }, true)).toBe(false);
  });
});
