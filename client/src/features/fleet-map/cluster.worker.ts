import type { ClusterRequest, ClusterResponse } from './cluster-protocol';
import { createClusterIndex } from './cluster-index';

/**
 * The fleet map's clustering, off the main thread (cluster-index.ts): the map sends the drivers'
 * positions when they change and asks for the clusters of its view after every move.
 */
const index = createClusterIndex();

/** The worker's own scope (the client's types are the page's, not a worker's). */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ClusterRequest>) => void) | null;
  postMessage: (message: ClusterResponse) => void;
};
scope.onmessage = (event: MessageEvent<ClusterRequest>) => {
  const message = event.data;
  if (message.type === 'load') {
    index.load(message.ids, message.coords, message.freshness);
    return;
  }
  if (message.type === 'expand') {
    scope.postMessage({ type: 'expand', requestId: message.requestId, zoom: index.expansionZoom(message.clusterId) });
    return;
  }
  scope.postMessage({ type: 'clusters', requestId: message.requestId, features: index.clusters(message.bbox, message.zoom) });
};
