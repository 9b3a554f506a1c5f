import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { LoadStatus } from '#shared/constants.js';
import { DEFAULT_DIRECTION, LOAD_SORTS, type LoadSort, type SortDirection } from '#shared/schemas/load-board.js';
import type { LoadListInput } from '#shared/schemas/loads.js';
import { createBroker, createCarrier, createDriver, createLoad, type TestCompany } from '../support/factories.js';
import type { Caller } from '../support/harness.js';
import { expectTrpcError } from '../support/http.js';
import { useTenants } from '../support/tenants.js';
import { expectSameAsMissing } from './security/authorization-matrix.js';

/**
 * The dispatch board's server side (issue 26, items 1 and 2): loads.list's sorts (rows without a
 * value last in either direction, keyset pages without a skip or a repeat), its filters and the
 * late / at-risk flag; loads.assign, loads.duplicate, loads.bulkStatus and loads.driverChoices.
 * Each test's loads carry a broker of their own, so the broker filter keeps them apart from the
 * file's other loads.
 */
const tenants = useTenants();
const { as } = tenants;
const db = () => tenants.services.db;
const tag = () => `B${randomUUID().replaceAll('-', '').slice(0, 10)}`;

const day = (offset: number) => new Date(Date.now() + offset * 24 * 3600 * 1000).toISOString().slice(0, 10);
const today = day(0);

interface BoardLoad {
  loadNumber?: string;
  status?: LoadStatus;
  pickupCity?: string;
  pickupDate?: string | null;
  deliveryCity?: string;
  deliveryState?: string;
  deliveryDate?: string | null;
  driverId?: string | null;
  carrierId?: string | null;
  rate?: string | null;
  distance?: string | null;
  createdAt?: Date;
}

/** Loads of company A under a broker of their own (written as the owner; the trigger names the driver, broker and carrier). */
async function boardOf(loads: BoardLoad[], company: TestCompany = tenants.companyA) {
  const brokerId = await createBroker(db(), company.users.dispatcher, { name: `Broker ${tag()}` });
  const prefix = tag();
  const ids: string[] = [];
  for (const [index, load] of loads.entries()) {
    const row = await tenants.owner
      .insertInto('loads')
      .values({
        companyId: company.companyId,
        loadNumber: load.loadNumber ?? `${prefix}-${index}`,
        pickupLocation: '1 Dock Rd',
        pickupCity: load.pickupCity ?? 'Dallas',
        pickupState: 'TX',
        pickupDate: load.pickupDate ?? null,
        deliveryLocation: '2 Yard St',
        deliveryCity: load.deliveryCity ?? 'Atlanta',
        deliveryState: load.deliveryState ?? 'GA',
        deliveryDate: load.deliveryDate ?? null,
        status: load.status ?? 'pending',
        driverId: load.driverId ?? null,
        brokerId,
        carrierId: load.carrierId ?? null,
        rate: load.rate === undefined ? '1000.00' : load.rate,
        distance: load.distance === undefined ? null : load.distance,
        createdBy: company.users.dispatcher.userId,
        ...(load.createdAt ? { createdAt: load.createdAt } : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id as string);
  }
  return { brokerId, ids, prefix };
}

type ListInput = Omit<Exclude<LoadListInput, undefined>, 'cursor'>;

/** Every page of the list, following the cursors; fails on a repeated row. */
async function allPages(caller: Caller, input: ListInput, limit = 2): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages += 1) {
    const page: Awaited<ReturnType<Caller['loads']['list']>> = await caller.loads.list({ ...input, limit, cursor });
    expect(page.items.length).toBeLessThanOrEqual(limit);
    seen.push(...page.items.map((item) => item.id));
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  expect(new Set(seen).size).toBe(seen.length);
  return seen;
}

/** The sorts as SQL, for the expected order read by the owner. */
const SORT_SQL: Record<LoadSort, string> = {
  createdAt: 'created_at',
  loadNumber: 'load_number',
  status: `array_position(array['pending','assigned','picked','in_transit','delivered','cancelled'], status)`,
  pickupDate: 'pickup_date',
  deliveryDate: 'delivery_date',
  pickupCity: 'pickup_city',
  deliveryCity: 'delivery_city',
  driverName: 'driver_name',
  brokerName: 'broker_name',
  carrierName: 'carrier_name',
  dispatcherName: 'dispatcher_name',
  rate: 'rate',
  ratePerMile: 'round(rate / nullif(distance, 0), 2)',
};

async function expectedOrder(brokerId: string, sort: LoadSort, direction: SortDirection): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`select id from loads where broker_id = ${brokerId}
    order by ${sql.raw(SORT_SQL[sort])} ${sql.raw(direction)} nulls last, id ${sql.raw(direction)}`.execute(tenants.owner);
  return rows.map((row) => row.id);
}

