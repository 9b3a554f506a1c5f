import { randomUUID } from 'node:crypto';
import type { TRPCError } from '@trpc/server';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LOAD_STATUSES } from '#shared/constants.js';
import { withCompany } from '../../server/src/db/with-company.js';
import {
  createBroker,
  createCarrier,
  createDriver,
  createLoad,
  createTestCompany,
  loadForm,
  type TestCompany,
} from '../support/factories.js';
import { callerFor, callPath, type Caller } from '../support/harness.js';
import { useTenants } from '../support/tenants.js';
import { expectTrpcError, settle, uniqueIp, userFacingError } from '../support/http.js';
import { expectSameAsMissing } from './security/authorization-matrix.js';

const tenants = useTenants();
const { as, asMasterAdmin } = tenants;

const db = () => tenants.services.db;
const tag = () => `t${randomUUID().replaceAll('-', '').slice(0, 10)}`;

/** A valid form for company A with its own driver, broker and carrier. */
const formA = () => loadForm(db(), tenants.companyA);
/** A valid form with no assignments (nothing to create first). */
const bareForm = (loadNumber = `LOAD-${tag()}`) => ({
  loadNumber: loadNumber,
  pickupLocation: '1 Port Rd',
  pickupCity: 'Long Beach',
  pickupState: 'CA',
  deliveryLocation: '9 Depot St',
  deliveryCity: 'Phoenix',
  deliveryState: 'AZ',
});

const storedLoads = (loadNumber: string) => tenants.owner.selectFrom('loads').selectAll().where('loadNumber', '=', loadNumber).execute();
const storedLoad = (id: string) => tenants.owner.selectFrom('loads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function deletedRecordId(
  table: 'drivers' | 'brokers' | 'carriers' | 'loads',
  company: TestCompany = tenants.companyA,
): Promise<string> {
  const id =
    table === 'drivers'
      ? await createDriver(db(), company.users.sales)
      : table === 'brokers'
        ? await createBroker(db(), company.users.sales)
        : table === 'carriers'
          ? await createCarrier(db(), company.users.sales)
          : await createLoad(db(), company.users.sales);
  await tenants.owner.deleteFrom(table).where('id', '=', id).execute();
  return id;
}

/** What a browser shows for a refused call: the message and the field it names. */
async function refusal(call: Promise<unknown>, path: string) {
  const error = await settle(call);
  expect(error, 'expected a refusal, but the call succeeded').not.toBeNull();
  const shown = userFacingError(error as TRPCError, path);
  return { code: (error as TRPCError).code, message: shown.message, field: shown.data.field };
}

describe('loads.create with nobody signed in', () => {
  it('refuses to create a load with no user signed in: "Not authenticated"', async () => {
    const anonymous = await callerFor(tenants.services, null, uniqueIp());
    const input = bareForm();
    await expectTrpcError(anonymous.loads.create(input), 'UNAUTHORIZED', 'Not authenticated');
    expect(await storedLoads(input.loadNumber)).toEqual([]);
  });
});

