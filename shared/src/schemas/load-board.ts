import { z } from 'zod';
import { LOAD_STATUSES } from '../constants.js';
import { optionalDate, optionalId } from './fields.js';

/**
 * The dispatch board's contract (issue 26, item 1): the sorts and filters `loads.list` takes
 * beside its search and keyset page, and what a board row carries beyond a card's fields. The
 * address of /loads holds the same names (client/src/routes/_authed/loads.tsx), so a view is a
 * link: `?sort=deliveryDate&direction=asc&statuses=assigned,picked&driverId=…`.
 *
 * Sorting is server-side, on indexes, keyset paged on (the sort's value, id); rows without a value
 * (no pickup date, no driver) come last in either direction.
 */

/** Every column of the board sorts; createdAt (newest first) is the spec's order and the default. */
export const LOAD_SORTS = [
  'createdAt',
  'loadNumber',
  'status',
  'pickupDate',
  'deliveryDate',
  'pickupCity',
  'deliveryCity',
  'driverName',
  'brokerName',
  'carrierName',
  'dispatcherName',
  'rate',
  'ratePerMile',
] as const;
export type LoadSort = (typeof LOAD_SORTS)[number];

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** Each sort's first direction when its header is chosen: dates and text ascending, money and "newest" descending. */
export const DEFAULT_DIRECTION: Record<LoadSort, SortDirection> = {
  createdAt: 'desc',
  loadNumber: 'asc',
  status: 'asc',
  pickupDate: 'asc',
  deliveryDate: 'asc',
  pickupCity: 'asc',
  deliveryCity: 'asc',
  driverName: 'asc',
  brokerName: 'asc',
  carrierName: 'asc',
  dispatcherName: 'asc',
  rate: 'desc',
  ratePerMile: 'desc',
};

/**
 * The board's filters and sort. All optional; together they narrow (AND). `statuses`: any of them
 * (empty: every status; the older single `status` filter of the list still works beside it).
 * Date ranges are inclusive. `unassigned`: no driver. `late`: past its delivery date and not
 * delivered or cancelled, or past its pickup date and still pending or assigned, both against
 * `today` (the viewer's own date, so a dispatcher in Los Angeles and one in New York each see
 * their day; the server's date when left out). `atRisk`: picked or in transit, not late yet, and
 * the driver's last known position is farther from the delivery city than the time left before
 * the end of the delivery date allows at 50 mph.
 */
export const loadBoardFields = {
  statuses: z
    .array(z.enum(LOAD_STATUSES, { error: 'Invalid status' }))
    .max(LOAD_STATUSES.length, 'Invalid status')
    .default([]),
  pickupFrom: optionalDate('Pickup from'),
  pickupTo: optionalDate('Pickup to'),
  deliveryFrom: optionalDate('Delivery from'),
  deliveryTo: optionalDate('Delivery to'),
  driverId: optionalId('Driver'),
  brokerId: optionalId('Broker'),
  carrierId: optionalId('Carrier'),
  /** One dispatcher's loads; `mine`: the caller's own (a view that follows whoever opens it). */
  dispatcherId: optionalId('Dispatcher'),
  mine: z.boolean({ error: 'Mine must be on or off' }).default(false),
  unassigned: z.boolean({ error: 'Unassigned must be on or off' }).default(false),
  late: z.boolean({ error: 'Late must be on or off' }).default(false),
  atRisk: z.boolean({ error: 'At risk must be on or off' }).default(false),
  today: optionalDate('Today'),
  sort: z.enum(LOAD_SORTS, { error: 'Invalid sort' }).default('createdAt'),
  /**
   * Not `direction`: tRPC's infinite queries put their own `direction` ('forward') into a paged
   * list's input, and a field of that name was overwritten (the address keeps `direction`).
   */
  sortDirection: z.enum(SORT_DIRECTIONS, { error: 'Invalid sort direction' }).default('desc'),
};

/** What a board row carries beyond a card's fields. `flag`: 'late' or 'atRisk' (see above), or null. */
export const loadBoardItemFields = {
  driverId: z.uuid().nullable(),
  brokerId: z.uuid().nullable(),
  carrierId: z.uuid().nullable(),
  dispatcherId: z.uuid().nullable(),
  /** The dispatcher's name as when assigned. */
  dispatcherName: z.string().nullable(),
  /** Intermediate stops between the pickup and the delivery (the lane's "+N stops"). */
  extraStops: z.number().int().nonnegative(),
  distance: z.string().nullable(),
  /** rate / distance, two decimals, as a decimal string; null without both. */
  ratePerMile: z.string().nullable(),
  flag: z.enum(['late', 'atRisk']).nullable(),
};

/**
 * Views that ship ready (their filters are relative to the viewer's today when applied).
 * A person's own views are saved in their browser beside these.
 */
export const BUILT_IN_LOAD_VIEWS = ['todaysPickups', 'todaysDeliveries', 'unassigned', 'late', 'inTransit'] as const;
export type BuiltInLoadView = (typeof BUILT_IN_LOAD_VIEWS)[number];
