import { z } from 'zod';
import { LOAD_STATUSES } from '../constants.js';
import { clampSalesPercentage } from '../rules/sales-percentage.js';
import { optionalDate, optionalDecimal, optionalId, optionalMoney, optionalText, requiredText, stateCode, timestamp } from './fields.js';
import { loadBoardFields, loadBoardItemFields } from './load-board.js';
import { pageInput, pageOutput } from './pagination.js';
import { salesAgentField } from './sales-agents.js';

/**
 * Loads on the wire, both ways.
 *
 * Wire format of decimals: rate (USD), weight (lbs), distance (miles) and sales_percentage
 * always travel as exact decimal strings ("1250.00", "12.5"), in inputs after parsing and in
 * every output, exactly as PostgreSQL's numeric gives them. An input may also carry them as a
 * number or as the text of a number input; the schema turns that into the decimal string.
 * Money is never a float until the client formats it.
 *
 * Timestamps (created_at, updated_at, status_updated_at) travel as ISO 8601 strings; dates
 * without time (pickup_date, delivery_date) as "YYYY-MM-DD".
 */

export const LOAD_LIMITS = {
  loadNumber: 50,
  referenceNumber: 100,
  location: 300,
  city: 100,
  commodity: 200,
  notes: 2000,
  search: 100,
} as const;

export const LOAD_STATUS_FILTERS = ['all', ...LOAD_STATUSES] as const;
export type LoadStatusFilter = (typeof LOAD_STATUS_FILTERS)[number];

/**
 * The spec's default load number: LOAD- followed by a timestamp. It stays the fallback for a
 * company whose loads follow no pattern of their own; otherwise the next number follows the
 * company's pattern (server/src/domains/loads/load-numbers.ts, `nextLoadNumber`).
 */
export const defaultLoadNumber = (now = Date.now()) => `LOAD-${now}`;

/** The message of a load number the company already uses (unique per company, on create and on edit). */
export const LOAD_NUMBER_TAKEN = 'Load number already exists';

/** The spec's clamp: non-numeric or negative becomes 0, above 100 becomes 100 (never a refusal). */
const salesPercentage = z
  .union([z.string(), z.number(), z.null()], { error: 'Sales percentage must be a number' })
  .optional()
  .transform((value) => clampSalesPercentage(value));

/** Every field of the load form except the load number, which create and update treat differently. */
const loadFormFields = {
  referenceNumber: optionalText('Reference number', LOAD_LIMITS.referenceNumber),
  pickupLocation: requiredText('Pickup address', LOAD_LIMITS.location),
  pickupCity: requiredText('Pickup city', LOAD_LIMITS.city),
  pickupState: stateCode('Pickup state'),
  pickupDate: optionalDate('Pickup date'),
  pickupNotes: optionalText('Pickup notes', LOAD_LIMITS.notes),
  deliveryLocation: requiredText('Delivery address', LOAD_LIMITS.location),
  deliveryCity: requiredText('Delivery city', LOAD_LIMITS.city),
  deliveryState: stateCode('Delivery state'),
  deliveryDate: optionalDate('Delivery date'),
  deliveryNotes: optionalText('Delivery notes', LOAD_LIMITS.notes),
  commodity: optionalText('Commodity', LOAD_LIMITS.commodity),
  weight: optionalDecimal('Weight'),
  distance: optionalDecimal('Distance'),
  rate: optionalMoney('Rate'),
  driverId: optionalId('Driver'),
  brokerId: optionalId('Broker'),
  carrierId: optionalId('Carrier'),
  /** Who earns the commission (admins and dispatchers choose; a sales user's own load is theirs). Left out: unchanged. */
  salesUserId: salesAgentField(),
  salesPercentage: salesPercentage,
  factoring: z.boolean({ error: 'Factoring must be on or off' }).default(false),
  notes: optionalText('Notes', LOAD_LIMITS.notes),
};

const loadNumber = requiredText('Load number', LOAD_LIMITS.loadNumber);

/** A delivery cannot be dated before its pickup. */
function deliveryNotBeforePickup(
  load: { pickupDate?: string | null | undefined; deliveryDate?: string | null | undefined },
  context: z.RefinementCtx,
) {
  if (load.pickupDate && load.deliveryDate && load.deliveryDate < load.pickupDate) {
    context.addIssue({ code: 'custom', path: ['deliveryDate'], message: 'Delivery date cannot be before the pickup date' });
  }
}

/**
 * Create Load: a load number left out is the company's next one (its own pattern, else LOAD- and a
 * timestamp), chosen by the server.
 */
