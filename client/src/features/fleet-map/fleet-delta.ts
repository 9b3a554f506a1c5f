import type { LiveChangeItem } from '#shared/schemas/live.js';
import { FLEET_MAX_DRIVERS, type FleetChangedOutput, type FleetDriver, type FleetListOutput } from '#shared/schemas/fleet.js';

/**
 * The fleet map's delta read, kept pure (no React, no query client) so that
 * shared/src/fleet-delta.test.ts tests it and bench/fleet-map.ts measures it:
 * - fleetDeltaRequest: which drivers a burst of live changes asks to read again (fleet.changed),
 *   and which drivers left;
 * - mergeFleet: fleet.changed's answer merged into the list the map holds.
 */

/** Each list's driver positions by id, made once per drivers array (a merge that only replaces drivers hands it on). */
const positionsOf = new WeakMap<readonly FleetDriver[], Map<string, number>>();
function positions(drivers: readonly FleetDriver[]): Map<string, number> {
  let byId = positionsOf.get(drivers);
  if (!byId) {
    byId = new Map();
    for (let index = 0; index < drivers.length; index += 1) byId.set((drivers[index] as FleetDriver).id, index);
    positionsOf.set(drivers, byId);
  }
  return byId;
}

export interface FleetDeltaRequest {
  /** Drivers to read again: changed rows, and the drivers the list shows holding a changed load. */
  driverIds: Set<string>;
  /** Loads that changed: the server adds their current driver (a load handed to a driver not yet holding it). */
  loadIds: Set<string>;
  /** Drivers deleted: they leave the list at once, nothing to read. */
  deleted: Set<string>;
}

/** What a burst of live changes (drivers and loads; other tables ignored) asks of the list `list` holds. */
export function fleetDeltaRequest(list: FleetListOutput | undefined, changes: readonly LiveChangeItem[]): FleetDeltaRequest {
  const request: FleetDeltaRequest = { driverIds: new Set(), loadIds: new Set(), deleted: new Set() };
  let holders: Map<string, string> | null = null;
  for (const change of changes) {
    if (change.table === 'drivers') {
      if (change.op === 'DELETE') {
        request.deleted.add(change.id);
        request.driverIds.delete(change.id);
      } else if (!request.deleted.has(change.id)) request.driverIds.add(change.id);
    } else if (change.table === 'loads') {
      request.loadIds.add(change.id);
      // The driver the list shows with this load: it may have lost it (reassigned, delivered, deleted).
      if (list && !holders) {
        holders = new Map();
        for (const driver of list.drivers) if (driver.currentLoad) holders.set(driver.currentLoad.id, driver.id);
      }
      const holder = holders?.get(change.id);
      if (holder !== undefined && !request.deleted.has(holder)) request.driverIds.add(holder);
    }
  }
  return request;
}

/** How many ids a request names (past FLEET_CHANGED_MAX_IDS of either kind the list is read whole instead). */
export const requestSize = (request: Pick<FleetDeltaRequest, 'driverIds' | 'loadIds'>) =>
  Math.max(request.driverIds.size, request.loadIds.size);

/**
 * The list with fleet.changed's answer merged in: each changed driver replaces its row in place
 * (so the order, and the worker's ids, stay as they are), drivers the list did not hold come first
 * (the newest change), removed ones leave. Every other driver object is kept as it was, so
 * react-query's structural sharing and the map's per-driver caches see one changed object per
 * changed driver. An answer that changes nothing gives the very same list back.
 */
export function mergeFleet(list: FleetListOutput, delta: Pick<FleetChangedOutput, 'drivers' | 'removed'>): FleetListOutput {
  const byId = positions(list.drivers);
  const removed = delta.removed.filter((id) => byId.has(id));
  const added: FleetDriver[] = [];
  let drivers: FleetDriver[] | null = null;
  for (const driver of delta.drivers) {
    const at = byId.get(driver.id);
    if (at === undefined) added.push(driver);
    else {
      drivers ??= list.drivers.slice();
      drivers[at] = driver;
    }
  }
  if (!drivers && added.length === 0 && removed.length === 0) return list;
  let next = drivers ?? list.drivers.slice();
  if (added.length === 0 && removed.length === 0) {
    // Same drivers in the same places: the positions carry over.
    positionsOf.set(next, byId);
    return { ...list, drivers: next };
  }
  if (removed.length > 0) {
    const gone = new Set(removed);
    next = next.filter((driver) => !gone.has(driver.id));
  }
  const merged = added.length > 0 ? [...added, ...next] : next;
  const truncated = list.truncated || merged.length > FLEET_MAX_DRIVERS;
  return { drivers: merged.length > FLEET_MAX_DRIVERS ? merged.slice(0, FLEET_MAX_DRIVERS) : merged, truncated };
}

/** The list without the deleted drivers (the same list when it held none of them). */
export function withoutDrivers(list: FleetListOutput, deleted: ReadonlySet<string>): FleetListOutput {
  return mergeFleet(list, { drivers: [], removed: [...deleted] });
}
