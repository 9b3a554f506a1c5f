import { z } from 'zod';
import { LOAD_STATUSES } from '../constants.js';
import { clampSalesPercentage } from '../rules/sales-percentage.js';
import {
  optionalDate,
  optionalDecimal,
  optionalId,
  optionalMoney,
  optionalPhone,
  optionalText,
  requiredText,
  stateCode,
  timestamp,
} from './fields.js';
import { loadBoardFields, loadBoardItemFields } from './load-board.js';
import { DISPATCHER_CHOICES_LIMIT, dispatcherField } from './loads-dispatcher.js';
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

/**
 * Issue 26, item 3: a load's stops, equipment and accessorial charges.
 *
 * Stops are ordered: two or more (at most LOAD_STOPS_MAX), a pickup first, a drop last (the
 * delivery), pickups and drops between. The load's pickup_* and delivery_* fields stay the first
 * and the last stop: the server writes them from the stops; a load given without stops gets two,
 * made from its pickup and delivery fields. An appointment is a date with a window (from and to,
 * "HH:MM" on the facility's clock; a "to" earlier than "from" ends the next day) or "first come,
 * first served" on that date.
 */
export const STOP_TYPES = ['pickup', 'drop'] as const;
export type StopType = (typeof STOP_TYPES)[number];

export const EQUIPMENT_TYPES = ['dry_van', 'reefer', 'flatbed', 'step_deck', 'power_only', 'other'] as const;
export type EquipmentType = (typeof EQUIPMENT_TYPES)[number];
export const EQUIPMENT_LABELS: Record<EquipmentType, string> = {
  dry_van: 'Dry van',
  reefer: 'Reefer',
  flatbed: 'Flatbed',
  step_deck: 'Step deck',
  power_only: 'Power only',
  other: 'Other',
};

export const ACCESSORIAL_TYPES = ['fuel_surcharge', 'detention', 'lumper', 'stop_off', 'layover', 'tonu', 'other'] as const;
export type AccessorialType = (typeof ACCESSORIAL_TYPES)[number];
export const ACCESSORIAL_LABELS: Record<AccessorialType, string> = {
  fuel_surcharge: 'Fuel surcharge',
  detention: 'Detention',
  lumper: 'Lumper',
  stop_off: 'Stop-off',
  layover: 'Layover',
  tonu: 'TONU',
  other: 'Other',
};

export const LOAD_STOPS_MAX = 20;
export const LOAD_ACCESSORIALS_MAX = 20;
export const STOP_LIMITS = { facilityName: 200, zip: 10, contactName: 100, poNumber: 100, pickupNumber: 100, description: 200 } as const;
/** A reefer's setpoint (°F). */
export const TEMPERATURE_RANGE = { min: -100, max: 150 } as const;

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

/** An optional time of day "HH:MM" ('' or null: none). */
function optionalTime(label: string) {
  return z
    .string({ error: `${label} must be a time` })
    .trim()
    .refine((value) => value === '' || TIME_PATTERN.test(value), `${label} must be a time (HH:MM)`)
    .nullish()
    .transform((value) => (value === '' ? null : value === null || value === undefined ? value : value.slice(0, 5)));
}

const ZIP_PATTERN = /^\d{5}(-\d{4})?$/;

/** One stop as the form sends it. Labels name the field a message is about (`stops.1.city`: "City is required"). */
export const loadStopInput = z
  .object({
    type: z.enum(STOP_TYPES, { error: 'Stop type must be pickup or drop' }),
    facilityName: optionalText('Facility', STOP_LIMITS.facilityName),
    address: requiredText('Address', LOAD_LIMITS.location),
    city: requiredText('City', LOAD_LIMITS.city),
    state: stateCode('State'),
    zip: optionalText('ZIP', STOP_LIMITS.zip).refine((value) => !value || ZIP_PATTERN.test(value), 'ZIP must be 5 digits (or ZIP+4)'),
    contactName: optionalText('Contact name', STOP_LIMITS.contactName),
    contactPhone: optionalPhone('Contact phone'),
    date: optionalDate('Date'),
    fromTime: optionalTime('From'),
    toTime: optionalTime('To'),
    firstComeFirstServed: z.boolean({ error: 'First come, first served must be on or off' }).default(false),
    poNumber: optionalText('PO number', STOP_LIMITS.poNumber),
    pickupNumber: optionalText('Pickup number', STOP_LIMITS.pickupNumber),
    notes: optionalText('Notes', LOAD_LIMITS.notes),
  })
  .superRefine((stop, context) => {
    if (stop.firstComeFirstServed) {
      if (!stop.date) context.addIssue({ code: 'custom', path: ['date'], message: 'Date is required for first come, first served' });
      return;
    }
    if (stop.toTime && !stop.fromTime) context.addIssue({ code: 'custom', path: ['fromTime'], message: 'From is required with a To time' });
    if (stop.fromTime && !stop.date) context.addIssue({ code: 'custom', path: ['date'], message: 'Date is required for an appointment' });
  });