describe('loads.create', () => {
  it('creates a load that records its creator, with every field of the form; naming a driver makes it assigned', async () => {
    const dispatcher = await as('dispatcher');
    const input = await formA();
    const load = await dispatcher.loads.create(input);
    expect(load).toMatchObject({
      companyId: tenants.companyA.companyId,
      loadNumber: input.loadNumber,
      referenceNumber: 'PO-7781',
      pickupLocation: '100 Harbor Way',
      pickupCity: 'Oakland',
      pickupState: 'CA',
      pickupDate: '2026-12-01',
      deliveryState: 'NV',
      deliveryDate: '2026-12-02',
      commodity: 'Produce',
      weight: '42000.00',
      distance: '218.00',
      rate: '1850.50',
      driverId: input.driverId,
      brokerId: input.brokerId,
      carrierId: input.carrierId,
      salesPercentage: '10.0',
      factoring: false,
      notes: 'Dock 4',
      status: 'assigned',
      statusUpdatedAt: null,
      createdBy: tenants.companyA.users.dispatcher.userId,
      salesUserId: null,
    });
    expect(load.driverName).toMatch(/^Rosa Driver /);
    expect(load.brokerName).toMatch(/^Broker /);
    expect(load.carrierName).toMatch(/^Carrier /);
    const stored = await storedLoad(load.id);
    expect(stored).toMatchObject({
      status: 'assigned',
      createdBy: tenants.companyA.users.dispatcher.userId,
      companyId: tenants.companyA.companyId,
    });
  });

  it('makes a sales user who creates a load its sales_user_id', async () => {
    const load = await (await as('sales')).loads.create(await formA());
    expect(load.salesUserId).toBe(tenants.companyA.users.sales.userId);
    expect(load.createdBy).toBe(tenants.companyA.users.sales.userId);
  });

  it('creates a load with no driver pending', async () => {
    const load = await (await as('dispatcher')).loads.create(bareForm());
    expect(load.status).toBe('pending');
  });

  it('gives a load number of LOAD- and a timestamp when none is sent and the company has no pattern of its own', async () => {
    const company = await createTestCompany(tenants.services);
    const before = Date.now();
    const { loadNumber: _omitted, ...input } = bareForm();
    const load = await (await as('admin', company)).loads.create(input);
    const match = /^LOAD-(\d+)$/.exec(load.loadNumber);
    expect(match).not.toBeNull();
    expect(Number(match?.[1])).toBeGreaterThanOrEqual(before);
    expect(Number(match?.[1])).toBeLessThanOrEqual(Date.now());
  });

  it('turns empty weight, distance, rate, dates, driver, broker and carrier into null, and uppercases states', async () => {
    const input = {
      ...bareForm(),
      pickupState: 'tx',
      deliveryState: ' ok ',
      weight: '',
      distance: '',
      rate: '',
      pickupDate: '',
      deliveryDate: '',
      driverId: '',
      brokerId: '',
      carrierId: '',
      referenceNumber: '  ',
      commodity: '',
    };
    const load = await (await as('dispatcher')).loads.create(input);
    expect(load).toMatchObject({
      pickupState: 'TX',
      deliveryState: 'OK',
      weight: null,
      distance: null,
      rate: null,
      pickupDate: null,
      deliveryDate: null,
      driverId: null,
      brokerId: null,
      carrierId: null,
      driverName: null,
      referenceNumber: null,
      commodity: null,
    });
  });

  it('takes numbers as numbers or text, exact to the cent, and answers decimal strings', async () => {
    const caller = await as('dispatcher');
    const fromNumbers = await caller.loads.create({ ...bareForm(), weight: 44000.5, distance: 1e3, rate: 0.1 });
    expect(fromNumbers).toMatchObject({ weight: '44000.50', distance: '1000.00', rate: '0.10' });
    const fromText = await caller.loads.create({ ...bareForm(), weight: '007', rate: '9999999999.99' });
    expect(fromText).toMatchObject({ weight: '7.00', rate: '9999999999.99' });
  });

  it.each([
    ['-5', '0.0'],
    [-0.1, '0.0'],
    ['abc', '0.0'],
    ['', '0.0'],
    [150, '100.0'],
    ['100.04', '100.0'],
    ['12.34', '12.3'],
    ['12.35', '12.4'],
    [7.5, '7.5'],
  ])('clamps a sales percentage of %j to %s', async (value, expected) => {
    const load = await (await as('dispatcher')).loads.create({ ...bareForm(), salesPercentage: value });
    expect(load.salesPercentage).toBe(expected);
  });

  const long = (length: number) => 'x'.repeat(length);
  it.each([
    ['loadNumber', { loadNumber: '' }, 'Load number is required'],
    ['loadNumber', { loadNumber: long(51) }, 'Load number must be at most 50 characters'],
    ['pickupLocation', { pickupLocation: ' ' }, 'Pickup address is required'],
    ['pickupCity', { pickupCity: '' }, 'Pickup city is required'],
    ['pickupState', { pickupState: '' }, 'Pickup state is required'],
    ['pickupState', { pickupState: 'CAL' }, 'Pickup state must be 2 letters'],
    ['pickupState', { pickupState: 'C1' }, 'Pickup state must be 2 letters'],
    ['deliveryLocation', { deliveryLocation: '' }, 'Delivery address is required'],
    ['deliveryCity', { deliveryCity: '' }, 'Delivery city is required'],
    ['deliveryState', { deliveryState: 'N' }, 'Delivery state must be 2 letters'],
    ['pickupDate', { pickupDate: '2026-02-30' }, 'Pickup date must be a valid date'],
    ['pickupDate', { pickupDate: '0000-01-01' }, 'Pickup date must be a valid date'],
    ['deliveryDate', { pickupDate: '2026-12-05', deliveryDate: '2026-12-01' }, 'Delivery date cannot be before the pickup date'],
    ['weight', { weight: 'heavy' }, 'Weight must be a number'],
    ['weight', { weight: '-1' }, 'Weight must be 0 or more'],
    ['distance', { distance: '12.345' }, 'Distance must have at most 2 decimal places'],
    ['rate', { rate: '10.001' }, 'Rate must have at most 2 decimal places'],
    ['rate', { rate: -0.01 }, 'Rate must be 0 or more'],
    ['rate', { rate: '10000000000' }, 'Rate must be less than 10,000,000,000'],
    ['rate', { rate: 0.1 + 0.2 }, 'Rate must have at most 2 decimal places'],
    ['driverId', { driverId: 'not-an-id' }, 'Driver is invalid'],
    ['brokerId', { brokerId: 42 }, 'Broker is invalid'],
    ['notes', { notes: long(2001) }, 'Notes must be at most 2000 characters'],
    // PostgreSQL text cannot hold U+0000: every procedure refuses it (server/src/trpc/procedures.ts).
    ['commodity', { commodity: 'Fr\u0000uit' }, 'commodity contains an invalid character'],
    ['factoring', { factoring: 'yes' }, 'Factoring must be on or off'],
  ])('refuses a bad %s with "%s" beside it and writes nothing', async (field, override, message) => {
    const input = { ...bareForm(), ...override };
    const shown = await refusal((await as('dispatcher')).loads.create(input as never), 'loads.create');
    expect(shown).toEqual({ code: 'BAD_REQUEST', message, field });
    if (input.loadNumber) expect(await storedLoads(input.loadNumber)).toEqual([]);
  });

  describe.each([
    ['driverId', 'Driver not found', 'drivers'],
    ['brokerId', 'Broker not found', 'brokers'],
    ['carrierId', 'Carrier not found', 'carriers'],
  ] as const)("another company's %s", (field, message, table) => {
    it('is refused exactly like a missing or deleted one, naming the field, and writes nothing', async () => {
      const foreignForm = await loadForm(db(), tenants.companyB);
      const caller = await as('dispatcher');
      const foreign = { ...(await formA()), [field]: foreignForm[field] };
      const missing = { ...(await formA()), [field]: randomUUID() };
      const deleted = { ...(await formA()), [field]: await deletedRecordId(table) };
      await expectSameAsMissing(
        () => caller.loads.create(foreign),
        () => caller.loads.create(missing),
      );
      await expectSameAsMissing(
        () => caller.loads.create(foreign),
        () => caller.loads.create(deleted),
      );
      expect(await refusal(caller.loads.create(foreign), 'loads.create')).toEqual({ code: 'NOT_FOUND', message, field });
      for (const input of [foreign, missing, deleted]) expect(await storedLoads(input.loadNumber)).toEqual([]);
    });
  });

  it('refuses a sales user a driver or carrier that is not their own, like a missing one', async () => {
    const sales = await as('sales');
    const notTheirs = await withCompany(
      db(),
      { companyId: tenants.companyA.companyId, userId: tenants.companyA.users.admin.userId },
      async (tx) => {
        const driver = await tx
          .insertInto('drivers')
          .values({ companyId: tenants.companyA.companyId, firstName: 'Other', lastName: 'Agent' })
          .returning('id')
          .executeTakeFirstOrThrow();
        const carrier = await tx
          .insertInto('carriers')
          .values({ companyId: tenants.companyA.companyId, name: 'Unassigned Carrier' })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { driver: driver.id, carrier: carrier.id };
      },
    );
    await expectSameAsMissing(
      () => sales.loads.create({ ...bareForm(), driverId: notTheirs.driver }),
      () => sales.loads.create({ ...bareForm(), driverId: randomUUID() }),
    );
    await expectSameAsMissing(
      () => sales.loads.create({ ...bareForm(), carrierId: notTheirs.carrier }),
      () => sales.loads.create({ ...bareForm(), carrierId: randomUUID() }),
    );
    // A dispatcher may assign them.
    const load = await (await as('dispatcher')).loads.create({ ...bareForm(), driverId: notTheirs.driver, carrierId: notTheirs.carrier });
    expect(load.driverName).toBe('Other Agent');
  });

  it("lets a master admin create in their own company only: company A's driver is not found", async () => {
    const master = await asMasterAdmin();
    const own = await master.loads.create(bareForm());
    expect(own.companyId).toBe(tenants.masterAdmin.companyId);
    const input = { ...bareForm(), driverId: await createDriver(db(), tenants.companyA.users.sales) };
    await expectSameAsMissing(
      () => master.loads.create(input),
      () => master.loads.create({ ...input, driverId: randomUUID() }),
    );
    expect(await storedLoads(input.loadNumber)).toEqual([]);
  });
});

