import type { GpsFreshness } from '#shared/rules/geo.js';

/** What the fleet map and its clustering worker say to each other. */
export interface FleetPoint {
  id: string;
  lat: number;
  lng: number;
  freshness: GpsFreshness;
}

/** Freshness as one byte per driver, in this order. */
export const FRESHNESS_CODES: readonly GpsFreshness[] = ['active', 'idle', 'offline'];

/**
 * The drivers with a position, packed: ids[i] is at (coords[2i + 1], coords[2i]) = (lat, lng),
 * with FRESHNESS_CODES[freshness[i]]. The two typed arrays are transferred to the worker (no copy
 * on the main thread); the ids travel only when they changed (null: the same ids as last time).
 */
export interface PackedPoints {
  ids: string[];
  coords: Float64Array;
  freshness: Uint8Array;
}

export type ClusterRequest =
  | { type: 'load'; ids: string[] | null; coords: Float64Array; freshness: Uint8Array }
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