export type LoadStopInput = z.input<typeof loadStopInput>;
export type LoadStopValues = z.output<typeof loadStopInput>;

/** A temperature setpoint (°F): a number with at most one decimal, as a decimal string; '' or null is none. */
const temperature = z
  .union([z.string(), z.number()], { error: 'Temperature must be a number' })
  .nullish()
  .transform((value, context) => {
    if (value === null || value === undefined) return value;
    const text = String(value).trim();
    if (text === '') return null;
    const number = Number(text);
    if (!Number.isFinite(number) || !/^-?\d+(\.\d)?$/.test(String(number))) {
      context.addIssue({ code: 'custom', message: 'Temperature must be a number with at most one decimal' });
      return z.NEVER;
    }
    if (number < TEMPERATURE_RANGE.min || number > TEMPERATURE_RANGE.max) {
      context.addIssue({ code: 'custom', message: `Temperature must be between ${TEMPERATURE_RANGE.min} and ${TEMPERATURE_RANGE.max} °F` });
      return z.NEVER;
    }
    return number.toFixed(1);
  });

/** One accessorial charge: its type, an optional description (what "other" is) and its amount (required). */
export const loadAccessorialInput = z.object({
  type: z.enum(ACCESSORIAL_TYPES, { error: 'Choose a charge type' }),
  description: optionalText('Description', STOP_LIMITS.description),
  amount: optionalMoney('Amount').refine((value) => value !== null && value !== undefined, 'Amount is required'),
});
export type LoadAccessorialInput = z.input<typeof loadAccessorialInput>;

const stopsField = z
  .array(loadStopInput, { error: 'Stops must be a list' })
  .min(2, 'A load needs at least two stops: a pickup and a delivery')
  .max(LOAD_STOPS_MAX, `A load has at most ${LOAD_STOPS_MAX} stops`)
  .superRefine((stops, context) => {
    const last = stops.length - 1;
    if (stops[0] && stops[0].type !== 'pickup')
      context.addIssue({ code: 'custom', path: [0, 'type'], message: 'The first stop must be a pickup' });
    if (last > 0 && stops[last]?.type !== 'drop')
      context.addIssue({ code: 'custom', path: [last, 'type'], message: 'The last stop must be a delivery (drop)' });
    const first = stops[0]?.date;
    const end = stops[last]?.date;
    if (first && end && end < first)
      context.addIssue({ code: 'custom', path: [last, 'date'], message: 'Delivery date cannot be before the pickup date' });
  });

