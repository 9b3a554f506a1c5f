/** What the maps feature shares with the lazily loaded map, without importing MapLibre. */

/** A labelled point on a map. */
export interface MapPlace {
  id: string;
  lat: number;
  lng: number;
  label: string;
  /** The point's and its label's colour (a CSS colour). */
  color: string;
  /** The label under the point rather than above it (a track's marker, so it does not hide a lane's label). */
  labelBelow?: boolean | undefined;
}

/** A driven track: a solid line through [lng, lat] points in time order (a load's track, docs/fleet.md). */
export interface MapTrack {
  coordinates: readonly (readonly [number, number])[];
  /** The line's colour (a CSS colour). */
  color: string;
  /** A labelled point marking the track (its last position), never joined to the places' line. */
  marker?: MapPlace | undefined;
}

/** A stop's geofence: the circle of its radius around its point (issue 31, docs/fleet.md). */
export interface MapFence {
  id: string;
  lat: number;
  lng: number;
  radiusMiles: number;
  /** The circle's colour (a CSS colour). */
  color: string;
}

/** A point the user may drag to move it (a stop's point on the Map tab); where it is dropped is handed back. */
export interface MapDraggablePoint {
  id: string;
  lat: number;
  lng: number;
  color: string;
  /** What a screen reader calls the marker. */
  label: string;
  onMove: (point: { lat: number; lng: number }) => void;
}

export interface BaseMapProps {
  places: readonly MapPlace[];
  /** Fences drawn under the places (not framed: a mile is a dot at a lane's zoom). */
  fences?: readonly MapFence[] | undefined;
  /** A draggable marker; while there is one the map shows it close up and keeps its view when the places change. */
  draggable?: MapDraggablePoint | undefined;
  /** A track drawn under the places; the map frames it with them. */
  track?: MapTrack | undefined;
  /** Draw a straight line through the places, in order. */
  connect?: boolean;
  /** What a screen reader calls the map. */
  ariaLabel: string;
  height: string;
}

/** The spec's map error ("maps service not available") and the map's own states. */
export const MAP_TEXTS = {
  loading: 'Loading map...',
  unavailable: 'Maps service not available',
} as const;

/** The spec's fleet map colours by GPS freshness: green active, yellow idle, red offline. */
export const FRESHNESS_COLOURS = { active: '#2f855a', idle: '#d69e2e', offline: '#c53030' } as const;

/** A lane's two ends. */
export const LANE_COLOURS = { pickup: '#2f855a', delivery: '#c53030' } as const;