describe('loads.list', () => {
  /** Loads of company A carrying one search tag in their commodity, created oldest first. */
  async function taggedLoads(count: number, options: { company?: TestCompany; status?: (typeof LOAD_STATUSES)[number] } = {}) {
    const company = options.company ?? tenants.companyA;
    const searchTag = tag();
    const ids: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const id = await createLoad(db(), company.users.sales);
      await tenants.owner
        .updateTable('loads')
        .set({
          commodity: `${searchTag} pallets`,
          status: options.status ?? 'pending',
          createdAt: new Date(Date.now() - (count - index) * 1000),
        })
        .where('id', '=', id)
        .execute();
      ids.push(id);
    }
    return { searchTag, ids };
  }

  async function allPages(caller: Caller, input: { search?: string; status?: string; limit: number }) {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Awaited<ReturnType<Caller['loads']['list']>> = await caller.loads.list({ ...(input as { limit: number }), cursor });
      expect(page.items.length).toBeLessThanOrEqual(input.limit);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 50);
    return { seen, pages };
  }

  it('shows the company its loads newest first, each card with lane, dates, names, status and rate', async () => {
    const { searchTag, ids } = await taggedLoads(3);
    const page = await (await as('dispatcher')).loads.list({ search: searchTag });
    expect(page.items.map((item) => item.id)).toEqual([...ids].reverse());
    expect(page.items[0]).toMatchObject({
      pickupCity: 'Dallas',
      pickupState: 'TX',
      deliveryCity: 'Atlanta',
      deliveryState: 'GA',
      status: 'pending',
      rate: '2450.00',
      driverName: null,
      brokerName: null,
    });
    expect(page.nextCursor).toBeNull();
  });

  it('embeds the driver, broker and carrier names, and keeps them when the driver is deleted', async () => {
    const input = await formA();
    const load = await (await as('dispatcher')).loads.create({ ...input, commodity: `${tag()} steel` });
    await tenants.owner.deleteFrom('drivers').where('id', '=', input.driverId).execute();
    const page = await (await as('dispatcher')).loads.list({ search: load.commodity ?? '' });
    expect(page.items).toHaveLength(1);
    expect(page.items[0]?.driverName).toBe(load.driverName);
    expect(page.items[0]?.brokerName).toBe(load.brokerName);
    expect(page.items[0]?.carrierName).toBe(load.carrierName);
  });

  it('pages with a keyset cursor: every load once, in order, even when many share one created_at', async () => {
    const searchTag = tag();
    // One transaction: now() is the same for every row, so only the id orders them.
    await withCompany(db(), { companyId: tenants.companyA.companyId, userId: tenants.companyA.users.admin.userId }, async (tx) => {
      for (let index = 0; index < 7; index += 1) {
        await tx
          .insertInto('loads')
          .values({ ...bareForm(`${searchTag}-${index}`), companyId: tenants.companyA.companyId, commodity: 'Same moment' })
          .execute();
      }
    });
    const caller = await as('dispatcher');
    const { seen, pages } = await allPages(caller, { search: searchTag, limit: 2 });
    expect(pages).toBe(4);
    expect(new Set(seen).size).toBe(7);
    const expected = await tenants.owner
      .selectFrom('loads')
      .select('id')
      .where('loadNumber', 'like', `${searchTag}-%`)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .execute();
    expect(seen).toEqual(expected.map((row) => row.id));
  });

  it('pages across different times in order, and the last page has no cursor', async () => {
    const { searchTag, ids } = await taggedLoads(5);
    const { seen } = await allPages(await as('admin'), { search: searchTag, limit: 2 });
    expect(seen).toEqual([...ids].reverse());
  });

  it.each([
    ['load number', (load: { loadNumber: string }) => load.loadNumber.toLowerCase()],
    ['pickup city', () => 'GRAND junction'],
    ['delivery city', () => 'bismarck'],
    ['commodity', () => 'Frozen BLUEBERRIES'],
  ])('finds a load by its %s, whatever the case', async (_what, term) => {
    const load = await (
      await as('dispatcher')
    ).loads.create({
      ...bareForm(`LOAD-${tag().toUpperCase()}`),
      pickupCity: 'Grand Junction',
      deliveryCity: 'Bismarck',
      commodity: 'Frozen blueberries',
    });
    const page = await (await as('dispatcher')).loads.list({ search: term(load), limit: 100 });
    expect(page.items.map((item) => item.id)).toContain(load.id);
    expect(page.items.every((item) => item.companyId === tenants.companyA.companyId)).toBe(true);
  });

  it('treats % and _ in a search as plain characters', async () => {
    const searchTag = tag();
    const caller = await as('dispatcher');
    const percent = await caller.loads.create({ ...bareForm(), commodity: `${searchTag} 100% cotton` });
    await caller.loads.create({ ...bareForm(), commodity: `${searchTag} 100 bales cotton` });
    const page = await caller.loads.list({ search: `${searchTag} 100%` });
    expect(page.items.map((item) => item.id)).toEqual([percent.id]);
    expect((await caller.loads.list({ search: `${searchTag}_` })).items).toEqual([]);
  });

  it('filters by status, and "all" shows every status', async () => {
    const delivered = await taggedLoads(2, { status: 'delivered' });
    const caller = await as('dispatcher');
    const cancelledId = await createLoad(db(), tenants.companyA.users.sales);
    await tenants.owner
      .updateTable('loads')
      .set({ commodity: `${delivered.searchTag} x`, status: 'cancelled' })
      .where('id', '=', cancelledId)
      .execute();
    const onlyDelivered = await caller.loads.list({ search: delivered.searchTag, status: 'delivered' });
    expect(onlyDelivered.items.map((item) => item.id).sort()).toEqual([...delivered.ids].sort());
    expect(onlyDelivered.items.every((item) => item.status === 'delivered')).toBe(true);
    const all = await caller.loads.list({ search: delivered.searchTag, status: 'all' });
    expect(all.items).toHaveLength(3);
    expect((await caller.loads.list({ search: delivered.searchTag, status: 'in_transit' })).items).toEqual([]);
  });

  it("never shows another company's loads", async () => {
    const other = await taggedLoads(2, { company: tenants.companyB });
    for (const persona of ['admin', 'dispatcher', 'treasury', 'sales'] as const) {
      const page = await (await as(persona)).loads.list({ search: other.searchTag });
      expect(page.items, persona).toEqual([]);
    }
    const all = await (await as('admin')).loads.list({ limit: 100 });
    expect(all.items.every((item) => item.companyId === tenants.companyA.companyId)).toBe(true);
  });

  it('shows a sales user only their own loads: sold by them or created by them', async () => {
    const searchTag = tag();
    const dispatcher = await as('dispatcher');
    const theirs = await dispatcher.loads.create({ ...bareForm(), commodity: `${searchTag} a` });
    const createdBySales = await (await as('sales')).loads.create({ ...bareForm(), commodity: `${searchTag} b` });
    const soldBySalesId = await createLoad(db(), tenants.companyA.users.sales);
    await tenants.owner
      .updateTable('loads')
      .set({ commodity: `${searchTag} c`, createdBy: tenants.companyA.users.admin.userId })
      .where('id', '=', soldBySalesId)
      .execute();
    const sales = await as('sales');
    const page = await sales.loads.list({ search: searchTag });
    expect(page.items.map((item) => item.id).sort()).toEqual([createdBySales.id, soldBySalesId].sort());
    expect((await (await as('treasury')).loads.list({ search: searchTag })).items.map((item) => item.id)).toContain(theirs.id);
    await expectSameAsMissing(
      () => sales.loads.get({ id: theirs.id }),
      () => sales.loads.get({ id: randomUUID() }),
    );
  });

  it('lets a master admin read every company', async () => {
    const searchTag = tag();
    const inA = await createLoad(db(), tenants.companyA.users.sales);
    const inB = await createLoad(db(), tenants.companyB.users.sales);
    await tenants.owner
      .updateTable('loads')
      .set({ commodity: `${searchTag} glass` })
      .where('id', 'in', [inA, inB])
      .execute();
    const master = await asMasterAdmin();
    const page = await master.loads.list({ search: searchTag });
    expect(page.items.map((item) => item.id).sort()).toEqual([inA, inB].sort());
    expect((await master.loads.get({ id: inB })).companyId).toBe(tenants.companyB.companyId);
  });

  it.each([
    ['status', { status: 'lost' }, 'Invalid status'],
    ['cursor', { cursor: 'not-a-cursor' }, 'Invalid cursor'],
    ['cursor', { cursor: Buffer.from(JSON.stringify(['2026-01-01', 'x'])).toString('base64url') }, 'Invalid cursor'],
    ['limit', { limit: 0 }, 'Limit must be at least 1'],
    ['limit', { limit: 101 }, 'Limit must be at most 100'],
    ['search', { search: 'x'.repeat(101) }, 'Search must be at most 100 characters'],
  ])('refuses a bad %s: "%s"', async (field, input, message) => {
    expect(await refusal((await as('dispatcher')).loads.list(input as never), 'loads.list')).toEqual({
      code: 'BAD_REQUEST',
      message,
      field,
    });
  });
});