export const createLoadInput = z.object({ loadNumber: loadNumber.optional(), ...loadFormFields }).superRefine(deliveryNotBeforePickup);
export type CreateLoadInput = z.input<typeof createLoadInput>;
export type CreateLoadValues = z.output<typeof createLoadInput>;

/** Edit a load: every form field again (the form sends them all), the load number required. */
export const updateLoadInput = z
  .object({ id: z.uuid('Load is invalid'), loadNumber: loadNumber, ...loadFormFields })
  .superRefine(deliveryNotBeforePickup);
export type UpdateLoadInput = z.input<typeof updateLoadInput>;

export const loadStatusSchema = z.enum(LOAD_STATUSES, { error: 'Invalid status' });

/** The status selector allows any of the six statuses, in any order; anything else is "Invalid status". */
export const changeLoadStatusInput = z.object({ id: z.uuid('Load is invalid'), status: loadStatusSchema });
export type ChangeLoadStatusInput = z.input<typeof changeLoadStatusInput>;

export const loadIdInput = z.object({ id: z.uuid('Load is invalid') });

/** The longest cursor of the list: a sort's name, its value (at most a few hundred characters) and an id, in base64url. */
export const LOAD_CURSOR_MAX_LENGTH = 800;

/**
 * The list: search over load number, pickup city, delivery city and commodity; a status filter;
 * the dispatch board's sorts and filters (./load-board.ts); keyset pages. The cursor names the
 * sort it was made for: a cursor of another sort is "Invalid cursor". With a search, pages follow
 * the search's own order (newest first, its cursor) and each page is sorted by the chosen sort.
 */
export const loadListInput = pageInput
  .extend({
    search: z
      .string({ error: 'Search must be text' })
      .trim()
      .max(LOAD_LIMITS.search, `Search must be at most ${LOAD_LIMITS.search} characters`)
      .default(''),
    status: z.enum(LOAD_STATUS_FILTERS, { error: 'Invalid status' }).default('all'),
    ...loadBoardFields,
    // A sort's cursor carries its value (a driver's or a city's name): longer than a timestamp's.
    cursor: z.string({ error: 'Invalid cursor' }).max(LOAD_CURSOR_MAX_LENGTH, 'Invalid cursor').nullish(),
  })
  .prefault({});
export type LoadListInput = z.input<typeof loadListInput>;

const decimalString = z.string().nullable();

/** A load card's fields: the lane, dates, status, rate and the names of who hauls it (kept even after a delete). */
const loadCardFields = {
  id: z.uuid(),
  companyId: z.uuid(),
  loadNumber: z.string(),
  pickupCity: z.string(),
  pickupState: z.string(),
  pickupDate: z.string().nullable(),
  deliveryCity: z.string(),
  deliveryState: z.string(),
  deliveryDate: z.string().nullable(),
  commodity: z.string().nullable(),
  status: loadStatusSchema,
  rate: decimalString,
  driverName: z.string().nullable(),
  brokerName: z.string().nullable(),
  carrierName: z.string().nullable(),
  createdAt: z.string(),
};

/** A row of the list: a card's fields and the board's (ids, distance, rate per mile, the late / at-risk flag). */
export const loadListItem = z.object({ ...loadCardFields, ...loadBoardItemFields });
export type LoadListItem = z.infer<typeof loadListItem>;

export const loadListOutput = pageOutput(loadListItem);
export type LoadListOutput = z.infer<typeof loadListOutput>;

