import Supercluster from 'supercluster';
import { FLEET_CLUSTER } from '#shared/schemas/fleet.js';
import type { GpsFreshness } from '#shared/rules/geo.js';
import type { ClusterFeature, ClusterRequest, ClusterResponse, FleetPoint } from './cluster-protocol';

/**
 * The fleet map's clustering, off the main thread: supercluster (radius 50, max zoom 16) over the
 * drivers' positions, each cluster counting its drivers by freshness. The map asks for the
 * clusters of its view after every move and every new set of positions.
 */
interface Counts {
  active: number;
  idle: number;
  offline: number;
}
type PointProperties = { id: string; freshness: GpsFreshness } & Counts;

let index = new Supercluster<PointProperties, Counts>({
  radius: FLEET_CLUSTER.radius,
  maxZoom: FLEET_CLUSTER.maxZoom,
  map: (properties) => ({ active: properties.active, idle: properties.idle, offline: properties.offline }),
  reduce: (accumulated, properties) => {
    accumulated.active += properties.active;
    accumulated.idle += properties.idle;
    accumulated.offline += properties.offline;
  },
});

/** A cluster takes the colour most of its drivers have (ties: the more urgent one, offline before idle before active). */
function dominant(counts: Counts): GpsFreshness {
  if (counts.offline >= counts.idle && counts.offline >= counts.active) return 'offline';
  if (counts.idle >= counts.active) return 'idle';
  return 'active';
}

function load(points: FleetPoint[]) {
  const fresh = new Supercluster<PointProperties, Counts>(index.options);
  fresh.load(
    points.map((point) => ({
      type: 'Feature',
      properties: {
        id: point.id,
        freshness: point.freshness,
        active: point.freshness === 'active' ? 1 : 0,
        idle: point.freshness === 'idle' ? 1 : 0,
        offline: point.freshness === 'offline' ? 1 : 0,
      },
      geometry: { type: 'Point', coordinates: [point.lng, point.lat] },
    })),
  );
  index = fresh;
}

/** The worker's own scope (the client's types are the page's, not a worker's). */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ClusterRequest>) => void) | null;
  postMessage: (message: ClusterResponse) => void;
};
scope.onmessage = (event: MessageEvent<ClusterRequest>) => {
  const message = event.data;
  if (message.type === 'load') {
    load(message.points);
    return;
  }
  if (message.type === 'expand') {
    const response: ClusterResponse = {
      type: 'expand',
      requestId: message.requestId,
      zoom: index.getClusterExpansionZoom(message.clusterId),
    };
    scope.postMessage(response);
    return;
  }
  const features: ClusterFeature[] = index.getClusters(message.bbox, Math.round(message.zoom)).map((feature) => {
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
  const response: ClusterResponse = { type: 'clusters', requestId: message.requestId, features };
  scope.postMessage(response);
};