describe('loads.list as the dispatch board', () => {
  it.each(LOAD_SORTS.flatMap((sort) => (['asc', 'desc'] as const).map((direction) => [sort, direction] as const)))(
    'sorts by %s %s on the server, rows without a value last, paged without skip or repeat',
    async (sort, direction) => {
      const carrier = await createCarrier(db(), tenants.companyA.users.dispatcher, { name: `Carrier ${tag()}` });
      const drivers = [
        await createDriver(db(), tenants.companyA.users.dispatcher, { firstName: 'Ann', lastName: tag() }),
        await createDriver(db(), tenants.companyA.users.dispatcher, { firstName: 'Zed', lastName: tag() }),
      ];
      const base = Date.now() - 3600_000;
      const { brokerId } = await boardOf(
        [
          {
            pickupDate: '2026-12-01',
            deliveryDate: '2026-12-04',
            driverId: drivers[0],
            rate: '1200.00',
            distance: '600',
            status: 'assigned',
          },
          {
            pickupDate: '2026-12-01',
            deliveryDate: null,
            driverId: drivers[1],
            rate: '1200.00',
            distance: '400',
            status: 'picked',
            pickupCity: 'Austin',
          },
          {
            pickupDate: null,
            deliveryDate: '2026-12-02',
            rate: null,
            distance: '300',
            carrierId: carrier,
            deliveryCity: 'Boise',
            deliveryState: 'ID',
          },
          {
            pickupDate: '2026-11-29',
            deliveryDate: '2026-12-02',
            driverId: drivers[0],
            rate: '900.00',
            distance: null,
            status: 'delivered',
          },
          { pickupDate: null, deliveryDate: null, rate: '3000.00', distance: '0', pickupCity: 'Austin', status: 'cancelled' },
          {
            pickupDate: '2026-12-05',
            deliveryDate: '2026-12-06',
            rate: '500.50',
            distance: '250',
            carrierId: carrier,
            status: 'in_transit',
          },
          {
            pickupDate: '2026-12-05',
            deliveryDate: '2026-12-07',
            driverId: drivers[1],
            rate: '1200.00',
            distance: '600',
            deliveryCity: 'Boise',
            deliveryState: 'ID',
          },
        ].map((load, index) => ({ ...load, createdAt: new Date(base + (index % 3) * 1000) })) as BoardLoad[],
      );
      const seen = await allPages(await as('dispatcher'), { brokerId, sort, sortDirection: direction });
      expect(seen).toEqual(await expectedOrder(brokerId, sort, direction));
    },
  );

  it('answers each row with the board fields: ids, distance, rate per mile (null without both), and no flag when on time', async () => {
    const driver = await createDriver(db(), tenants.companyA.users.dispatcher);
    const { brokerId, ids } = await boardOf([
      { driverId: driver, rate: '1850.50', distance: '218', status: 'assigned', pickupDate: day(2), deliveryDate: day(3) },
      { rate: '1000.00', distance: null },
    ]);
    const page = await (await as('dispatcher')).loads.list({ brokerId, sort: 'loadNumber', sortDirection: 'asc' });
    expect(page.items.map((item) => item.id)).toEqual(ids);
    expect(page.items[0]).toMatchObject({
      driverId: driver,
      brokerId,
      carrierId: null,
      distance: '218.00',
      ratePerMile: '8.49',
      flag: null,
    });
    expect(page.items[1]).toMatchObject({ driverId: null, distance: null, ratePerMile: null, flag: null });
  });

  it("keeps the default order (newest first) and its cursor; a cursor of another sort is 'Invalid cursor' naming the field", async () => {
    const { brokerId, ids } = await boardOf(
      [{}, {}, {}].map((load, index) => ({ ...load, createdAt: new Date(Date.now() - (3 - index) * 1000) })),
    );
    const caller = await as('dispatcher');
    expect(await allPages(caller, { brokerId })).toEqual([...ids].reverse());
    const byDate = await caller.loads.list({ brokerId, sort: 'pickupDate', sortDirection: 'asc', limit: 1 });
    const byDefault = await caller.loads.list({ brokerId, limit: 1 });
    expect(byDate.nextCursor).not.toBeNull();
    const error = await expectTrpcError(caller.loads.list({ brokerId, cursor: byDate.nextCursor }), 'BAD_REQUEST', 'Invalid cursor');
    expect((error as unknown as { field?: string }).field ?? 'cursor').toBe('cursor');
    await expectTrpcError(caller.loads.list({ brokerId, sort: 'rate', cursor: byDate.nextCursor }), 'BAD_REQUEST', 'Invalid cursor');
    await expectTrpcError(
      caller.loads.list({ brokerId, sort: 'pickupDate', cursor: byDefault.nextCursor }),
      'BAD_REQUEST',
      'Invalid cursor',
    );
  });

  it('filters by statuses, inclusive pickup and delivery ranges, driver, carrier and unassigned', async () => {
    const driver = await createDriver(db(), tenants.companyA.users.dispatcher);
    const carrier = await createCarrier(db(), tenants.companyA.users.dispatcher);
    const { brokerId, ids } = await boardOf([
      { status: 'pending', pickupDate: '2026-12-01', deliveryDate: '2026-12-03' },
      { status: 'assigned', driverId: driver, pickupDate: '2026-12-02', deliveryDate: '2026-12-04' },
      { status: 'in_transit', driverId: driver, carrierId: carrier, pickupDate: '2026-12-03', deliveryDate: '2026-12-05' },
      { status: 'delivered', carrierId: carrier, pickupDate: null, deliveryDate: null },
    ]);
    const caller = await as('dispatcher');
    const list = async (input: ListInput) =>
      (await caller.loads.list({ brokerId, sort: 'loadNumber', sortDirection: 'asc', ...input })).items.map((item) => ids.indexOf(item.id));
    expect(await list({ statuses: ['assigned', 'delivered'] })).toEqual([1, 3]);
    expect(await list({ statuses: ['assigned', 'delivered'], status: 'delivered' })).toEqual([3]);
    expect(await list({ pickupFrom: '2026-12-02', pickupTo: '2026-12-03' })).toEqual([1, 2]);
    expect(await list({ pickupFrom: '2026-12-02' })).toEqual([1, 2]);
    expect(await list({ deliveryTo: '2026-12-04' })).toEqual([0, 1]);
    expect(await list({ deliveryFrom: '2026-12-03', deliveryTo: '2026-12-03' })).toEqual([0]);
    expect(await list({ driverId: driver })).toEqual([1, 2]);
    expect(await list({ carrierId: carrier })).toEqual([2, 3]);
    expect(await list({ unassigned: true })).toEqual([0, 3]);
    expect(await list({ driverId: driver, carrierId: carrier, statuses: ['in_transit'] })).toEqual([2]);
    // Another broker's id answers nothing of these.
    expect((await caller.loads.list({ brokerId: randomUUID() })).items).toEqual([]);
  });

  it("flags late loads against the viewer's today, and filters them", async () => {
    const { brokerId, ids } = await boardOf([
      { status: 'in_transit', pickupDate: day(-3), deliveryDate: day(-1) }, // late: past delivery
      { status: 'pending', pickupDate: day(-1), deliveryDate: day(2) }, // late: past pickup, not picked up
      { status: 'picked', pickupDate: day(-1), deliveryDate: day(2) }, // picked up: on time
      { status: 'delivered', pickupDate: day(-5), deliveryDate: day(-3) }, // delivered: never late
      { status: 'assigned', pickupDate: today, deliveryDate: day(1) }, // due today: not late yet
    ]);
    const caller = await as('dispatcher');
    const page = await caller.loads.list({ brokerId, sort: 'loadNumber', sortDirection: 'asc', today });
    expect(page.items.map((item) => item.flag)).toEqual(['late', 'late', null, null, null]);
    const late = await caller.loads.list({ brokerId, sort: 'loadNumber', sortDirection: 'asc', late: true, today });
    expect(late.items.map((item) => item.id)).toEqual([ids[0], ids[1]]);
    // The viewer's today decides: two days later the picked one is late too, and the one due tomorrow.
    const later = await caller.loads.list({ brokerId, sort: 'loadNumber', sortDirection: 'asc', late: true, today: day(3) });
    expect(later.items.map((item) => ids.indexOf(item.id))).toEqual([0, 1, 2, 4]);
  });

  it('flags a load at risk when its driver is farther from the delivery city than the hours left allow at 50 mph', async () => {
    const far = await createDriver(db(), tenants.companyA.users.dispatcher);
    const near = await createDriver(db(), tenants.companyA.users.dispatcher);
    const unknown = await createDriver(db(), tenants.companyA.users.dispatcher);
    const at = new Date();
    // Seattle is about 2,700 miles from Miami: more than 48 hours at 50 mph. The other driver is in Miami.
    await tenants.owner
      .updateTable('drivers')
      .set({ currentLocationLat: '47.6062', currentLocationLng: '-122.3321', lastLocationUpdate: at })
      .where('id', '=', far)
      .execute();
    await tenants.owner
      .updateTable('drivers')
      .set({ currentLocationLat: '25.7617', currentLocationLng: '-80.1918', lastLocationUpdate: at })
      .where('id', '=', near)
      .execute();
    const miami = { deliveryCity: 'Miami', deliveryState: 'FL', deliveryDate: day(1), pickupDate: day(-1) };
    const { brokerId, ids } = await boardOf([
      { ...miami, status: 'in_transit', driverId: far },
      { ...miami, status: 'in_transit', driverId: near },
      { ...miami, status: 'picked', driverId: unknown },
      { ...miami, status: 'assigned', driverId: far, pickupDate: today }, // not on the road yet: never at risk
      { ...miami, status: 'in_transit', driverId: far, deliveryDate: day(40) }, // time enough
      { ...miami, status: 'in_transit', driverId: far, deliveryDate: day(-1) }, // late, not at risk
    ]);
    const caller = await as('dispatcher');
    const page = await caller.loads.list({ brokerId, sort: 'loadNumber', sortDirection: 'asc', today });
    expect(page.items.map((item) => item.flag)).toEqual(['atRisk', null, null, null, null, 'late']);
    const atRisk = await caller.loads.list({ brokerId, atRisk: true, today });
    expect(atRisk.items.map((item) => item.id)).toEqual([ids[0]]);
    expect(atRisk.nextCursor).toBeNull();
    // Paged: every load at risk once.
    const second = await boardOf([
      { ...miami, status: 'in_transit', driverId: far },
      { ...miami, status: 'picked', driverId: far },
      { ...miami, status: 'in_transit', driverId: near },
      { ...miami, status: 'in_transit', driverId: far },
    ]);
    const seen = await allPages(caller, { brokerId: second.brokerId, atRisk: true, today, sort: 'loadNumber', sortDirection: 'asc' }, 1);
    expect(seen).toEqual([second.ids[0], second.ids[1], second.ids[3]]);
  });

  it('with a search, keeps the search’s pages and shows each page in the chosen sort, filtered', async () => {
    const word = tag().toLowerCase();
    const { ids } = await boardOf(
      [
        { loadNumber: `${word}-1`, pickupDate: '2026-12-03' },
        { loadNumber: `${word}-2`, pickupDate: '2026-12-01', status: 'assigned' as const },
        { loadNumber: `${word}-3`, pickupDate: null },
        { loadNumber: `${word}-4`, pickupDate: '2026-12-02' },
      ].map((load, index) => ({ ...load, createdAt: new Date(Date.now() - (4 - index) * 1000) })),
    );
    const caller = await as('dispatcher');
    const sorted = await caller.loads.list({ search: word, sort: 'pickupDate', sortDirection: 'asc' });
    expect(sorted.items.map((item) => ids.indexOf(item.id))).toEqual([1, 3, 0, 2]);
    const filtered = await caller.loads.list({ search: word, statuses: ['pending'], sort: 'pickupDate', sortDirection: 'desc' });
    expect(filtered.items.map((item) => ids.indexOf(item.id))).toEqual([0, 3, 2]);
    // Pages of the search (newest first), each in the sort: every load once.
    const seen = await allPages(caller, { search: word, sort: 'pickupDate', sortDirection: 'asc' });
    expect(new Set(seen)).toEqual(new Set(ids));
  });

  it('shows a sales user only their own loads in every sort', async () => {
    const sales = tenants.companyA.users.sales;
    const { brokerId, ids } = await boardOf([{ pickupDate: '2026-12-02' }, { pickupDate: '2026-12-01' }]);
    await tenants.owner
      .updateTable('loads')
      .set({ salesUserId: sales.userId })
      .where('id', '=', ids[0] as string)
      .execute();
    const caller = await as('sales');
    for (const sort of ['createdAt', 'pickupDate', 'driverName'] as const) {
      const page = await caller.loads.list({ brokerId, sort, sortDirection: DEFAULT_DIRECTION[sort] });
      expect(page.items.map((item) => item.id)).toEqual([ids[0]]);
    }
  });
});

