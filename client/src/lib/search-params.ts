import { LOAD_STATUSES } from '#shared/constants.js';
import type { ANALYTICS_RANGES } from '#shared/schemas/analytics.js';
import type { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, AUDIT_SEARCH_MAX } from '#shared/schemas/audit.js';
import type { DOCUMENT_SEARCH_MAX, DOCUMENT_TYPE_FILTERS } from '#shared/schemas/documents.js';
import type { EQUIPMENT_LIMITS, EQUIPMENT_STATUSES } from '#shared/schemas/equipment.js';
import type { INVOICE_LIMITS, INVOICE_STATUS_FILTERS } from '#shared/schemas/invoices.js';
import type { LOAD_SORTS, LoadSort, SORT_DIRECTIONS, SortDirection } from '#shared/schemas/load-board.js';
import type { LOAD_LIMITS, LOAD_STATUS_FILTERS } from '#shared/schemas/loads.js';
import type { MESSAGE_BOXES, MESSAGE_LIMITS } from '#shared/schemas/messages.js';

/**
 * The signed-in screens' address parameters, checked without zod: every route file is in the app's
 * entry (the router's tree), so a route file that parsed its search with zod, or imported a shared
 * schema module for a list of values, put zod (about 26 KB gzipped) and those modules into every
 * first screen. Anything odd falls back to undefined, as `.optional().catch(undefined)` did.
 *
 * The lists and limits are copies of the shared schemas' (type-only imports: no code), checked
 * against them when the client is typechecked: a value added to or removed from a shared list, or
 * a limit changed, fails `tsc` here until the copy says the same.
 */

/** A copy of a shared list of values with exactly its members (any order). */
function sameValues<Shared extends readonly string[]>() {
  return <const Copy extends readonly Shared[number][]>(
    copy: Copy & (Exclude<Shared[number], Copy[number]> extends never ? unknown : { missing: Exclude<Shared[number], Copy[number]> }),
  ): Copy => copy;
}

export const LOAD_ADDRESS = {
  statuses: sameValues<typeof LOAD_STATUS_FILTERS>()(['all', ...LOAD_STATUSES]),
  searchMax: 100 satisfies (typeof LOAD_LIMITS)['search'],
};
export const ANALYTICS_ADDRESS = {
  ranges: sameValues<typeof ANALYTICS_RANGES>()(['this_month', 'last_month', 'quarter', 'year', 'custom']),
};
export const AUDIT_ADDRESS = {
  entityTypes: sameValues<typeof AUDIT_ENTITY_TYPES>()([
    'loads',
    'invoices',
    'documents',
    'drivers',
    'brokers',
    'carriers',
    'export',
    'trucks',
    'trailers',
    'truck_assignments',
    'fuel_purchases',
    'ifta_tax_rates',
  ]),
  actions: sameValues<typeof AUDIT_ACTIONS>()(['created', 'updated', 'deleted', 'exported']),
  searchMax: 200 satisfies typeof AUDIT_SEARCH_MAX,
};
export const DOCUMENT_ADDRESS = {
  types: sameValues<typeof DOCUMENT_TYPE_FILTERS>()([
    'all',
    'invoice',
    'bol',
    'pod',
    'contract',
    'insurance',
    'rate_confirmation',
    'other',
    'load_document',
  ]),
  searchMax: 100 satisfies typeof DOCUMENT_SEARCH_MAX,
};
export const EQUIPMENT_ADDRESS = {
  statuses: sameValues<typeof EQUIPMENT_STATUSES>()(['active', 'inactive']),
  searchMax: 100 satisfies (typeof EQUIPMENT_LIMITS)['search'],
};
export const INVOICE_ADDRESS = {
  statuses: sameValues<typeof INVOICE_STATUS_FILTERS>()(['all', 'draft', 'sent', 'paid', 'overdue', 'void', 'factoring']),
  searchMax: 50 satisfies (typeof INVOICE_LIMITS)['search'],
};
export const MESSAGE_ADDRESS = {
  boxes: sameValues<typeof MESSAGE_BOXES>()(['inbox', 'sent']),
  searchMax: 100 satisfies (typeof MESSAGE_LIMITS)['search'],
};

/** A text of at most `max` characters (z.string().max(max)). */
export function optionalText(value: unknown, max: number): string | undefined {
  return typeof value === 'string' && value.length <= max ? value : undefined;
}

/** One of the values listed (z.enum(values)). */
export function optionalOneOf<Value extends string>(value: unknown, values: readonly Value[]): Value | undefined {
  return typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as Value) : undefined;
}

/** zod's z.uuid() pattern (RFC 9562 versions 1 to 8, the nil and the max UUID). */
const UUID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

export function optionalUuid(value: unknown): string | undefined {
  return typeof value === 'string' && UUID.test(value) ? value : undefined;
}

/** zod's z.iso.date() pattern: a real calendar date, YYYY-MM-DD (leap days included). */
const ISO_DATE =
  /^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))$/;

export function optionalIsoDate(value: unknown): string | undefined {
  return typeof value === 'string' && ISO_DATE.test(value) ? value : undefined;
}

/** The search object as the router hands it (parsed from the address). */
export type RawSearch = Record<string, unknown>;

/** A link's token in the path (/invite/$token, /track/$token): 1 to 200 characters, else the route fails as zod's parse did. */
export function tokenParam(raw: { token: string }): { token: string } {
  const { token } = raw;
  if (typeof token !== 'string' || token.length < 1 || token.length > 200) throw new Error('Invalid link token');
  return { token };
}

/**
 * The dispatch board's address (issue 26, item 1): copies of the board contract's lists
 * (shared/src/schemas/load-board.ts), checked against it when the client is typechecked.
 */
export const LOAD_BOARD_ADDRESS = {
  statuses: LOAD_STATUSES,
  sorts: sameValues<typeof LOAD_SORTS>()([
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
  ]),
  directions: sameValues<typeof SORT_DIRECTIONS>()(['asc', 'desc']),
  /** Each sort's first direction (DEFAULT_DIRECTION's copy; search-params.test.ts compares them). */
  firstDirection: {
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
  } satisfies Record<LoadSort, SortDirection>,
};

/**
 * A list of listed values, written in the address as "a,b" (an array is taken too). Any value not
 * listed makes the whole list fall back to none, as a zod array of an enum refuses it whole.
 */
export function optionalListOf<Value extends string>(value: unknown, values: readonly Value[]): Value[] | undefined {
  const items = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : null;
  if (!items || items.length === 0 || items.length > values.length) return undefined;
  if (!items.every((item) => typeof item === 'string' && (values as readonly string[]).includes(item))) return undefined;
  return [...new Set(items as Value[])];
}

/** An on/off filter: on only when the address says true (`late=true`, `late=1`); anything else is off. */
export function optionalFlag(value: unknown): true | undefined {
  return value === true || value === 'true' || value === 1 || value === '1' ? true : undefined;
}
