import type { LoadStatus } from '#shared/constants.js';
import type { BuiltInLoadView, LoadSort, SortDirection } from '#shared/schemas/load-board.js';
import {
  LOAD_ADDRESS,
  LOAD_BOARD_ADDRESS,
  optionalFlag,
  optionalIsoDate,
  optionalListOf,
  optionalOneOf,
  optionalText,
  optionalUuid,
} from '../../lib/search-params';

/**
 * The dispatch board's filters and sort as the screen holds them (issue 26, item 1): the board
 * contract's names (shared/src/schemas/load-board.ts), which are also the address's names. Pure
 * functions only, so views, the address and the list's input are one shape and tested here.
 */
export interface LoadFilters {
  search: string;
  statuses: LoadStatus[];
  pickupFrom?: string | undefined;
  pickupTo?: string | undefined;
  deliveryFrom?: string | undefined;
  deliveryTo?: string | undefined;
  driverId?: string | undefined;
  brokerId?: string | undefined;
  carrierId?: string | undefined;
  /** One dispatcher's loads; `mine`: the viewer's own (a view that follows whoever opens it). */
  dispatcherId?: string | undefined;
  mine: boolean;
  unassigned: boolean;
  late: boolean;
  atRisk: boolean;
  sort: LoadSort;
  direction: SortDirection;
}

/** A board row's flag as people read it. */
export const FLAG_LABELS = { late: 'Late', atRisk: 'At risk' } as const;

export const DEFAULT_SORT: LoadSort = 'createdAt';

export const NO_FILTERS: LoadFilters = {
  search: '',
  statuses: [],
  mine: false,
  unassigned: false,
  late: false,
  atRisk: false,
  sort: DEFAULT_SORT,
  direction: LOAD_BOARD_ADDRESS.firstDirection[DEFAULT_SORT],
};

/** The filters of the address's kind that a filter panel sets (not the search box, not the sort). */
const PANEL_KEYS = ['pickupFrom', 'pickupTo', 'deliveryFrom', 'deliveryTo', 'driverId', 'dispatcherId', 'brokerId', 'carrierId'] as const;

/** How many of the panel's filters are set (the "Filters (3)" count). */
export function panelFilterCount(filters: LoadFilters): number {
  const set = PANEL_KEYS.filter((key) => Boolean(filters[key])).length;
  return (
    set + (filters.statuses.length > 0 ? 1 : 0) + [filters.mine, filters.unassigned, filters.late, filters.atRisk].filter(Boolean).length
  );
}

/** The Dispatcher filter's choice for "Mine" (the select's value; a dispatcher's is their id). */
export const MINE = 'mine';

/** The Dispatcher filter's select chosen: "Mine", one dispatcher, or any ('' / undefined). */
export function dispatcherChoice(choice: string | undefined): Pick<LoadFilters, 'dispatcherId' | 'mine'> {
  return choice === MINE ? { mine: true, dispatcherId: undefined } : { mine: false, dispatcherId: choice || undefined };
}

/** Whether anything narrows the list (the sort alone does not). */
export function hasFilters(filters: LoadFilters): boolean {
  return filters.search !== '' || panelFilterCount(filters) > 0;
}

/** The filters with every narrowing cleared; the sort stays, as it narrows nothing. */
export function clearedFilters(filters: LoadFilters): LoadFilters {
  return { ...NO_FILTERS, sort: filters.sort, direction: filters.direction };
}

/** A header chosen: the active column flips its direction, another column starts in its own first direction. */
export function sortedBy(filters: LoadFilters, sort: LoadSort): LoadFilters {
  const direction = filters.sort === sort ? (filters.direction === 'asc' ? 'desc' : 'asc') : LOAD_BOARD_ADDRESS.firstDirection[sort];
  return { ...filters, sort, direction };
}