describe('loads.get', () => {
  it('answers every field of the load', async () => {
    const input = await formA();
    const created = await (await as('dispatcher')).loads.create(input);
    for (const persona of ['admin', 'dispatcher', 'treasury'] as const) {
      expect(await (await as(persona)).loads.get({ id: created.id }), persona).toEqual(created);
    }
  });

  it("answers another company's load exactly like a missing or deleted one", async () => {
    const foreignId = await createLoad(db(), tenants.companyB.users.sales);
    const deletedId = await deletedRecordId('loads');
    for (const persona of ['admin', 'dispatcher', 'sales', 'treasury'] as const) {
      const caller = await as(persona);
      await expectSameAsMissing(
        () => caller.loads.get({ id: foreignId }),
        () => caller.loads.get({ id: randomUUID() }),
      );
      await expectSameAsMissing(
        () => caller.loads.get({ id: foreignId }),
        () => caller.loads.get({ id: deletedId }),
      );
    }
    await expectTrpcError((await as('admin')).loads.get({ id: foreignId }), 'NOT_FOUND', 'Load not found');
  });
});

describe('loads.update', () => {
  it('edits the fields, keeps status, creator and seller, and renames the driver on the card', async () => {
    const sales = await as('sales');
    const created = await sales.loads.create(await formA());
    await (await as('dispatcher')).loads.changeStatus({ id: created.id, status: 'assigned' });
    const newDriver = await createDriver(db(), tenants.companyA.users.sales, { firstName: 'Nadia', lastName: 'Okoro' });
    const updated = await (
      await as('dispatcher')
    ).loads.update({
      ...bareForm('LOAD-EDITED'),
      id: created.id,
      pickupCity: 'Sacramento',
      rate: '2100',
      driverId: newDriver,
      brokerId: null,
      salesPercentage: '12.5',
      factoring: true,
    });
    expect(updated).toMatchObject({
      id: created.id,
      loadNumber: 'LOAD-EDITED',
      pickupCity: 'Sacramento',
      rate: '2100.00',
      driverId: newDriver,
      driverName: 'Nadia Okoro',
      brokerId: null,
      brokerName: null,
      salesPercentage: '12.5',
      factoring: true,
      status: 'assigned',
      createdBy: tenants.companyA.users.sales.userId,
      salesUserId: tenants.companyA.users.sales.userId,
    });
  });

  it('leaves a field the update does not name as it is, and clears one sent empty (the one meaning of optional fields)', async () => {
    const sales = await as('sales');
    const created = await sales.loads.create({ ...(await formA()), commodity: 'Frozen fish', notes: 'Call ahead' });
    expect(created.brokerId).not.toBeNull();
    const updated = await sales.loads.update({ ...bareForm(created.loadNumber), id: created.id, commodity: '', notes: null });
    expect(updated).toMatchObject({ brokerId: created.brokerId, brokerName: created.brokerName, commodity: null, notes: null });
  });

  it('lets a sales user keep a driver someone else assigned to their load', async () => {
    const sales = await as('sales');
    const created = await sales.loads.create(bareForm());
    const dispatchersDriver = await withCompany(
      db(),
      { companyId: tenants.companyA.companyId, userId: tenants.companyA.users.admin.userId },
      async (tx) =>
        tx
          .insertInto('drivers')
          .values({ companyId: tenants.companyA.companyId, firstName: 'Pat', lastName: 'Fleet' })
          .returning('id')
          .executeTakeFirstOrThrow(),
    );
    await (await as('dispatcher')).loads.update({ ...bareForm(created.loadNumber), id: created.id, driverId: dispatchersDriver.id });
    const edited = await sales.loads.update({
      ...bareForm(created.loadNumber),
      id: created.id,
      driverId: dispatchersDriver.id,
      notes: 'Call ahead',
    });
    expect(edited).toMatchObject({ driverId: dispatchersDriver.id, notes: 'Call ahead' });
  });

  it("answers another company's load like a missing or deleted one, and changes nothing", async () => {
    const foreignId = await createLoad(db(), tenants.companyB.users.sales);
    const before = await storedLoad(foreignId);
    const deletedId = await deletedRecordId('loads');
    for (const caller of [await as('admin'), await as('dispatcher'), await as('sales'), await asMasterAdmin()]) {
      await expectSameAsMissing(
        () => caller.loads.update({ ...bareForm(), id: foreignId }),
        () => caller.loads.update({ ...bareForm(), id: randomUUID() }),
      );
      await expectSameAsMissing(
        () => caller.loads.update({ ...bareForm(), id: foreignId }),
        () => caller.loads.update({ ...bareForm(), id: deletedId }),
      );
    }
    expect(await storedLoad(foreignId)).toEqual(before);
  });

  it.each([
    ['driverId', 'drivers'],
    ['brokerId', 'brokers'],
    ['carrierId', 'carriers'],
  ] as const)("refuses another company's %s like a missing one, leaving the load as it was", async (field, table) => {
    const caller = await as('dispatcher');
    const created = await caller.loads.create(await formA());
    const before = await storedLoad(created.id);
    const foreignForm = await loadForm(db(), tenants.companyB);
    const edit = (value: string) => caller.loads.update({ ...bareForm('LOAD-SHOULD-NOT-STICK'), id: created.id, [field]: value });
    await expectSameAsMissing(
      () => edit(foreignForm[field]),
      () => edit(randomUUID()),
    );
    const deletedId = await deletedRecordId(table);
    await expectSameAsMissing(
      () => edit(foreignForm[field]),
      () => edit(deletedId),
    );
    expect(await storedLoad(created.id)).toEqual(before);
  });

  it("refuses a sales user another user's load like a missing one", async () => {
    const dispatchersLoad = await (await as('dispatcher')).loads.create(bareForm());
    const sales = await as('sales');
    await expectSameAsMissing(
      () => sales.loads.update({ ...bareForm(), id: dispatchersLoad.id }),
      () => sales.loads.update({ ...bareForm(), id: randomUUID() }),
    );
  });

  it('refuses a bad field with its message and writes nothing', async () => {
    const caller = await as('dispatcher');
    const created = await caller.loads.create(bareForm());
    const before = await storedLoad(created.id);
    expect(await refusal(caller.loads.update({ ...bareForm(), id: created.id, deliveryState: 'Nevada' }), 'loads.update')).toEqual({
      code: 'BAD_REQUEST',
      message: 'Delivery state must be 2 letters',
      field: 'deliveryState',
    });
    expect(await refusal(caller.loads.update({ ...bareForm(), id: created.id, loadNumber: ' ' }), 'loads.update')).toEqual({
      code: 'BAD_REQUEST',
      message: 'Load number is required',
      field: 'loadNumber',
    });
    expect(await storedLoad(created.id)).toEqual(before);
  });
});

