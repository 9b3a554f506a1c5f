import type { GpsFreshness } from '#shared/rules/geo.js';

/** What the fleet map and its clustering worker say to each other. */
export interface FleetPoint {
  id: string;
  lat: number;
  lng: number;
  freshness: GpsFreshness;
}

export type ClusterRequest =
  | { type: 'load'; points: FleetPoint[] }
  | { type: 'clusters'; requestId: number; bbox: [number, number, number, number]; zoom: number }
  | { type: 'expand'; requestId: number; clusterId: number };

/** A marker to draw: one driver, or a cluster with its count and its drivers by freshness. */
export interface ClusterFeature {
  lng: number;
  lat: number;
  /** A driver's id, or null for a cluster. */
  id: string | null;
  clusterId: number | null;
  count: number;
  freshness: GpsFreshness;
}

export type ClusterResponse =
  { type: 'clusters'; requestId: number; features: ClusterFeature[] } | { type: 'expand'; requestId: number; zoom: number };
