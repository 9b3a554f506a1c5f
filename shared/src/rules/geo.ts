/** A point on the earth in decimal degrees (WGS 84), as maps and GPS give it. */
export interface LatLng {
  lat: number;
  lng: number;
}

/** Mean earth radius in statute miles (IUGG: 6,371.0088 km). */
const EARTH_RADIUS_MILES = 3958.7613;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/**
 * The great-circle ("as the crow flies") distance between two points, in miles: whole miles
 * from 10 miles up, tenths below, since a dispatcher reads a lane in miles and only a short
 * hop needs the fraction. Road distance is longer; this is an estimate.
 */
export function haversineMiles(a: LatLng, b: LatLng): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  const miles = 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
  return miles >= 10 ? Math.round(miles) : Math.round(miles * 10) / 10;
}

/** The spec's map defaults: the middle of the contiguous US (near Lebanon, Kansas) at zoom 4. */
export const US_CENTER: LatLng = { lat: 39.8283, lng: -98.5795 };
export const DEFAULT_MAP_ZOOM = 4;

/**
 * The spec's zoom levels are those of web maps with 256-pixel tiles (Google Maps, Leaflet), where
 * zoom 4 shows the whole contiguous US on a desktop screen. MapLibre draws 512-pixel tiles, so
 * the same view is one zoom level lower there.
 */
export const toMapLibreZoom = (webMapZoom: number) => webMapZoom - 1;

/** The spec's GPS freshness thresholds, in minutes since the last location update. */
export const GPS_ACTIVE_UNDER_MINUTES = 5;
export const GPS_IDLE_UNDER_MINUTES = 30;

export type GpsFreshness = 'active' | 'idle' | 'offline';

/**
 * The spec's GPS freshness: under 5 minutes since the last update is active, 5 up to under 30
 * is idle, 30 or more is offline, and no update at all is offline. A timestamp slightly in the
 * future (a phone's clock ahead of ours) counts as just now.
 */
export function gpsFreshness(lastUpdate: string | Date | null | undefined, now: number | Date = Date.now()): GpsFreshness {
  if (!lastUpdate) return 'offline';
  const updatedAt = new Date(lastUpdate).getTime();
  if (Number.isNaN(updatedAt)) return 'offline';
  const minutes = Math.max(0, (new Date(now).getTime() - updatedAt) / 60_000);
  if (minutes < GPS_ACTIVE_UNDER_MINUTES) return 'active';
  if (minutes < GPS_IDLE_UNDER_MINUTES) return 'idle';
  return 'offline';
}

const COMPASS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
export type Compass = (typeof COMPASS)[number];

/** Which way `to` lies from `from`, on an 8-point compass (the initial great-circle bearing). */
export function compassFrom(from: LatLng, to: LatLng): Compass {
  const φ1 = radians(from.lat);
  const φ2 = radians(to.lat);
  const Δλ = radians(to.lng - from.lng);
  const y = Math.sin(Δλ) * Math.cos(φ2);
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(Δλ);
  const degrees = ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
  return COMPASS[Math.round(degrees / 45) % 8] ?? 'N';
}

/** A known place near a position: its name and state, and how far and which way the position lies from it. */
export interface NearPlace {
  city: string;
  state: string;
  miles: number;
  direction: Compass;
}

/** Positions closer than this to a place's centre are "in" it. */
export const IN_PLACE_MILES = 2;

/** How a person reads a position: "Memphis, TN" in town, "12 mi W of Memphis, TN" outside it. */
export function describeNearPlace(place: NearPlace): string {
  const name = `${place.city}, ${place.state}`;
  if (place.miles < IN_PLACE_MILES) return name;
  return `${Math.round(place.miles)} mi ${place.direction} of ${name}`;
}