describe('loads.changeStatus', () => {
  it('allows any of the six statuses in any order, and stamps the update time once not pending', async () => {
    const caller = await as('dispatcher');
    const created = await caller.loads.create(bareForm());
    expect(created.statusUpdatedAt).toBeNull();
    for (const status of ['delivered', 'pending', 'cancelled', 'assigned', 'in_transit', 'picked'] as const) {
      const changed = await caller.loads.changeStatus({ id: created.id, status });
      expect(changed.status).toBe(status);
      expect(changed.statusUpdatedAt).not.toBeNull();
    }
    expect((await storedLoad(created.id)).status).toBe('picked');
  });

  it.each(['lost', 'PENDING', '', 'in transit'])('refuses the status %j with "Invalid status" and changes nothing', async (status) => {
    const caller = await as('dispatcher');
    const created = await caller.loads.create(bareForm());
    expect(await refusal(caller.loads.changeStatus({ id: created.id, status: status as never }), 'loads.changeStatus')).toEqual({
      code: 'BAD_REQUEST',
      message: 'Invalid status',
      field: 'status',
    });
    expect((await storedLoad(created.id)).status).toBe('pending');
  });

  it("answers another company's load like a missing or deleted one, and changes nothing", async () => {
    const foreignId = await createLoad(db(), tenants.companyB.users.sales);
    const deletedId = await deletedRecordId('loads');
    for (const caller of [await as('admin'), await as('dispatcher'), await as('sales'), await asMasterAdmin()]) {
      await expectSameAsMissing(
        () => caller.loads.changeStatus({ id: foreignId, status: 'delivered' }),
        () => caller.loads.changeStatus({ id: randomUUID(), status: 'delivered' }),
      );
      await expectSameAsMissing(
        () => caller.loads.changeStatus({ id: foreignId, status: 'delivered' }),
        () => caller.loads.changeStatus({ id: deletedId, status: 'delivered' }),
      );
    }
    expect((await storedLoad(foreignId)).status).toBe('pending');
  });

  it('lets a master admin change a load of their own company', async () => {
    const master = await asMasterAdmin();
    const own = await master.loads.create(bareForm());
    expect((await master.loads.changeStatus({ id: own.id, status: 'assigned' })).status).toBe('assigned');
  });

  it('lets a sales user change their own loads only', async () => {
    const sales = await as('sales');
    const own = await sales.loads.create(bareForm());
    expect((await sales.loads.changeStatus({ id: own.id, status: 'assigned' })).status).toBe('assigned');
    const dispatchersLoad = await (await as('dispatcher')).loads.create(bareForm());
    await expectTrpcError(sales.loads.changeStatus({ id: dispatchersLoad.id, status: 'assigned' }), 'NOT_FOUND', 'Load not found');
    expect((await storedLoad(dispatchersLoad.id)).status).toBe('pending');
  });

  it('writes an audit row naming the user and the changed status', async () => {
    const caller = await as('dispatcher');
    const created = await caller.loads.create(bareForm());
    await caller.loads.changeStatus({ id: created.id, status: 'in_transit' });
    const rows = await tenants.owner.selectFrom('auditLogs').selectAll().where('entityId', '=', created.id).orderBy('createdAt').execute();
    expect(rows.map((row) => row.action)).toEqual(['created', 'updated']);
    expect(rows[1]).toMatchObject({ userId: tenants.companyA.users.dispatcher.userId });
    expect(rows[1]?.changes.changedFields.status).toEqual({ old: 'pending', new: 'in_transit' });
  });
});

