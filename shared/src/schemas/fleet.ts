import { z } from 'zod';
import { LOAD_STATUSES } from '../constants.js';

/** The spec's GPS freshness (minutes since the last location update): under 5 Active, 5 to under 30 Idle, 30 or more (or never) Offline. */
export const FRESHNESS_MINUTES = { idle: 5, offline: 30 } as const;
export const FRESHNESS = ['active', 'idle', 'offline'] as const;
export type Freshness = (typeof FRESHNESS)[number];
export const FRESHNESS_LABELS: Record<Freshness, string> = { active: 'Active', idle: 'Idle', offline: 'Offline' };
/** Marker colours: green (active), yellow (idle), red (offline). */
export const FRESHNESS_COLORS: Record<Freshness, string> = { active: '#16a34a', idle: '#eab308', offline: '#dc2626' };

export function freshnessOf(lastLocationUpdate: string | Date | null, now: number = Date.now()): Freshness {
  if (lastLocationUpdate === null) return 'offline';
  const minutes = (now - new Date(lastLocationUpdate).getTime()) / 60_000;
  if (minutes < FRESHNESS_MINUTES.idle) return 'active';
  if (minutes < FRESHNESS_MINUTES.offline) return 'idle';
  return 'offline';
}

/** The spec's constants: refresh every 90 s; the middle of the US at zoom 4; clustering radius 40-60, max zoom 16. */
export const FLEET_REFRESH_MS = 90_000;
export const FLEET_MAP_CENTER: [number, number] = [-98.5795, 39.8283];
export const FLEET_MAP_ZOOM = 4;
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
