import { describe, expect, it } from 'vitest';
import { DESCRIBE_BATCH, PLACE_UNAVAILABLE, PlaceNameStore, placeKey, type LatLng } from './place-name-store';

/** A store whose scheduled work and retries run when the test says, over a fake geo.describe. */
function harness(answer: (points: LatLng[]) => Promise<(string | null)[]> = (points) => Promise.resolve(points.map((p) => `at ${p.lat}`))) {
  const calls: LatLng[][] = [];
  const pending: (() => void)[] = [];
  const wakeUps: (() => void)[] = [];
  let clock = 0;
  const store = new PlaceNameStore(
    (points) => {
      calls.push(points);
      return answer(points);
    },
    {
      schedule: (run) => pending.push(run),
      later: (run) => wakeUps.push(run),
      now: () => clock,
      retryAfterMs: 30_000,
      retryable: (error) => !(error instanceof Error && error.message === 'FORBIDDEN'),
    },
  );
  const tick = async () => {
    for (const run of pending.splice(0)) run();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { store, calls, tick, wakeUps, advance: (ms: number) => (clock += ms) };
}

/** The key of a position that has one. */
function keyOf(lat: number, lng: number): string {
  const key = placeKey({ lat, lng });
  if (key === null) throw new Error(`no key for ${lat}, ${lng}`);
  return key;
}
const keys = (count: number) => Array.from({ length: count }, (_, index) => keyOf(30 + index / 100, -90));
const one = () => keyOf(35, -90);

describe('placeKey', () => {
  it('rounds to about 100 m, so an idling driver keeps one key', () => {
    expect(placeKey({ lat: 35.14953, lng: -90.04901 })).toBe('35.15,-90.049');
    expect(placeKey({ lat: '35.1496', lng: '-90.0491' })).toBe(placeKey({ lat: 35.1497, lng: -90.0489 }));
  });

  it('has no key without a position, or off the earth', () => {
    expect(placeKey({ lat: null, lng: -90 })).toBeNull();
    expect(placeKey({ lat: '', lng: '' })).toBeNull();
    expect(placeKey({ lat: 91, lng: 0 })).toBeNull();
    expect(placeKey({ lat: Number.NaN, lng: 0 })).toBeNull();
  });
});

describe('PlaceNameStore', () => {
  it('asks once for the positions of one tick, at most 100 a call, and names them', async () => {
    const { store, calls, tick } = harness();
    const wanted = keys(250);
    store.request(wanted.slice(0, 120));
    store.request(wanted.slice(100));
    expect(store.lookup(wanted[0] ?? '')).toBeUndefined();
    await tick();
    expect(calls.map((call) => call.length)).toEqual([DESCRIBE_BATCH, DESCRIBE_BATCH, 50]);
    expect(store.lookup(wanted[0] ?? '')).toBe('at 30');
    expect(store.lookup(null)).toBeUndefined();
  });

  it('never asks again for a known position, nor for one being asked (a refetch, a second screen)', async () => {
    let release: (names: (string | null)[]) => void = () => {};
    const { store, calls, tick } = harness((points) => new Promise((resolve) => (release = () => resolve(points.map(() => 'X, TX')))));
    const wanted = keys(3);
    store.request(wanted);
    await tick();
    store.request(wanted);
    await tick();
    expect(calls).toHaveLength(1);
    release([]);
    await tick();
    store.request(wanted);
    await tick();
    expect(calls).toHaveLength(1);
  });

  it('asks only for the driver who moved', async () => {
    const { store, calls, tick } = harness();
    const fleet = keys(200);
    store.request(fleet);
    await tick();
    const moved = [...fleet.slice(1), keyOf(40, -100)];
    store.request(moved);
    await tick();
    expect(calls.map((call) => call.length)).toEqual([100, 100, 1]);
    expect(calls[2]).toEqual([{ lat: 40, lng: -100 }]);
  });

  it('keeps null for a position far from any US town', async () => {
    const { store, tick } = harness((points) => Promise.resolve(points.map(() => null)));
    const key = one();
    store.request([key]);
    await tick();
    expect(store.lookup(key)).toBeNull();
  });

  it('says unavailable after a failure, and asks again once the retry is due, if still shown', async () => {
    let fail = true;
    const { store, calls, tick, wakeUps, advance } = harness((points) =>
      fail ? Promise.reject(new Error('down')) : Promise.resolve(points.map(() => 'Memphis, TN')),
    );
    let told = 0;
    store.subscribe(() => (told += 1));
    const key = one();
    store.request([key]);
    await tick();
    expect(store.lookup(key)).toBe(PLACE_UNAVAILABLE);
    expect(told).toBe(1);
    // Too soon: not asked again.
    store.request([key]);
    await tick();
    expect(calls).toHaveLength(1);
    fail = false;
    advance(30_000);
    for (const wake of wakeUps.splice(0)) wake();
    expect(told).toBe(2);
    store.request([key]);
    expect(store.lookup(key)).toBeUndefined();
    await tick();
    expect(calls).toHaveLength(2);
    expect(store.lookup(key)).toBe('Memphis, TN');
  });

  it('never asks again after a refusal of the caller’s rights', async () => {
    const { store, calls, tick, wakeUps, advance } = harness(() => Promise.reject(new Error('FORBIDDEN')));
    const key = one();
    store.request([key]);
    await tick();
    advance(60_000);
    store.request([key]);
    await tick();
    expect(calls).toHaveLength(1);
    expect(wakeUps).toHaveLength(0);
    expect(store.lookup(key)).toBe(PLACE_UNAVAILABLE);
  });

  it('keeps at most maxEntries names, dropping the oldest', async () => {
    const store = new PlaceNameStore((points) => Promise.resolve(points.map(() => 'A, TX')), {
      maxEntries: 2,
      schedule: (run) => run(),
    });
    const wanted = keys(3);
    store.request(wanted);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(wanted.map((key) => store.lookup(key))).toEqual([undefined, 'A, TX', 'A, TX']);
  });
});