/** Every field of the load form except the load number, which create and update treat differently. */
const loadFormFields = {
  referenceNumber: optionalText('Reference number', LOAD_LIMITS.referenceNumber),
  /** The pickup and delivery fields: required unless `stops` is given (then the first and the last stop are they). */
  pickupLocation: requiredText('Pickup address', LOAD_LIMITS.location).optional(),
  pickupCity: requiredText('Pickup city', LOAD_LIMITS.city).optional(),
  pickupState: stateCode('Pickup state').optional(),
  pickupDate: optionalDate('Pickup date'),
  pickupNotes: optionalText('Pickup notes', LOAD_LIMITS.notes),
  deliveryLocation: requiredText('Delivery address', LOAD_LIMITS.location).optional(),
  deliveryCity: requiredText('Delivery city', LOAD_LIMITS.city).optional(),
  deliveryState: stateCode('Delivery state').optional(),
  deliveryDate: optionalDate('Delivery date'),
  deliveryNotes: optionalText('Delivery notes', LOAD_LIMITS.notes),
  commodity: optionalText('Commodity', LOAD_LIMITS.commodity),
  weight: optionalDecimal('Weight'),
  distance: optionalDecimal('Distance'),
  /** The total, for a caller that sends neither a line haul nor charges; otherwise the server computes it. */
  rate: optionalMoney('Rate'),
  lineHaul: optionalMoney('Line haul'),
  driverId: optionalId('Driver'),
  brokerId: optionalId('Broker'),
  carrierId: optionalId('Carrier'),
  /** Issue 31: the truck and trailer that haul it. A driver given without a truck brings their current truck (a trigger). */
  truckId: optionalId('Truck'),
  trailerId: optionalId('Trailer'),
  /** Who earns the commission (admins and dispatchers choose; a sales user's own load is theirs). Left out: unchanged. */
  salesUserId: salesAgentField(),
  salesPercentage: salesPercentage,
  /** Who dispatches it (./loads-dispatcher.ts). Left out: unchanged; on create, the creator when they dispatch. */
  dispatcherId: dispatcherField(),
  factoring: z.boolean({ error: 'Factoring must be on or off' }).default(false),
  notes: optionalText('Notes', LOAD_LIMITS.notes),
  /** Left out: two stops from the pickup and delivery fields (on edit: those fields as given). */
  stops: stopsField.optional(),
  equipmentType: z
    .union([z.enum(EQUIPMENT_TYPES), z.literal('')], { error: 'Choose an equipment type' })
    .nullish()
    .transform((value) => (value === '' ? null : value)),
  /** A reefer's setpoint; dropped for any other equipment. */
  temperature,
  /** Left out on edit: the load's charges stay as they are. */
  accessorials: z
    .array(loadAccessorialInput, { error: 'Accessorials must be a list' })
    .max(LOAD_ACCESSORIALS_MAX, `A load has at most ${LOAD_ACCESSORIALS_MAX} accessorial charges`)
    .optional(),
};

const loadNumber = requiredText('Load number', LOAD_LIMITS.loadNumber);

const LANE_FIELDS = [
  ['pickupLocation', 'Pickup address'],
  ['pickupCity', 'Pickup city'],
  ['pickupState', 'Pickup state'],
  ['deliveryLocation', 'Delivery address'],
  ['deliveryCity', 'Delivery city'],
  ['deliveryState', 'Delivery state'],
] as const;

/** Without stops, the pickup and delivery fields are required (the spec's form). */
function laneGiven(load: Partial<Record<(typeof LANE_FIELDS)[number][0], string>> & { stops?: unknown }, context: z.RefinementCtx) {
  if (load.stops !== undefined) return;
  for (const [field, label] of LANE_FIELDS) {
    if (load[field] === undefined) context.addIssue({ code: 'custom', path: [field], message: `${label} is required` });
  }
}

/** A delivery cannot be dated before its pickup. */
function deliveryNotBeforePickup(
  load: { pickupDate?: string | null | undefined; deliveryDate?: string | null | undefined },
  context: z.RefinementCtx,
) {
  if (load.pickupDate && load.deliveryDate && load.deliveryDate < load.pickupDate) {
    context.addIssue({ code: 'custom', path: ['deliveryDate'], message: 'Delivery date cannot be before the pickup date' });
  }
}

/** A temperature belongs to a reefer. */
function temperatureOfReefer(
  load: { equipmentType?: string | null | undefined; temperature?: string | null | undefined },
  context: z.RefinementCtx,
) {
  if (load.temperature && load.equipmentType !== 'reefer') {
    context.addIssue({ code: 'custom', path: ['temperature'], message: 'A temperature is set only for a reefer' });
  }
}

type LoadFormValues = Parameters<typeof laneGiven>[0] &
  Parameters<typeof deliveryNotBeforePickup>[0] &
  Parameters<typeof temperatureOfReefer>[0];
const loadRules = (load: LoadFormValues, context: z.RefinementCtx) => {
  laneGiven(load, context);
  if (load.stops === undefined) deliveryNotBeforePickup(load, context);
  temperatureOfReefer(load, context);
};

/**
 * Create Load: a load number left out is the company's next one (its own pattern, else LOAD- and a
 * timestamp), chosen by the server.
 */
export const createLoadInput = z.object({ loadNumber: loadNumber.optional(), ...loadFormFields }).superRefine(loadRules);
export type CreateLoadInput = z.input<typeof createLoadInput>;
export type CreateLoadValues = z.output<typeof createLoadInput>;