describe('loads.assign', () => {
  it('assigns a driver: a pending load becomes assigned; the change and the status are audited', async () => {
    const driver = await createDriver(db(), tenants.companyA.users.dispatcher);
    const { ids } = await boardOf([{ status: 'pending' }, { status: 'picked' }]);
    const caller = await as('dispatcher');
    const assigned = await caller.loads.assign({ id: ids[0] as string, driverId: driver });
    expect(assigned).toMatchObject({ id: ids[0], driverId: driver, status: 'assigned' });
    expect(assigned.driverName).not.toBeNull();
    const history = await caller.loads.history({ id: ids[0] as string });
    expect(history.entries.map((entry) => entry.kind)).toEqual(expect.arrayContaining(['driver', 'status']));
    // Another status stays; taking the driver off leaves the status.
    expect(await caller.loads.assign({ id: ids[1] as string, driverId: driver })).toMatchObject({ driverId: driver, status: 'picked' });
    expect(await caller.loads.assign({ id: ids[0] as string, driverId: null })).toMatchObject({
      driverId: null,
      driverName: null,
      status: 'assigned',
    });
  });

  it("refuses another company's driver, and another company's load, exactly like missing ones", async () => {
    const { ids } = await boardOf([{}]);
    const foreignDriver = await createDriver(db(), tenants.companyB.users.dispatcher);
    const foreignLoad = await createLoad(db(), tenants.companyB.users.dispatcher);
    const caller = await as('dispatcher');
    await expectSameAsMissing(
      () => caller.loads.assign({ id: ids[0] as string, driverId: foreignDriver }),
      () => caller.loads.assign({ id: ids[0] as string, driverId: randomUUID() }),
    );
    const error = await expectTrpcError(
      caller.loads.assign({ id: ids[0] as string, driverId: foreignDriver }),
      'NOT_FOUND',
      'Driver not found',
    );
    expect((error as unknown as { field?: string }).field).toBe('driverId');
    await expectSameAsMissing(
      () => caller.loads.assign({ id: foreignLoad, driverId: null }),
      () => caller.loads.assign({ id: randomUUID(), driverId: null }),
    );
    const stored = await tenants.owner
      .selectFrom('loads')
      .select(['driverId', 'status'])
      .where('id', '=', ids[0] as string)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ driverId: null, status: 'pending' });
  });
});

