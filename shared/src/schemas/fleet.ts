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

export const fleetListInput = z.object({ search: z.string().trim().max(100, 'Search must be at most 100 characters').optional() });
export type FleetListInput = z.infer<typeof fleetListInput>;

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

export const fleetDriver = z.object({
  id: z.uuid(),
  companyName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  status: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  lastLocationUpdate: z.string().nullable(),
  currentLoad: fleetLoad.nullable(),
});
export type FleetDriver = z.infer<typeof fleetDriver>;

export const fleetListOutput = z.object({ drivers: z.array(fleetDriver), truncated: z.boolean() });
export type FleetListOutput = z.infer<typeof fleetListOutput>;
