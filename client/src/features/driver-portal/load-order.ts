import type { DriverPortalLoad } from '#shared/schemas/portal.js';

/** The statuses of a load the driver is hauling now (dispatch's reading of "active"). */
export const ACTIVE_STATUSES: readonly string[] = ['assigned', 'picked', 'in_transit'];
/** A load that is over: folded into the portal's History. */
export const PAST_STATUSES: readonly string[] = ['delivered', 'cancelled'];

/** Further along first: a load on the road before one picked up before one only assigned. */
const PROGRESS: Record<string, number> = { in_transit: 3, picked: 2, assigned: 1 };

/** The date the driver is due next: the delivery once the freight is on board, else the pickup. */
const nextDate = (load: DriverPortalLoad): string | null =>
  load.status === 'picked' || load.status === 'in_transit' ? (load.deliveryDate ?? load.pickupDate) : load.pickupDate;

/** Soonest first; a load with no date after the dated ones. */
function bySoonest(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

export interface DriverLoadGroups {
  /** The load the driver is on: the one furthest along, then due soonest. */
  active: DriverPortalLoad | null;
  /** The other loads still to haul (active ones, then pending ones), in the same order. */
  upcoming: DriverPortalLoad[];
  /** Delivered and cancelled loads, newest first (the server's order). */
  history: DriverPortalLoad[];
}

/**
 * The driver's loads as the portal shows them: the active load first, the rest still to haul
 * after it, the past folded away. The server answers newest first; ties keep that order.
 */
export function groupDriverLoads(loads: readonly DriverPortalLoad[]): DriverLoadGroups {
  const history = loads.filter((load) => PAST_STATUSES.includes(load.status));
  const open = loads
    .filter((load) => !PAST_STATUSES.includes(load.status))
    .map((load, index) => ({ load, index }))
    .sort(
      (a, b) =>
        (PROGRESS[b.load.status] ?? 0) - (PROGRESS[a.load.status] ?? 0) ||
        bySoonest(nextDate(a.load), nextDate(b.load)) ||
        a.index - b.index,
    )
    .map(({ load }) => load);
  const [first, ...rest] = open;
  if (first && ACTIVE_STATUSES.includes(first.status)) return { active: first, upcoming: rest, history };
  return { active: null, upcoming: open, history };
}

/** A stop as a driver reads it and a maps app finds it: "1200 Industrial Pkwy, Dallas, TX". */
export function stopAddress(location: string | null | undefined, city: string, state: string): string {
  return [location, city, state]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(', ');
}

/**
 * Directions to a stop in the phone's maps app: Google Maps' universal link opens the app on
 * Android and iOS (the browser elsewhere), with the stop as the destination.
 */
export const navigateUrl = (address: string): string => `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}`;
