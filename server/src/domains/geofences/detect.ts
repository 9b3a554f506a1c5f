/**
 * Arrivals and departures from positions (issue 31, item 3), as a pure function: no database, no
 * clock. The caller hands the stops being watched (each with its fence and the detector's state)
 * and a batch of positions; it gets back each stop's new state and the events, and writes both.
 *
 * - inside: distance to the stop's point ≤ radius; outside: distance > radius × HYSTERESIS. In the
 *   band between, nothing changes (a run in progress goes on, none starts), so a truck parked on
 *   the fence's edge never flaps.
 * - An arrival is recorded once positions have been inside continuously for the arrival dwell; a
 *   departure (after an arrival) once they have been outside continuously for the departure dwell.
 *   Both are stamped with the FIRST position of the run (when the truck entered or left), not when
 *   the dwell elapsed.
 * - Incremental: the batch is read in time order, and a position not newer than the newest already
 *   read for that stop (a late, out-of-order batch) is skipped; tracks are never read again.
 */

export const HYSTERESIS = 1.25;

export interface GeofenceSettings {
  arrivalDwellMs: number;
  departureDwellMs: number;
}

export interface WatchedStop {
  id: string;
  lat: number;
  lng: number;
  radiusMiles: number;
  arrivedAt: number | null;
  departedAt: number | null;
  /** When the current run on the other side of the fence began (inside before arrival, outside after), or null. */
  runStartedAt: number | null;
  /** The newest position already read for this stop. */
  lastAt: number | null;
}

export interface Fix {
  at: number;
  lat: number;
  lng: number;
}

export interface GeofenceEvent {
  stopId: string;
  kind: 'arrived' | 'departed';
  at: number;
}

export interface DetectResult {
  /** Every watched stop whose state changed, with its new state. */
  changed: WatchedStop[];
  events: GeofenceEvent[];
}

const EARTH_RADIUS_MILES = 3958.7613;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance in miles, unrounded (shared/src/rules/geo.ts rounds for display). */
export function distanceMiles(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Where a position is against a fence: inside, outside, or in the hysteresis band. */
export function zoneOf(stop: Pick<WatchedStop, 'lat' | 'lng' | 'radiusMiles'>, fix: Fix): 'inside' | 'outside' | 'band' {
  const miles = distanceMiles(stop, fix);
  if (miles <= stop.radiusMiles) return 'inside';
  if (miles > stop.radiusMiles * HYSTERESIS) return 'outside';
  return 'band';
}

/** One stop's state after one position (at is newer than stop.lastAt). */
function step(stop: WatchedStop, fix: Fix, settings: GeofenceSettings, events: GeofenceEvent[]): WatchedStop {
  const zone = zoneOf(stop, fix);
  const next = { ...stop, lastAt: fix.at };
  if (stop.departedAt !== null || zone === 'band') return next;
  if (stop.arrivedAt === null) {
    if (zone === 'outside') return { ...next, runStartedAt: null };
    const since = stop.runStartedAt ?? fix.at;
    if (fix.at - since >= settings.arrivalDwellMs) {
      events.push({ stopId: stop.id, kind: 'arrived', at: since });
      return { ...next, arrivedAt: since, runStartedAt: null };
    }
    return { ...next, runStartedAt: since };
  }
  if (zone === 'inside') return { ...next, runStartedAt: null };
  const since = stop.runStartedAt ?? fix.at;
  if (fix.at - since >= settings.departureDwellMs) {
    events.push({ stopId: stop.id, kind: 'departed', at: since });
    return { ...next, departedAt: since, runStartedAt: null };
  }
  return { ...next, runStartedAt: since };
}

/** Runs a batch of positions (any order) over the watched stops. */
export function detect(stops: readonly WatchedStop[], fixes: readonly Fix[], settings: GeofenceSettings): DetectResult {
  const ordered = [...fixes].sort((a, b) => a.at - b.at);
  const events: GeofenceEvent[] = [];
  const changed: WatchedStop[] = [];
  for (const original of stops) {
    let stop = original;
    for (const fix of ordered) {
      if (stop.lastAt !== null && fix.at <= stop.lastAt) continue;
      stop = step(stop, fix, settings, events);
    }
    if (
      stop.runStartedAt !== original.runStartedAt ||
      stop.arrivedAt !== original.arrivedAt ||
      stop.departedAt !== original.departedAt ||
      stop.lastAt !== original.lastAt
    ) {
      changed.push(stop);
    }
  }
  events.sort((a, b) => a.at - b.at);
  return { changed, events };
}

/** Whether a state change must be written (not only lastAt moving on while nothing else changed). */
export function needsWrite(before: WatchedStop | undefined, after: WatchedStop): boolean {
  return (
    !before || before.runStartedAt !== after.runStartedAt || before.arrivedAt !== after.arrivedAt || before.departedAt !== after.departedAt
  );
}