/** The viewer's own date, "YYYY-MM-DD" in their time zone (a dispatcher's "today"). */
export function localToday(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * What the address keeps: only what differs from no filters, so a plain /loads stays plain and a
 * view is a short link (`?statuses=assigned,picked&sort=deliveryDate&direction=asc`).
 */
export interface LoadBoardAddress {
  search?: string | undefined;
  statuses?: string | undefined;
  pickupFrom?: string | undefined;
  pickupTo?: string | undefined;
  deliveryFrom?: string | undefined;
  deliveryTo?: string | undefined;
  driverId?: string | undefined;
  brokerId?: string | undefined;
  carrierId?: string | undefined;
  dispatcherId?: string | undefined;
  mine?: true | undefined;
  unassigned?: true | undefined;
  late?: true | undefined;
  atRisk?: true | undefined;
  sort?: LoadSort | undefined;
  direction?: SortDirection | undefined;
}

export function filtersToAddress(filters: LoadFilters): LoadBoardAddress {
  const isDefaultSort = filters.sort === NO_FILTERS.sort && filters.direction === NO_FILTERS.direction;
  return {
    search: filters.search || undefined,
    statuses: filters.statuses.length > 0 ? filters.statuses.join(',') : undefined,
    pickupFrom: filters.pickupFrom || undefined,
    pickupTo: filters.pickupTo || undefined,
    deliveryFrom: filters.deliveryFrom || undefined,
    deliveryTo: filters.deliveryTo || undefined,
    driverId: filters.driverId || undefined,
    brokerId: filters.brokerId || undefined,
    carrierId: filters.carrierId || undefined,
    dispatcherId: filters.dispatcherId || undefined,
    mine: filters.mine || undefined,
    unassigned: filters.unassigned || undefined,
    late: filters.late || undefined,
    atRisk: filters.atRisk || undefined,
    sort: isDefaultSort ? undefined : filters.sort,
    direction: isDefaultSort ? undefined : filters.direction,
  };
}

/** The address's (and a stored view's) parameters read back as filters; anything odd falls back to none. */
export function addressToFilters(search: Record<string, unknown>): LoadFilters {
  const sort = optionalOneOf(search.sort, LOAD_BOARD_ADDRESS.sorts) ?? NO_FILTERS.sort;
  const single = optionalOneOf(search.status, LOAD_BOARD_ADDRESS.statuses);
  return {
    search: optionalText(search.search, LOAD_ADDRESS.searchMax)?.trim() ?? '',
    // The older single status (`?status=pending`) is read as a list of one.
    statuses: optionalListOf(search.statuses, LOAD_BOARD_ADDRESS.statuses) ?? (single ? [single] : []),
    pickupFrom: optionalIsoDate(search.pickupFrom),
    pickupTo: optionalIsoDate(search.pickupTo),
    deliveryFrom: optionalIsoDate(search.deliveryFrom),
    deliveryTo: optionalIsoDate(search.deliveryTo),
    driverId: optionalUuid(search.driverId),
    brokerId: optionalUuid(search.brokerId),
    carrierId: optionalUuid(search.carrierId),
    dispatcherId: optionalUuid(search.dispatcherId),
    mine: optionalFlag(search.mine) ?? false,
    unassigned: optionalFlag(search.unassigned) ?? false,
    late: optionalFlag(search.late) ?? false,
    atRisk: optionalFlag(search.atRisk) ?? false,
    sort,
    direction: optionalOneOf(search.direction, LOAD_BOARD_ADDRESS.directions) ?? LOAD_BOARD_ADDRESS.firstDirection[sort],
  };
}

/** The list's input (loads.list): the filters, and the viewer's today for "late", "at risk" and each row's flag. */
export function listInput(filters: LoadFilters, today: string) {
  const { search, statuses, mine, unassigned, late, atRisk, sort, direction } = filters;
  // sortDirection on the wire: tRPC's infinite query writes its own `direction` into the input.
  const input: Record<string, unknown> = { search, statuses, mine, unassigned, late, atRisk, sort, sortDirection: direction, today };
  for (const key of PANEL_KEYS) if (filters[key]) input[key] = filters[key];
  return input as Omit<LoadFilters, (typeof PANEL_KEYS)[number]> &
    Partial<Pick<LoadFilters, (typeof PANEL_KEYS)[number]>> & { today: string };
}

/** Two sets of filters and sort that are the same view (the search box's text aside): a view is "chosen" when the address holds exactly its filters. */
export function sameFilters(a: LoadFilters, b: LoadFilters): boolean {
  const left = filtersToAddress({ ...a, search: '', statuses: [...a.statuses].sort() });
  const right = filtersToAddress({ ...b, search: '', statuses: [...b.statuses].sort() });
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]) as Set<keyof LoadBoardAddress>;
  return [...keys].every((key) => left[key] === right[key]);
}

export const BUILT_IN_VIEW_NAMES: Record<BuiltInLoadView, string> = {
  todaysPickups: "Today's pickups",
  todaysDeliveries: "Today's deliveries",
  unassigned: 'Unassigned',
  late: 'Late',
  inTransit: 'In transit',
};

/** A built-in view's filters, relative to the viewer's today when chosen. */
export function builtInViewFilters(view: BuiltInLoadView, today: string): LoadFilters {
  switch (view) {
    case 'todaysPickups':
      return { ...NO_FILTERS, pickupFrom: today, pickupTo: today };
    case 'todaysDeliveries':
      return { ...NO_FILTERS, deliveryFrom: today, deliveryTo: today };
    case 'unassigned':
      return { ...NO_FILTERS, unassigned: true };
    case 'late':
      return { ...NO_FILTERS, late: true };
    case 'inTransit':
      return { ...NO_FILTERS, statuses: ['in_transit'] };
  }
}