describe('loads.formOptions', () => {
  let company: TestCompany;
  beforeAll(async () => {
    company = await createTestCompany(tenants.services);
    await withCompany(db(), { companyId: company.companyId, userId: company.users.admin.userId }, async (tx) => {
      await tx
        .insertInto('drivers')
        .values([
          { companyId: company.companyId, firstName: 'Zoe', lastName: 'Adams' },
          { companyId: company.companyId, firstName: 'Ana', lastName: 'Zeller', salesAgentId: company.users.sales.userId },
          { companyId: company.companyId, firstName: 'Ana', lastName: 'Baker' },
        ])
        .execute();
      await tx
        .insertInto('brokers')
        .values([
          { companyId: company.companyId, name: 'Northstar Brokerage' },
          { companyId: company.companyId, name: 'Lakeside Logistics' },
        ])
        .execute();
      await tx
        .insertInto('carriers')
        .values([
          { companyId: company.companyId, name: 'Summit Carriers', salesAgentId: company.users.sales.userId },
          { companyId: company.companyId, name: 'Apex Transport' },
        ])
        .execute();
    });
    // Another company's records never appear.
    await loadForm(db(), tenants.companyB);
  });

  const names = (options: { name: string }[]) => options.map((option) => option.name);

  it.each(['admin', 'dispatcher', 'treasury'] as const)(
    "gives a %s the company's drivers, brokers and carriers ordered by name",
    async (persona) => {
      const options = await (await as(persona, company)).loads.formOptions();
      expect(names(options.drivers)).toEqual(['Ana Baker', 'Ana Zeller', 'Zoe Adams']);
      expect(names(options.brokers)).toEqual(['Lakeside Logistics', 'Northstar Brokerage']);
      expect(names(options.carriers)).toEqual(['Apex Transport', 'Summit Carriers']);
      expect(options.drivers.every((option) => typeof option.id === 'string')).toBe(true);
    },
  );

  it('gives a sales user their own drivers and carriers, and every broker', async () => {
    const options = await (await as('sales', company)).loads.formOptions();
    expect(names(options.drivers)).toEqual(['Ana Zeller']);
    expect(names(options.brokers)).toEqual(['Lakeside Logistics', 'Northstar Brokerage']);
    expect(names(options.carriers)).toEqual(['Summit Carriers']);
  });

  it("gives a master admin their own company's lists (they write loads only there)", async () => {
    const options = await (await asMasterAdmin()).loads.formOptions();
    const companyNames = [...names(options.drivers), ...names(options.brokers), ...names(options.carriers)];
    expect(companyNames).not.toContain('Northstar Brokerage');
    expect(companyNames).not.toContain('Apex Transport');
  });
});

