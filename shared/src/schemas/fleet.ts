import { z } from 'zod';
import { LOAD_STATUSES } from '../constants.js';

/** The spec's GPS freshness (shared/src/rules/geo.ts): under 5 minutes Active, 5 to under 30 Idle, 30 or more (or never) Offline. */
export { gpsFreshness as freshnessOf, type GpsFreshness as Freshness } from '../rules/geo.js';
export const FRESHNESS_LABELS = { active: 'Active', idle: 'Idle', offline: 'Offline' } as const;

/** The spec's constants: refresh every 90 s; clustering radius in 40-60 and max zoom 16 (the map's centre and zoom: US_CENTER, DEFAULT_MAP_ZOOM). */
export const FLEET_REFRESH_MS = 90_000;
export const FLEET_CLUSTER = { radius: 50, maxZoom: 16 } as const;
/** At most this many drivers in one answer (the map stays smooth with 10,000). */
export const FLEET_MAX_DRIVERS = 20_000;
/**
 * At most this many drivers (and as many loads) named in one fleet.changed read. A query travels
 * in the URL (GET), which Node bounds at 16 KiB with the headers: 250 ids are about 11 KiB. A
 * larger burst is read in several such calls (client/src/features/fleet-map/fleet-live.ts).
 */
export const FLEET_CHANGED_MAX_IDS = 250;
/**
 * How many ids the fleet map names in one fleet.changed read: a larger burst is read and merged in
 * several updates of at most this many, each well within the 8 ms of main-thread work an update
 * may take at 10,000 drivers (bench/fleet-map.ts: 250 at a time went over it at p99).
 */
export const FLEET_DELTA_CHUNK = 100;

export const fleetSearch = z.string().trim().max(100, 'Search must be at most 100 characters').optional();
export const fleetListInput = z.object({ search: fleetSearch });
export type FleetListInput = z.infer<typeof fleetListInput>;

/** A driver's current load as the map's list holds it; its lane and broker come with the selected driver (fleet.driver). */
export const fleetLoadSummary = z.object({ id: z.uuid(), loadNumber: z.string(), status: z.enum(LOAD_STATUSES) });
export type FleetLoadSummary = z.infer<typeof fleetLoadSummary>;

/**
 * One driver of the fleet map: only what the map, its counts and its list need (about 250 bytes
 * of JSON instead of 380); the side panel reads the rest of the selected driver (fleet.driver).
 */
export const fleetDriver = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  status: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  lastLocationUpdate: z.string().nullable(),
  currentLoad: fleetLoadSummary.nullable(),
});
export type FleetDriver = z.infer<typeof fleetDriver>;

export const fleetListOutput = z.object({ drivers: z.array(fleetDriver), truncated: z.boolean() });
export type FleetListOutput = z.infer<typeof fleetListOutput>;

/**
 * fleet.changed: the drivers a burst of live changes named, as they are now. `driverIds`: drivers
 * whose row changed (a reported position, an edit); `loadIds`: loads that changed (their current
 * driver is read too; the client adds the drivers its list shows holding them, so a load handed
 * from one driver to another updates both).
 */
const idList = z
  .array(z.uuid())
  .max(FLEET_CHANGED_MAX_IDS, `At most ${FLEET_CHANGED_MAX_IDS.toLocaleString('en-US')} ids`)
  .default([]);
export const fleetChangedInput = z.object({ driverIds: idList, loadIds: idList, search: fleetSearch });
export type FleetChangedInput = z.input<typeof fleetChangedInput>;
/**
 * `drivers`: every driver named (or driving a named load) that the list holds now, as fleet.list
 * answers it; `removed`: the drivers named that it no longer holds (deleted, or no longer matching
 * the search); a driver the caller may not read is answered as removed, like a deleted one.
 */
export const fleetChangedOutput = z.object({ drivers: z.array(fleetDriver), removed: z.array(z.uuid()) });
export type FleetChangedOutput = z.infer<typeof fleetChangedOutput>;

export const fleetLoad = z.object({
  id: z.uuid(),
  loadNumber: z.string(),
  pickupCity: z.string(),
  pickupState: z.string(),
  deliveryCity: z.string(),
  deliveryState: z.string(),
  status: z.enum(LOAD_STATUSES),
  brokerName: z.string().nullable(),
  brokerPhone: z.string().nullable(),
});
export type FleetLoad = z.infer<typeof fleetLoad>;

/** fleet.driver: the side panel's part of the selected driver (its company, its current load's lane and broker). */
export const fleetDriverInput = z.object({ id: z.uuid() });
export const fleetDriverDetail = z.object({ id: z.uuid(), companyName: z.string(), currentLoad: fleetLoad.nullable() });
export type FleetDriverDetail = z.infer<typeof fleetDriverDetail>;