describe('loads.duplicate', () => {
  it("makes a pending copy of the lane, money and parties with the company's next number, without driver or history", async () => {
    const driver = await createDriver(db(), tenants.companyA.users.dispatcher);
    const carrier = await createCarrier(db(), tenants.companyA.users.dispatcher);
    const prefix = `DUP${tag().slice(1, 7)}-`;
    const { ids, brokerId } = await boardOf([
      {
        loadNumber: `${prefix}0041`,
        status: 'in_transit',
        driverId: driver,
        carrierId: carrier,
        rate: '2100.00',
        distance: '700',
        pickupDate: '2026-11-01',
        deliveryDate: '2026-11-03',
      },
    ]);
    await tenants.owner
      .updateTable('loads')
      .set({ commodity: 'Steel coils', weight: '40000', notes: 'Call ahead', referenceNumber: 'PO-1' })
      .where('id', '=', ids[0] as string)
      .execute();
    const caller = await as('dispatcher');
    const copy = await caller.loads.duplicate({ id: ids[0] as string, pickupDate: '2026-12-10', deliveryDate: '2026-12-12' });
    expect(copy.id).not.toBe(ids[0]);
    expect(copy.loadNumber).toBe(`${prefix}0042`);
    expect(copy).toMatchObject({
      status: 'pending',
      driverId: null,
      brokerId,
      carrierId: carrier,
      rate: '2100.00',
      distance: '700.00',
      weight: '40000.00',
      commodity: 'Steel coils',
      notes: 'Call ahead',
      referenceNumber: null,
      pickupCity: 'Dallas',
      deliveryCity: 'Atlanta',
      pickupDate: '2026-12-10',
      deliveryDate: '2026-12-12',
      createdBy: tenants.companyA.users.dispatcher.userId,
    });
    // Its history is its creation only (one change: created with its broker, carrier and dispatcher, the user), nothing of the original's.
    const history = await caller.loads.history({ id: copy.id });
    expect(history.entries.map((entry) => entry.kind)).toEqual(['created', 'broker', 'carrier', 'dispatcher']);
    expect(new Set(history.entries.map((entry) => entry.changeId)).size).toBe(1);
    // Dates left out: none.
    const undated = await caller.loads.duplicate({ id: ids[0] as string });
    expect(undated).toMatchObject({ loadNumber: `${prefix}0043`, pickupDate: null, deliveryDate: null });
    await expectTrpcError(
      caller.loads.duplicate({ id: ids[0] as string, pickupDate: '2026-12-10', deliveryDate: '2026-12-09' }),
      'BAD_REQUEST',
    );
  });

  it("refuses another company's load exactly like a missing one", async () => {
    const foreignLoad = await createLoad(db(), tenants.companyB.users.dispatcher);
    const caller = await as('dispatcher');
    await expectSameAsMissing(
      () => caller.loads.duplicate({ id: foreignLoad }),
      () => caller.loads.duplicate({ id: randomUUID() }),
    );
  });
});

