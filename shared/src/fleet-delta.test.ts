import { describe, expect, it } from 'vitest';
import type { FleetDriver, FleetListOutput } from '#shared/schemas/fleet.js';
import type { LiveChangeItem } from '#shared/schemas/live.js';
import { fleetDeltaRequest, mergeFleet, shareFleet, withoutDrivers } from '../../client/src/features/fleet-map/fleet-delta.js';

/** The fleet map's delta read on the client (client/src/features/fleet-map/fleet-delta.ts): what a burst asks for, and the merge. */

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const loadId = (n: number) => `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const driver = (n: number, values: Partial<FleetDriver> = {}): FleetDriver => ({
  id: id(n),
  firstName: 'Driver',
  lastName: `Number ${n}`,
  phone: null,
  status: 'available',
  lat: 30 + n / 100,
  lng: -97,
  lastLocationUpdate: '2026-11-25T12:00:00.000Z',
  currentLoad: null,
  ...values,
});
const list = (...drivers: FleetDriver[]): FleetListOutput => ({ drivers, truncated: false });
const change = (table: LiveChangeItem['table'], op: LiveChangeItem['op'], rowId: string): LiveChangeItem => ({
  table,
  op,
  id: rowId,
  status: null,
  previousStatus: null,
});

describe('mergeFleet', () => {
  it('replaces changed drivers in place and keeps every other driver object', () => {
    const before = list(driver(1), driver(2), driver(3));
    const moved = driver(2, { lat: 41, lastLocationUpdate: '2026-11-25T12:05:00.000Z' });
    const after = mergeFleet(before, { drivers: [moved], removed: [] });
    expect(after.drivers.map((row) => row.id)).toEqual([id(1), id(2), id(3)]);
    expect(after.drivers[1]).toBe(moved);
    expect(after.drivers[0]).toBe(before.drivers[0]);
    expect(after.drivers[2]).toBe(before.drivers[2]);
    // The cached list itself is not changed.
    expect(before.drivers[1]?.lat).toBe(30.02);
  });

  it('puts new drivers first and drops removed ones', () => {
    const before = list(driver(1), driver(2), driver(3));
    const after = mergeFleet(before, { drivers: [driver(4), driver(3, { lat: 45 })], removed: [id(1)] });
    expect(after.drivers.map((row) => row.id)).toEqual([id(4), id(2), id(3)]);
    expect(after.drivers[2]?.lat).toBe(45);
    expect(after.truncated).toBe(false);
  });

  it('gives the same list back when nothing it holds changed', () => {
    const before = list(driver(1));
    expect(mergeFleet(before, { drivers: [], removed: [id(9)] })).toBe(before);
    expect(withoutDrivers(before, new Set([id(9)]))).toBe(before);
    expect(withoutDrivers(before, new Set([id(1)])).drivers).toEqual([]);
  });

  it('merges one delta after another (positions carried over between merges)', () => {
    let current = list(driver(1), driver(2), driver(3));
    for (let step = 1; step <= 3; step += 1) current = mergeFleet(current, { drivers: [driver(step, { lat: step })], removed: [] });
    current = mergeFleet(current, { drivers: [driver(5)], removed: [id(2)] });
    current = mergeFleet(current, { drivers: [driver(3, { lat: 99 })], removed: [] });
    expect(current.drivers.map((row) => [row.id, row.lat])).toEqual([
      [id(5), 30.05],
      [id(1), 1],
      [id(3), 99],
    ]);
  });
});

describe('fleetDeltaRequest', () => {
  it('names changed drivers, the loads that changed and the drivers the list shows holding them', () => {
    const before = list(driver(1, { currentLoad: { id: loadId(7), loadNumber: 'L-7', status: 'in_transit' } }), driver(2));
    const request = fleetDeltaRequest(before, [
      change('drivers', 'UPDATE', id(2)),
      change('loads', 'UPDATE', loadId(7)),
      change('loads', 'INSERT', loadId(8)),
      change('invoices', 'INSERT', loadId(9)),
    ]);
    expect([...request.driverIds].sort()).toEqual([id(1), id(2)]);
    expect([...request.loadIds].sort()).toEqual([loadId(7), loadId(8)]);
    expect(request.deleted.size).toBe(0);
  });

  it('lets a deleted driver leave without a read, even after an update in the same burst', () => {
    const request = fleetDeltaRequest(list(driver(1)), [
      change('drivers', 'UPDATE', id(1)),
      change('drivers', 'DELETE', id(1)),
      change('drivers', 'INSERT', id(3)),
    ]);
    expect([...request.deleted]).toEqual([id(1)]);
    expect([...request.driverIds]).toEqual([id(3)]);
  });
});

describe('shareFleet (fleet.list structural sharing)', () => {
  it('keeps the objects of unchanged drivers from a full read, and the list itself when nothing changed', () => {
    const before = list(driver(1), driver(2), driver(3));
    const again = JSON.parse(JSON.stringify(before)) as FleetListOutput;
    expect(shareFleet(before, again)).toBe(before);
    const fresh = JSON.parse(JSON.stringify(list(driver(3), driver(1, { lat: 50 }), driver(2)))) as FleetListOutput;
    const shared = shareFleet(before, fresh) as FleetListOutput;
    expect(shared.drivers.map((row) => row.id)).toEqual([id(3), id(1), id(2)]);
    expect(shared.drivers[0]).toBe(before.drivers[2]);
    expect(shared.drivers[2]).toBe(before.drivers[1]);
    expect(shared.drivers[1]).toBe(fresh.drivers[1]);
    expect(shared.drivers[1]?.lat).toBe(50);
  });

  it('tells a changed current load apart', () => {
    const before = list(driver(1, { currentLoad: { id: loadId(1), loadNumber: 'L-1', status: 'assigned' } }));
    const after = list(driver(1, { currentLoad: { id: loadId(1), loadNumber: 'L-1', status: 'picked' } }));
    expect((shareFleet(before, after) as FleetListOutput).drivers[0]?.currentLoad?.status).toBe('picked');
  });
});
