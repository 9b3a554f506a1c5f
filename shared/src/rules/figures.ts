import { LOAD_STATUSES, type LoadStatus } from '../constants.js';
import type { DriverStatus } from '../schemas/drivers.js';

/**
 * The figures the dashboards and analytics show, each defined once (issue 27, item 8;
 * docs/dashboards.md). Every screen and every query that shows one of them uses these
 * definitions: the SQL takes its status lists from the constants below as parameters, never as
 * literals of its own, so a query and its definition cannot drift apart.
 */

/**
 * Revenue: the sum of the rates of the loads whose status is one of these, every status but
 * cancelled. A cancelled load earns nothing. (A deviation from the spec's "sum of rate over all
 * loads", README "Deviations".) A load without a rate adds nothing.
 */
export const REVENUE_LOAD_STATUSES = LOAD_STATUSES.filter((status) => status !== 'cancelled') as readonly LoadStatus[];

/** The statuses that earn no revenue (cancelled): the rest of LOAD_STATUSES, for queries that read those loads only. */
export const NON_REVENUE_LOAD_STATUSES = LOAD_STATUSES.filter((status) => !REVENUE_LOAD_STATUSES.includes(status)) as readonly LoadStatus[];

/** Whether a load of this status counts in revenue. */
export function countsAsRevenue(status: LoadStatus): boolean {
  return REVENUE_LOAD_STATUSES.includes(status);
}

/**
 * Active driver: a driver record (of the rows the reader may read) whose status is available or
 * on_route (driving a load); off_duty is not active. The admin dashboard's Active Drivers,
 * Analytics' Active Drivers and the numerator of the Sales Dashboard's Conversion Rate all count
 * exactly these. It is a figure of now, not of a period.
 */
export const ACTIVE_DRIVER_STATUSES = ['available', 'on_route'] as const satisfies readonly DriverStatus[];

export function isActiveDriver(status: DriverStatus): boolean {
  return (ACTIVE_DRIVER_STATUSES as readonly DriverStatus[]).includes(status);
}

/**
 * Loads that are still to be delivered: not delivered and not cancelled. One of them is overdue
 * once its delivery date (the appointment) has passed.
 */
export const OPEN_LOAD_STATUSES = LOAD_STATUSES.filter(
  (status) => status !== 'delivered' && status !== 'cancelled',
) as readonly LoadStatus[];

/**
 * On-time delivery, measured against the load's delivery date (its appointment, a calendar date):
 * - a load is **judged** when it has a delivery date and is either delivered, or overdue (open,
 *   OPEN_LOAD_STATUSES, with its delivery date before today, UTC);
 * - a judged load is **on time** when it is delivered and the day it was delivered (the UTC date
 *   of status_updated_at, the moment its status last changed, which for a delivered load is its
 *   delivery; created_at for a load entered as delivered) is on or before its delivery date;
 * - the rate is on time divided by judged, in percent, rounded DOWN to a whole number, so 100% is
 *   shown only when every judged load was on time (never while a load is overdue or was late);
 *   null ("—") when nothing is judged. Loads without a delivery date, cancelled loads, and open
 *   loads whose date has not passed are not judged.
 */
export interface OnTimeLoad {
  status: LoadStatus;
  /** "YYYY-MM-DD" or null. */
  deliveryDate: string | null;
  /** When the status last changed (ISO), or null. */
  statusUpdatedAt: string | Date | null;
  createdAt: string | Date;
}

const utcDay = (value: string | Date) => new Date(value).toISOString().slice(0, 10);

/** "judged" and "onTime" for one load, on the given UTC day ("YYYY-MM-DD"). */
export function onTimeOf(load: OnTimeLoad, today: string): { judged: boolean; onTime: boolean } {
  if (!load.deliveryDate) return { judged: false, onTime: false };
  const due = load.deliveryDate.slice(0, 10);
  if (load.status === 'delivered') return { judged: true, onTime: utcDay(load.statusUpdatedAt ?? load.createdAt) <= due };
  if (OPEN_LOAD_STATUSES.includes(load.status) && due < today) return { judged: true, onTime: false };
  return { judged: false, onTime: false };
}

/** The on-time rate: whole percent rounded down, null when nothing is judged. */
export function onTimeRate(onTime: number, judged: number): number | null {
  if (judged <= 0) return null;
  return Math.floor((Math.min(onTime, judged) * 100) / judged);
}

/** Today's UTC date, the day overdue loads are judged against. */
export function utcToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Conversion rate (the Sales Dashboard's): of the drivers the sales user onboarded, the share that
 * are active (ACTIVE_DRIVER_STATUSES), in percent, rounded half up; 0 when they onboarded none.
 * The numerator is a subset of the denominator, so it is never above 100%. (The spec divided the
 * active drivers by the carriers onboarded, two different sets: 3 working drivers over 2 carriers
 * read "150%".)
 */
export function conversionRate(activeDrivers: number, driversOnboarded: number): number {
  if (driversOnboarded <= 0) return 0;
  return Math.round((Math.min(activeDrivers, driversOnboarded) / driversOnboarded) * 100);
}