describe('loads.bulkStatus', () => {
  it('changes the selected loads the user may change, answering those changed; another company’s are left like missing ones', async () => {
    const { ids } = await boardOf([{ status: 'pending' }, { status: 'assigned' }, { status: 'picked' }]);
    const foreignLoad = await createLoad(db(), tenants.companyB.users.dispatcher);
    const caller = await as('dispatcher');
    const { changed } = await caller.loads.bulkStatus({ ids: [...ids, foreignLoad, randomUUID()], status: 'picked' });
    expect(new Set(changed)).toEqual(new Set([ids[0], ids[1]]));
    const stored = await tenants.owner
      .selectFrom('loads')
      .select(['id', 'status'])
      .where('id', 'in', [...ids, foreignLoad])
      .execute();
    expect(Object.fromEntries(stored.map((row) => [row.id, row.status]))).toEqual({
      [ids[0] as string]: 'picked',
      [ids[1] as string]: 'picked',
      [ids[2] as string]: 'picked',
      [foreignLoad]: 'pending',
    });
    const audited = await tenants.owner
      .selectFrom('auditLogs')
      .select('entityId')
      .where('entityId', 'in', ids)
      .where('action', '=', 'updated')
      .execute();
    expect(new Set(audited.map((row) => row.entityId))).toEqual(new Set([ids[0], ids[1]]));
  });

  it('is bounded: none, or more than 100 ids, are refused and change nothing', async () => {
    const caller = await as('dispatcher');
    await expectTrpcError(caller.loads.bulkStatus({ ids: [], status: 'picked' }), 'BAD_REQUEST');
    const { ids } = await boardOf([{}]);
    const many = [...ids, ...Array.from({ length: 100 }, () => randomUUID())];
    await expectTrpcError(caller.loads.bulkStatus({ ids: many, status: 'picked' }), 'BAD_REQUEST');
    const stored = await tenants.owner
      .selectFrom('loads')
      .select('status')
      .where('id', '=', ids[0] as string)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('pending');
  });

  it('a sales user changes only their own loads', async () => {
    const { ids } = await boardOf([{}, {}]);
    await tenants.owner
      .updateTable('loads')
      .set({ salesUserId: tenants.companyA.users.sales.userId })
      .where('id', '=', ids[0] as string)
      .execute();
    const { changed } = await (await as('sales')).loads.bulkStatus({ ids, status: 'cancelled' });
    expect(changed).toEqual([ids[0]]);
  });
});

