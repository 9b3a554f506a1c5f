import { describe, expect, it } from 'vitest';
import { DEFAULT_DIRECTION, LOAD_SORTS } from '#shared/schemas/load-board.js';
import { loadListInput } from '#shared/schemas/loads.js';
import { LOAD_BOARD_ADDRESS } from '../../lib/search-params';
import {
  addressToFilters,
  builtInViewFilters,
  clearedFilters,
  dispatcherChoice,
  filtersToAddress,
  hasFilters,
  listInput,
  localToday,
  MINE,
  NO_FILTERS,
  panelFilterCount,
  sameFilters,
  sortedBy,
} from './board-filters';

const DRIVER = '0b0f4b1e-8a55-4e0e-9d4f-3c1f5e2a7b10';

describe('the board address', () => {
  it('reads a view link back as its filters and writes the same link', () => {
    const address = {
      statuses: 'assigned,picked',
      pickupFrom: '2026-11-28',
      pickupTo: '2026-11-30',
      driverId: DRIVER,
      late: true,
      sort: 'deliveryDate',
      direction: 'asc',
    };
    const filters = addressToFilters(address);
    expect(filters).toMatchObject({
      statuses: ['assigned', 'picked'],
      driverId: DRIVER,
      late: true,
      unassigned: false,
      sort: 'deliveryDate',
      direction: 'asc',
    });
    expect(filtersToAddress(filters)).toEqual({
      ...address,
      search: undefined,
      deliveryFrom: undefined,
      deliveryTo: undefined,
      brokerId: undefined,
      carrierId: undefined,
      unassigned: undefined,
      atRisk: undefined,
    });
  });

  it('falls back to none for anything odd', () => {
    const filters = addressToFilters({
      statuses: 'assigned,lost',
      pickupFrom: '2026-02-30',
      driverId: 'not-an-id',
      late: 'yes',
      sort: 'weight',
      direction: 'sideways',
      search: 'x'.repeat(101),
    });
    expect(filters).toEqual(NO_FILTERS);
    expect(filtersToAddress(filters)).toEqual(Object.fromEntries(Object.keys(filtersToAddress(filters)).map((key) => [key, undefined])));
  });

  it('reads the older single status as a list of one, and "all" as none', () => {
    expect(addressToFilters({ status: 'pending' }).statuses).toEqual(['pending']);
    expect(addressToFilters({ status: 'all' }).statuses).toEqual([]);
  });

  it('gives a sort without a direction its first direction', () => {
    expect(addressToFilters({ sort: 'rate' }).direction).toBe('desc');
    expect(addressToFilters({ sort: 'pickupDate' }).direction).toBe('asc');
  });

  it("keeps the shared contract's first directions", () => {
    for (const sort of LOAD_SORTS) expect(LOAD_BOARD_ADDRESS.firstDirection[sort]).toBe(DEFAULT_DIRECTION[sort]);
  });
});

describe('sorting by a header', () => {
  it('starts another column in its first direction and flips the active one', () => {
    const byDelivery = sortedBy(NO_FILTERS, 'deliveryDate');
    expect(byDelivery).toMatchObject({ sort: 'deliveryDate', direction: 'asc' });
    expect(sortedBy(byDelivery, 'deliveryDate')).toMatchObject({ sort: 'deliveryDate', direction: 'desc' });
    expect(sortedBy(byDelivery, 'rate')).toMatchObject({ sort: 'rate', direction: 'desc' });
  });
});