describe('arbitrary input', () => {
  const EXPECTED = ['BAD_REQUEST', 'NOT_FOUND'];
  const anyValue = fc.oneof(fc.string(), fc.constantFrom('', ' ', 'CA', '12.5', '-1', '1e3', '\u0000', randomUUID()), fc.anything());
  const loadForm = fc.record(
    {
      loadNumber: anyValue,
      pickupLocation: anyValue,
      pickupCity: anyValue,
      pickupState: anyValue,
      pickupDate: anyValue,
      deliveryLocation: anyValue,
      deliveryCity: anyValue,
      deliveryState: anyValue,
      deliveryDate: anyValue,
      weight: anyValue,
      rate: anyValue,
      driverId: anyValue,
      salesPercentage: anyValue,
      factoring: anyValue,
      notes: anyValue,
    },
    { requiredKeys: [] },
  );

  it.each([
    ['loads.create', loadForm],
    ['loads.update', fc.tuple(loadForm, anyValue).map(([form, id]) => ({ ...form, id }))],
    ['loads.list', fc.record({ search: anyValue, status: anyValue, cursor: anyValue, limit: anyValue }, { requiredKeys: [] })],
    ['loads.changeStatus', fc.record({ id: anyValue, status: anyValue }, { requiredKeys: [] })],
    ['loads.get', fc.oneof(fc.anything(), fc.record({ id: anyValue }))],
    ['loads.history', fc.oneof(fc.anything(), fc.record({ id: anyValue }))],
  ] as const)('%s never answers INTERNAL_SERVER_ERROR', async (path, arbitrary) => {
    const caller = await as('dispatcher');
    await fc.assert(
      fc.asyncProperty(arbitrary as fc.Arbitrary<unknown>, async (input) => {
        const error = await settle(callPath(caller, path, input));
        if (error) {
          expect(error.code, `${error.code}: ${error.message}`).toBeOneOf(EXPECTED);
          // A refusal of the input names the field it is about.
          if (error.code === 'BAD_REQUEST') expect(userFacingError(error, path).data.field).toMatch(/\S/);
        }
      }),
      { numRuns: 40 },
    );
  });
});
