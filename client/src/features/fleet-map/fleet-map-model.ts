import type { FeatureCollection, Point } from 'geojson';
import { GPS_ACTIVE_UNDER_MINUTES, GPS_IDLE_UNDER_MINUTES, type GpsFreshness } from '#shared/rules/geo.js';
import type { FleetDriver } from '#shared/schemas/fleet.js';
import { FRESHNESS_COLOURS } from '../maps/map-types';
import { FRESHNESS_CODES, type ClusterFeature, type ClusterRequest, type PackedPoints } from './cluster-protocol';

/**
 * What the fleet map's main thread does with each update, kept pure (no React, no DOM, no
 * MapLibre) so that bench/fleet-map.ts runs this very code at 10,000 drivers:
 * - summarizeFleet: on every fleet.list answer, the Active / Idle / Offline counts and the points
 *   sent to the clustering worker, in one pass;
 * - featureCollection: on every answer of the worker, the GeoJSON the map's one source draws (circles
 *   and their counts, drawn by the map itself: no DOM element per marker).
 */
export interface FleetSummary {
  counts: Record<GpsFreshness, number>;
  points: PackedPoints;
}

type SummaryDriver = Pick<FleetDriver, 'id' | 'lat' | 'lng' | 'lastLocationUpdate'>;

/**
 * Each driver's last update as milliseconds, parsed once per value: kept by driver id with the
 * text it was parsed from, so an update in which some drivers moved parses only theirs, whether
 * their objects came from a merged delta or a full read. (A WeakMap by driver object did the same
 * but made every young-generation collection walk its thousands of entries: 2 to 3 ms a merge of
 * 250 new drivers.)
 */
const parsedTimes = new Map<string, { text: string | null; time: number }>();
function updatedAt(driver: SummaryDriver): number {
  const cached = parsedTimes.get(driver.id);
  if (cached && cached.text === driver.lastLocationUpdate) return cached.time;
  const time = driver.lastLocationUpdate ? Date.parse(driver.lastLocationUpdate) : Number.NaN;
  if (cached) {
    cached.text = driver.lastLocationUpdate;
    cached.time = time;
  } else parsedTimes.set(driver.id, { text: driver.lastLocationUpdate, time });
  return time;
}

/** The fleet's counts and its packed points in one pass (freshness as gpsFreshness reads it). */
export function summarizeFleet(drivers: readonly SummaryDriver[], now: number): FleetSummary {
  const counts: Record<GpsFreshness, number> = { active: 0, idle: 0, offline: 0 };
  const ids: string[] = [];
  const coords = new Float64Array(drivers.length * 2);
  const freshness = new Uint8Array(drivers.length);
  for (const driver of drivers) {
    const time = updatedAt(driver);
    const minutes = Number.isNaN(time) ? Infinity : Math.max(0, (now - time) / 60_000);
    const code = minutes < GPS_ACTIVE_UNDER_MINUTES ? 0 : minutes < GPS_IDLE_UNDER_MINUTES ? 1 : 2;
    counts[FRESHNESS_CODES[code] as GpsFreshness] += 1;
    if (driver.lat === null || driver.lng === null) continue;
    const at = ids.length;
    ids.push(driver.id);
    coords[2 * at] = driver.lng;
    coords[2 * at + 1] = driver.lat;
    freshness[at] = code;
  }
  return { counts, points: { ids, coords: coords.subarray(0, ids.length * 2), freshness: freshness.subarray(0, ids.length) } };
}

/** Whether two id lists are the same drivers in the same order (the worker then keeps its ids). */
export function sameIds(previous: readonly string[] | null, next: readonly string[]): boolean {
  if (!previous || previous.length !== next.length) return false;
  for (let index = 0; index < next.length; index += 1) if (previous[index] !== next[index]) return false;
  return true;
}

/**
 * The worker's 'load' message and what to transfer with it: the typed arrays move (no copy), the
 * ids only when they changed since `lastIds`.
 */
export function loadMessage(points: PackedPoints, lastIds: readonly string[] | null): { message: ClusterRequest; transfer: ArrayBuffer[] } {
  // Own buffers, sized exactly (a subarray's buffer is the whole allocation).
  const coords = points.coords.slice();
  const freshness = points.freshness.slice();
  return {
    message: { type: 'load', ids: sameIds(lastIds, points.ids) ? null : points.ids, coords, freshness },
    transfer: [coords.buffer, freshness.buffer],
  };
}

/** A cluster's count label: the image the map draws on it (made once per count, see FleetMap's missing-image resolver). */
export const COUNT_IMAGE_PREFIX = 'fleet-count-';

export function featureCollection(features: readonly ClusterFeature[], selectedId: string | null): FeatureCollection<Point> {
  return {
    type: 'FeatureCollection',
    features: features.map((feature) => ({
      type: 'Feature',
      properties: {
        id: feature.id ?? '',
        clusterId: feature.clusterId ?? -1,
        count: feature.count,
        label: feature.clusterId === null ? '' : `${COUNT_IMAGE_PREFIX}${feature.count}`,
        color: FRESHNESS_COLOURS[feature.freshness],
        radius: feature.clusterId === null ? (feature.id === selectedId ? 10 : 7) : Math.min(28, 12 + Math.log2(feature.count) * 3),
        selected: feature.id !== null && feature.id === selectedId,
      },
      geometry: { type: 'Point', coordinates: [feature.lng, feature.lat] },
    })),
  };
}