/** Edit a load: every form field again (the form sends them all), the load number required. */
export const updateLoadInput = z
  .object({ id: z.uuid('Load is invalid'), loadNumber: loadNumber, ...loadFormFields })
  .superRefine(loadRules);
export type UpdateLoadInput = z.input<typeof updateLoadInput>;
export type UpdateLoadValues = z.output<typeof updateLoadInput>;

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
export const loadListItem = z.object({
  ...loadCardFields,
  ...loadBoardItemFields,
  /** The board's Equipment column: the type, and a reefer's setpoint (°F, a decimal string). */
  equipmentType: z.enum(EQUIPMENT_TYPES).nullable(),
  temperature: decimalString,
  /** Issue 31: the board's Truck column (the unit number as when assigned). */
  truckId: z.uuid().nullable(),
  truckUnit: z.string().nullable(),
});
export type LoadListItem = z.infer<typeof loadListItem>;

export const loadListOutput = pageOutput(loadListItem);
export type LoadListOutput = z.infer<typeof loadListOutput>;

/** A stop of a load, in order (the first is the pickup, the last the delivery). */
export const loadStop = z.object({
  type: z.enum(STOP_TYPES),
  facilityName: z.string().nullable(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  date: z.string().nullable(),
  fromTime: z.string().nullable(),
  toTime: z.string().nullable(),
  firstComeFirstServed: z.boolean(),
  poNumber: z.string().nullable(),
  pickupNumber: z.string().nullable(),
  notes: z.string().nullable(),
});
export type LoadStop = z.infer<typeof loadStop>;

export const loadAccessorial = z.object({
  type: z.enum(ACCESSORIAL_TYPES),
  description: z.string().nullable(),
  amount: z.string(),
});
export type LoadAccessorial = z.infer<typeof loadAccessorial>;

/** One load with every field of the spec, its stops, equipment and charges (rate: line haul + charges). */
export const loadDetail = z.object(loadCardFields).extend({
  lineHaul: decimalString,
  equipmentType: z.enum(EQUIPMENT_TYPES).nullable(),
  temperature: decimalString,
  stops: z.array(loadStop).max(LOAD_STOPS_MAX),
  accessorials: z.array(loadAccessorial).max(LOAD_ACCESSORIALS_MAX),
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
  dispatcherId: z.uuid().nullable(),
  /** The dispatcher's name as when assigned (kept for a former member). */
  dispatcherName: z.string().nullable(),
  /** Issue 31: the truck and trailer, and their unit numbers. */
  truckId: z.uuid().nullable(),
  trailerId: z.uuid().nullable(),
  truckUnit: z.string().nullable(),
  trailerUnit: z.string().nullable(),
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
  /** The company's members who may dispatch a load (./loads-dispatcher.ts), by name. */
  dispatchers: z.array(pickOption).max(DISPATCHER_CHOICES_LIMIT),
  /** Issue 31: active trucks by unit, each with its current driver (the form defaults a driver's truck), and active trailers. */
  trucks: z.array(pickOption.extend({ driverId: z.uuid().nullable() })),
  trailers: z.array(pickOption),
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
export const LOAD_HISTORY_KINDS = [
  'created',
  'status',
  'driver',
  'broker',
  'carrier',
  'salesAgent',
  'dispatcher',
  // Issue 31: a stop's arrival or departure recorded (from: the stop, 'pickup', 'delivery' or 'stop'; to: its place) or undone.
  'arrived',
  'departed',
  'arrivalUndone',
  'departureUndone',
] as const;
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

/** Assign a dispatcher (null: none) to the selected loads the user may change, in one transaction. */
export const bulkAssignDispatcherInput = z.object({
  ids: bulkLoadStatusInput.shape.ids,
  dispatcherId: z.uuid('Dispatcher is invalid').nullable(),
});
export type BulkAssignDispatcherInput = z.input<typeof bulkAssignDispatcherInput>;

/** `changed`: the loads whose dispatcher changed; the others were missing, not the user's to change, or had that dispatcher already. */
export const bulkAssignDispatcherOutput = z.object({ changed: z.array(z.uuid()).max(BULK_LOADS_MAX) });
export type BulkAssignDispatcherOutput = z.infer<typeof bulkAssignDispatcherOutput>;