describe('loads.driverChoices', () => {
  it('lists the drivers with their current load, last position and whether they are free by the pickup date', async () => {
    const busy = await createDriver(db(), tenants.companyA.users.dispatcher, { firstName: 'Busy', lastName: tag() });
    const idle = await createDriver(db(), tenants.companyA.users.dispatcher, { firstName: 'Idle', lastName: tag() });
    await tenants.owner
      .updateTable('drivers')
      .set({ currentLocationLat: '35.1495', currentLocationLng: '-90.0490', lastLocationUpdate: new Date('2026-11-28T10:00:00Z') })
      .where('id', '=', busy)
      .execute();
    const { ids, prefix } = await boardOf([
      { status: 'in_transit', driverId: busy, deliveryDate: '2026-12-05' },
      { status: 'delivered', driverId: idle, deliveryDate: '2026-12-20' },
    ]);
    const foreign = await createDriver(db(), tenants.companyB.users.dispatcher, { firstName: 'Foreign', lastName: tag() });
    const caller = await as('dispatcher');
    const before = await caller.loads.driverChoices({ pickupDate: '2026-12-04' });
    const after = await caller.loads.driverChoices({ pickupDate: '2026-12-05' });
    const undated = await caller.loads.driverChoices({});
    const of = (answer: typeof before, id: string) => answer.drivers.find((driver) => driver.id === id);
    expect(of(before, busy)).toMatchObject({
      name: expect.stringMatching(/^Busy /),
      currentLoad: { id: ids[0], loadNumber: `${prefix}-0`, status: 'in_transit' },
      lastPosition: { lat: 35.1495, lng: -90.049, at: '2026-11-28T10:00:00+00:00' },
      freeByPickup: false,
    });
    expect(of(after, busy)?.freeByPickup).toBe(true);
    expect(of(undated, busy)?.freeByPickup).toBe(false);
    expect(of(before, idle)).toMatchObject({ currentLoad: null, lastPosition: null, freeByPickup: true });
    expect(of(before, foreign)).toBeUndefined();
    expect(before.truncated).toBe(false);
  });
});