describe('filters', () => {
  it('counts what the panel sets, and clearing keeps only the sort', () => {
    const filters = {
      ...NO_FILTERS,
      search: 'tulsa',
      statuses: ['pending' as const],
      unassigned: true,
      brokerId: DRIVER,
      sort: 'rate' as const,
      direction: 'asc' as const,
    };
    expect(panelFilterCount(filters)).toBe(3);
    expect(hasFilters(filters)).toBe(true);
    expect(clearedFilters(filters)).toEqual({ ...NO_FILTERS, sort: 'rate', direction: 'asc' });
    expect(hasFilters(sortedBy(NO_FILTERS, 'rate'))).toBe(false);
  });

  it("the list's input is one the server's schema takes, with the viewer's today", () => {
    const input = listInput({ ...NO_FILTERS, statuses: ['in_transit'], pickupFrom: '2026-11-28', late: true }, '2026-11-28');
    expect(input).not.toHaveProperty('pickupTo');
    const parsed = loadListInput.parse(input);
    expect(parsed).toMatchObject({
      statuses: ['in_transit'],
      pickupFrom: '2026-11-28',
      late: true,
      today: '2026-11-28',
      sort: 'createdAt',
      sortDirection: 'desc',
    });
    // tRPC's infinite query puts its own `direction` ('forward') into the input: the sort's must not be it.
    expect(loadListInput.parse({ ...input, direction: 'forward', sortDirection: 'asc' })).toMatchObject({ sortDirection: 'asc' });
  });

  it('the same filters in another order are the same view', () => {
    expect(sameFilters({ ...NO_FILTERS, statuses: ['picked', 'assigned'] }, { ...NO_FILTERS, statuses: ['assigned', 'picked'] })).toBe(
      true,
    );
    expect(sameFilters({ ...NO_FILTERS, late: true }, NO_FILTERS)).toBe(false);
  });
});

describe('built-in views', () => {
  it("are relative to the viewer's today", () => {
    expect(builtInViewFilters('todaysPickups', '2026-11-28')).toMatchObject({ pickupFrom: '2026-11-28', pickupTo: '2026-11-28' });
    expect(builtInViewFilters('todaysDeliveries', '2026-11-28')).toMatchObject({ deliveryFrom: '2026-11-28', deliveryTo: '2026-11-28' });
    expect(builtInViewFilters('unassigned', '2026-11-28')).toMatchObject({ unassigned: true });
    expect(builtInViewFilters('late', '2026-11-28')).toMatchObject({ late: true });
    expect(builtInViewFilters('inTransit', '2026-11-28')).toMatchObject({ statuses: ['in_transit'] });
  });

  it("today is the viewer's local date", () => {
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});

describe('the dispatcher filter', () => {
  it('keeps one dispatcher or "Mine" in the address, counts it, and sends it to the list', () => {
    const one = { ...NO_FILTERS, ...dispatcherChoice(DRIVER) };
    expect(filtersToAddress(one)).toMatchObject({ dispatcherId: DRIVER, mine: undefined });
    expect(addressToFilters({ ...filtersToAddress(one) } as Record<string, unknown>)).toEqual(one);
    expect(panelFilterCount(one)).toBe(1);
    expect(loadListInput.parse(listInput(one, '2026-11-29'))).toMatchObject({ dispatcherId: DRIVER, mine: false });

    const mine = { ...one, ...dispatcherChoice(MINE) };
    expect(mine).toMatchObject({ mine: true, dispatcherId: undefined });
    expect(filtersToAddress(mine)).toMatchObject({ mine: true, dispatcherId: undefined });
    expect(addressToFilters({ mine: 'true' }).mine).toBe(true);
    expect(panelFilterCount(mine)).toBe(1);
    expect(loadListInput.parse(listInput(mine, '2026-11-29'))).toMatchObject({ mine: true });

    expect(dispatcherChoice(undefined)).toEqual({ mine: false, dispatcherId: undefined });
    expect(clearedFilters(mine).mine).toBe(false);
  });

  it('sorts by dispatcher from its header, A to Z first', () => {
    expect(sortedBy(NO_FILTERS, 'dispatcherName')).toMatchObject({ sort: 'dispatcherName', direction: 'asc' });
    expect(addressToFilters({ sort: 'dispatcherName', direction: 'desc' })).toMatchObject({ sort: 'dispatcherName', direction: 'desc' });
  });
});
