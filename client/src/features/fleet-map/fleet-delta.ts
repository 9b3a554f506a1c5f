import type { LiveChangeItem } from '#shared/schemas/live.js';
import { FLEET_MAX_DRIVERS, type FleetChangedOutput, type FleetDriver, type FleetListOutput } from '#shared/schemas/fleet.js';

/**
 * The fleet map's delta read, kept pure (no React, no query client) so that
 * shared/src/fleet-delta.test.ts tests it and bench/fleet-map.ts measures it:
 * - fleetDeltaRequest: which drivers a burst of live changes asks to read again (fleet.changed),
 *   and which drivers left;
 * - mergeFleet: fleet.changed's answer merged into the list the map holds;
 * - shareFleet: fleet.list's structural sharing (unchanged drivers keep their objects).
 */

/**
 * Where each driver sits in the list, by id. react-query hands every merged list back as a new
 * array (its structural sharing copies it), so the index is not tied to one array: it is checked
 * on every lookup and made again (one pass) only when the list's order changed under it.
 */
let index: { byId: Map<string, number> } = { byId: new Map() };
function reindex(drivers: readonly FleetDriver[]): Map<string, number> {
  const byId = new Map<string, number>();
  for (let at = 0; at < drivers.length; at += 1) byId.set((drivers[at] as FleetDriver).id, at);
  index = { byId };
  return byId;
}
/** The driver's place in `drivers`, or -1 when the list does not hold it. */
function positionOf(drivers: readonly FleetDriver[], id: string): number {
  const at = index.byId.get(id);
  if (at !== undefined && drivers[at]?.id === id) return at;
  // Not where the index says (or not in it): the index is stale if the list holds the driver elsewhere.
  if (at === undefined && index.byId.size === drivers.length && !drivers.some((driver) => driver.id === id)) return -1;
  return reindex(drivers).get(id) ?? -1;
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

/**
 * The list with fleet.changed's answer merged in: each changed driver replaces its row in place
 * (so the order, and the worker's ids, stay as they are), drivers the list did not hold come first
 * (the newest change), removed ones leave. Every other driver object is kept as it was, so
 * react-query's structural sharing and the map's per-driver caches see one changed object per
 * changed driver. An answer that changes nothing gives the very same list back.
 */
export function mergeFleet(list: FleetListOutput, delta: Pick<FleetChangedOutput, 'drivers' | 'removed'>): FleetListOutput {
  const removed = delta.removed.filter((id) => positionOf(list.drivers, id) >= 0);
  const added: FleetDriver[] = [];
  let drivers: FleetDriver[] | null = null;
  for (const driver of delta.drivers) {
    const at = positionOf(list.drivers, driver.id);
    if (at < 0) added.push(driver);
    else {
      drivers ??= list.drivers.slice();
      drivers[at] = driver;
    }
  }
  if (!drivers && added.length === 0 && removed.length === 0) return list;
  let next = drivers ?? list.drivers.slice();
  // Same drivers in the same places: the index still holds.
  if (added.length === 0 && removed.length === 0) return { ...list, drivers: next };
  if (removed.length > 0) {
    const gone = new Set(removed);
    next = next.filter((driver) => !gone.has(driver.id));
  }
  const merged = added.length > 0 ? [...added, ...next] : next;
  const truncated = list.truncated || merged.length > FLEET_MAX_DRIVERS;
  return { drivers: merged.length > FLEET_MAX_DRIVERS ? merged.slice(0, FLEET_MAX_DRIVERS) : merged, truncated };
}

const sameLoad = (a: FleetDriver['currentLoad'], b: FleetDriver['currentLoad']) =>
  a === b || (a !== null && b !== null && a.id === b.id && a.loadNumber === b.loadNumber && a.status === b.status);
/** Whether two answers of the same driver are alike, field by field (fleetDriver's fields). */
const sameDriver = (a: FleetDriver, b: FleetDriver) =>
  a.id === b.id &&
  a.lat === b.lat &&
  a.lng === b.lng &&
  a.lastLocationUpdate === b.lastLocationUpdate &&
  a.firstName === b.firstName &&
  a.lastName === b.lastName &&
  a.phone === b.phone &&
  a.status === b.status &&
  sameLoad(a.currentLoad, b.currentLoad);

const isList = (value: unknown): value is FleetListOutput =>
  typeof value === 'object' && value !== null && Array.isArray((value as { drivers?: unknown }).drivers);

/**
 * fleet.list's structural sharing (react-query's `structuralSharing` option): a new answer keeps
 * the objects of the drivers that did not change, as react-query's generic replaceEqualDeep would,
 * but by the driver's known fields (no key lists, no recursion) and by identity first, so a merged
 * delta costs one pass of identity checks and a full read (the 90 s refresh) one shallow
 * comparison per driver. The same answer gives the very list back.
 */
export function shareFleet(previous: unknown, next: unknown): unknown {
  if (!isList(previous) || !isList(next) || previous === next) return next;
  const old = previous.drivers;
  const fresh = next.drivers;
  const drivers = new Array<FleetDriver>(fresh.length);
  let same = old.length === fresh.length && previous.truncated === next.truncated;
  for (let at = 0; at < fresh.length; at += 1) {
    const driver = fresh[at] as FleetDriver;
    const there = old[at];
    if (driver === there) {
      drivers[at] = driver;
      continue;
    }
    const before = there?.id === driver.id ? there : old[positionOf(old, driver.id)];
    if (before && sameDriver(before, driver)) {
      drivers[at] = before;
      if (before !== there) same = false;
    } else {
      drivers[at] = driver;
      same = false;
    }
  }
  return same ? previous : { ...next, drivers };
}

/** The list without the deleted drivers (the same list when it held none of them). */
export function withoutDrivers(list: FleetListOutput, deleted: ReadonlySet<string>): FleetListOutput {
  return mergeFleet(list, { drivers: [], removed: [...deleted] });
}
