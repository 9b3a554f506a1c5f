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
