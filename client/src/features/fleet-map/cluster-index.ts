import Supercluster, { type Options as SuperclusterOptions, type PointFeature } from 'supercluster';
import { FLEET_CLUSTER } from '#shared/schemas/fleet.js';
import type { GpsFreshness } from '#shared/rules/geo.js';
import { FRESHNESS_CODES, type ClusterFeature } from './cluster-protocol';

/**
 * The fleet map's clustering, as the Web Worker runs it (cluster.worker.ts) and bench/fleet-map.ts
 * measures it: supercluster (radius 50, max zoom 16) over the drivers' positions, each cluster
 * counting its drivers by freshness. Pure: no DOM, no worker scope.
 */
interface Counts {
  active: number;
  idle: number;
  offline: number;
}
type PointProperties = { id: string; freshness: GpsFreshness } & Counts;

const OPTIONS: SuperclusterOptions<PointProperties, Counts> = {
  radius: FLEET_CLUSTER.radius,
  maxZoom: FLEET_CLUSTER.maxZoom,
  map: (properties) => ({ active: properties.active, idle: properties.idle, offline: properties.offline }),
  reduce: (accumulated, properties) => {
    accumulated.active += properties.active;
    accumulated.idle += properties.idle;
    accumulated.offline += properties.offline;
  },
};

/** A cluster takes the colour most of its drivers have (ties: the more urgent one, offline before idle before active). */
function dominant(counts: Counts): GpsFreshness {
  if (counts.offline >= counts.idle && counts.offline >= counts.active) return 'offline';
  if (counts.idle >= counts.active) return 'idle';
  return 'active';
}

export interface ClusterIndex {
  /** Indexes a new set of positions (the whole fleet, packed; `ids` null: the same drivers as the last load). */
  load(ids: string[] | null, coords: Float64Array, freshness: Uint8Array): void;
  /** The markers of a view: drivers and clusters within the box at the (web maps') zoom. */
  clusters(bbox: [number, number, number, number], zoom: number): ClusterFeature[];
  expansionZoom(clusterId: number): number;
}

export function createClusterIndex(): ClusterIndex {
  let index = new Supercluster<PointProperties, Counts>(OPTIONS);
  let ids: string[] = [];
  return {
    load(nextIds, coords, freshness) {
      if (nextIds) ids = nextIds;
      const fresh = new Supercluster<PointProperties, Counts>(OPTIONS);
      const count = Math.min(ids.length, freshness.length);
      const features = new Array<PointFeature<PointProperties>>(count);
      for (let index = 0; index < count; index += 1) {
        const code = freshness[index] ?? 2;
        features[index] = {
          type: 'Feature',
          properties: {
            id: ids[index] ?? '',
            freshness: FRESHNESS_CODES[code] ?? 'offline',
            active: code === 0 ? 1 : 0,
            idle: code === 1 ? 1 : 0,
            offline: code === 2 ? 1 : 0,
          },
          geometry: { type: 'Point', coordinates: [coords[2 * index] ?? 0, coords[2 * index + 1] ?? 0] },
        };
      }
      fresh.load(features);
      index = fresh;
    },
    clusters(bbox, zoom) {
      return index.getClusters(bbox, Math.round(zoom)).map((feature) => {
        const [lng, lat] = feature.geometry.coordinates as [number, number];
        const properties = feature.properties as Partial<PointProperties> &
          Partial<{ cluster: boolean; cluster_id: number; point_count: number }> &
          Counts;
        if (properties.cluster) {
          return {
            lng,
            lat,
            id: null,
            clusterId: properties.cluster_id ?? null,
            count: properties.point_count ?? 0,
            freshness: dominant(properties),
          };
        }
        return { lng, lat, id: properties.id ?? null, clusterId: null, count: 1, freshness: properties.freshness ?? 'offline' };
      });
    },
    expansionZoom(clusterId) {
      return index.getClusterExpansionZoom(clusterId);
    },
  };
}