/** One load with every field of the spec. */
export const loadDetail = z.object(loadCardFields).extend({
  referenceNumber: z.string().nullable(),
  pickupLocation: z.string(),
  pickupNotes: z.string().nullable(),
  deliveryLocation: z.string(),
  deliveryNotes: z.string().nullable(),
  weight: decimalString,
  distance: decimalString,
  driverId: z.uuid().nullable(),
  brokerId: z.uuid().nullable(),
  carrierId: z.uuid().nullable(),
  createdBy: z.uuid().nullable(),
  salesUserId: z.uuid().nullable(),
  salesPercentage: decimalString,
  factoring: z.boolean(),
  notes: z.string().nullable(),
  statusUpdatedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type LoadDetail = z.infer<typeof loadDetail>;

const pickOption = z.object({ id: z.uuid(), name: z.string() });
export type PickOption = z.infer<typeof pickOption>;

/** The Create Load form's pick lists, each ordered by name, and the load number it starts with (the company's next one). */
export const loadFormOptionsOutput = z.object({
  drivers: z.array(pickOption),
  brokers: z.array(pickOption),
  carriers: z.array(pickOption),
  nextLoadNumber: z.string(),
});
export type LoadFormOptions = z.infer<typeof loadFormOptionsOutput>;

/** A load's history holds at most this many entries, the newest. */
export const LOAD_HISTORY_LIMIT = 200;

/**
 * What an entry of a load's history is about: its creation, its status, or one of its
 * assignments (who hauls it, for whom, who sells or dispatches it). A kind the load does not
 * have (no dispatcher column) simply never appears.
 */
export const LOAD_HISTORY_KINDS = ['created', 'status', 'driver', 'broker', 'carrier', 'salesAgent', 'dispatcher'] as const;
export type LoadHistoryKind = (typeof LOAD_HISTORY_KINDS)[number];

/**
 * One change of a load, from the audit trail. `from` and `to`: a status (its code, as `status`
 * of the load) or a name (driver, broker, carrier, user); null for none. `by`: who made it
 * (a name), null when no user did (the system).
 */
export const loadHistoryEntry = z.object({
  id: z.string(),
  /** The change the entry is part of: a driver set on a pending load and its status "Assigned" are one change, two entries. */
  changeId: z.uuid(),
  at: timestamp,
  kind: z.enum(LOAD_HISTORY_KINDS),
  from: z.string().nullable(),
  to: z.string().nullable(),
  by: z.string().nullable(),
});
export type LoadHistoryEntry = z.infer<typeof loadHistoryEntry>;

/** A load's history, oldest first; `hasEarlier` when older entries were left out (past LOAD_HISTORY_LIMIT). */
export const loadHistoryOutput = z.object({
  entries: z.array(loadHistoryEntry).max(LOAD_HISTORY_LIMIT),
  hasEarlier: z.boolean(),
});
export type LoadHistory = z.infer<typeof loadHistoryOutput>;

/** Working from the list (issue 26, item 2). */

/** Assign or change a load's driver from the list (null takes the driver off). A pending load given a driver becomes assigned. */
export const assignLoadInput = z.object({
  id: z.uuid('Load is invalid'),
  driverId: z.uuid('Driver is invalid').nullable(),
});
export type AssignLoadInput = z.input<typeof assignLoadInput>;

/** The driver picker holds at most this many drivers (ordered by name); `truncated` says more exist. */
export const DRIVER_CHOICES_LIMIT = 500;

/** The driver picker: `pickupDate` (the load's) decides `freeByPickup`; left out, a driver is free without an active load. */
export const driverChoicesInput = z.object({ pickupDate: optionalDate('Pickup date') }).prefault({});
export type DriverChoicesInput = z.input<typeof driverChoicesInput>;

/**
 * One driver of the picker: their current active load (the newest assigned, picked or in-transit
 * one), their last known position, and whether they are free by the pickup date: no active load
 * that is delivered after it (an active load without a delivery date keeps them busy).
 */
export const driverChoice = z.object({
  id: z.uuid(),
  name: z.string(),
  status: z.string(),
  currentLoad: z.object({ id: z.uuid(), loadNumber: z.string(), status: loadStatusSchema }).nullable(),
  lastPosition: z.object({ lat: z.number(), lng: z.number(), at: timestamp }).nullable(),
  freeByPickup: z.boolean(),
});
export type DriverChoice = z.infer<typeof driverChoice>;

export const driverChoicesOutput = z.object({
  drivers: z.array(driverChoice).max(DRIVER_CHOICES_LIMIT),
  truncated: z.boolean(),
});
export type DriverChoicesOutput = z.infer<typeof driverChoicesOutput>;

/**
 * Duplicate a load: a new pending load with the same lane, commodity, weight, distance, rate,
 * broker, carrier and notes, the company's next load number, and the dates given (none when left out).
 */
export const duplicateLoadInput = z
  .object({ id: z.uuid('Load is invalid'), pickupDate: optionalDate('Pickup date'), deliveryDate: optionalDate('Delivery date') })
  .superRefine(deliveryNotBeforePickup);
export type DuplicateLoadInput = z.input<typeof duplicateLoadInput>;

/** A bulk action takes at most this many loads. */
export const BULK_LOADS_MAX = 100;

/** Change the status of the selected loads (those the user may change), in one transaction. */
export const bulkLoadStatusInput = z.object({
  ids: z
    .array(z.uuid('Load is invalid'), { error: 'Select loads' })
    .min(1, 'Select at least one load')
    .max(BULK_LOADS_MAX, `Select at most ${BULK_LOADS_MAX} loads`),
  status: loadStatusSchema,
});
export type BulkLoadStatusInput = z.input<typeof bulkLoadStatusInput>;

/** `changed`: the loads whose status changed; the others were missing, not the user's to change, or had that status already. */
export const bulkLoadStatusOutput = z.object({ changed: z.array(z.uuid()) });
export type BulkLoadStatusOutput = z.infer<typeof bulkLoadStatusOutput>;
