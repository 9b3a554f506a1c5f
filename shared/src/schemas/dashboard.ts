import { z } from 'zod';
import { LOAD_STATUSES } from '../constants.js';

/** The spec's "Dashboard recent loads: 5". */
export const DASHBOARD_RECENT_LOADS = 5;

export const recentLoad = z.object({
  id: z.uuid(),
  loadNumber: z.string(),
  pickupCity: z.string(),
  pickupState: z.string(),
  deliveryCity: z.string(),
  deliveryState: z.string(),
  /** The name the driver had when assigned (kept when the driver is deleted); null when unassigned. */
  driverName: z.string().nullable(),
  status: z.enum(LOAD_STATUSES),
  /** Money as an exact decimal string ("1250.00"), or null when not set. */
  rate: z.string().nullable(),
});
export type RecentLoad = z.infer<typeof recentLoad>;

export const dashboardSummaryOutput = z.object({
  totalLoads: z.number().int().nonnegative(),
  /** Loads assigned, picked or in transit. */
  activeLoads: z.number().int().nonnegative(),
  drivers: z.number().int().nonnegative(),
  brokers: z.number().int().nonnegative(),
  recentLoads: z.array(recentLoad).max(DASHBOARD_RECENT_LOADS),
});
export type DashboardSummary = z.infer<typeof dashboardSummaryOutput>;

/** The spec's "Sales loads: 10" (My Active Loads). */
export const SALES_DASHBOARD_LOADS = 10;
/** The spec's "Dispatch active loads: 10". */
export const DISPATCH_ACTIVE_LOADS = 10;
/** The spec's "Driver locations shown: 10". */
export const DISPATCH_DRIVER_LOCATIONS = 10;

/** The Conversion Rate and the active drivers it counts: one definition, shared/src/rules/figures.ts. */
export { ACTIVE_DRIVER_STATUSES, conversionRate } from '../rules/figures.js';

export const dashboardLoad = recentLoad.extend({
  brokerName: z.string().nullable(),
  createdAt: z.string(),
});
export type DashboardLoad = z.infer<typeof dashboardLoad>;

export const salesDashboardOutput = z.object({
  carriersOnboarded: z.number().int().nonnegative(),
  driversOnboarded: z.number().int().nonnegative(),
  /** Of the drivers onboarded, the active ones (ACTIVE_DRIVER_STATUSES: available or on route). */
  convertedDrivers: z.number().int().nonnegative(),
  /** convertedDrivers over driversOnboarded, percent, a whole number from 0 to 100 (conversionRate). */
  conversionRate: z.number().int().min(0).max(100),
  /** The sum of the shared commission rule over the loads the user sells (not cancelled), exact to the cent. */
  commission: z.string(),
  activeLoads: z.array(dashboardLoad).max(SALES_DASHBOARD_LOADS),
});
export type SalesDashboard = z.infer<typeof salesDashboardOutput>;

export const driverLocation = z.object({
  id: z.uuid(),
  name: z.string(),
  status: z.string(),
  lat: z.string().nullable(),
  lng: z.string().nullable(),
  lastLocationUpdate: z.string().nullable(),
});
export type DriverLocation = z.infer<typeof driverLocation>;

export const dispatchDashboardOutput = z.object({
  /** Loads assigned, picked or in transit. */
  activeLoads: z.number().int().nonnegative(),
  /** Drivers whose status is available. */
  availableDrivers: z.number().int().nonnegative(),
  inTransit: z.number().int().nonnegative(),
  /** Pending WIP requests the dispatcher reads (their own). */
  pendingWip: z.number().int().nonnegative(),
  activeLoadList: z.array(dashboardLoad).max(DISPATCH_ACTIVE_LOADS),
  driverLocations: z.array(driverLocation).max(DISPATCH_DRIVER_LOCATIONS),
});
export type DispatchDashboard = z.infer<typeof dispatchDashboardOutput>;
