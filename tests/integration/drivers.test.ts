import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCarrier, createDriver, createTestCompany, type TestCompany } from '../support/factories.js';
import { type Caller } from '../support/harness.js';
import { useTenants } from '../support/tenants.js';
import { expectTrpcError, settle, userFacingError } from '../support/http.js';
import { expectSameAsMissing } from './security/authorization-matrix.js';

/**
 * Drivers, as every role of docs/permissions.md meets them: admins and dispatchers manage the
 * company's, sales their own, treasury reads, drivers (no role) get nothing, a master admin reads
 * every company's and writes only their own. Another company's id answers like a missing one.
 */

const tenants = useTenants();
const { as, asMasterAdmin, anonymous } = tenants;

const newDriver = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Rosa',
  lastName: `Alvarez ${randomUUID().slice(0, 6)}`,
  email: 'rosa.alvarez@example.test',
  phone: '+1 (555) 010-2020',
  licenseNumber: 'CDL-A 448812',
  licenseExpiry: '2027-06-30',
  notes: 'Prefers West Coast lanes',
  ...overrides,
});

const FORBIDDEN = { code: 'FORBIDDEN', message: 'You do not have permission to do this' };
const UNAUTHORIZED = { code: 'UNAUTHORIZED', message: 'Not authenticated' };

/** A refusal of bad input as the browser sees it: BAD_REQUEST with the message and the field it names. */
async function expectFieldError(call: Promise<unknown>, path: string, field: string, message: string) {
  const error = await expectTrpcError(call, 'BAD_REQUEST');
  const shown = userFacingError(error, path);
  expect({ message: shown.message, field: shown.data.field }).toEqual({ message, field });
}

async function refusal(call: Promise<unknown>) {
  const error = await settle(call);
  return { code: error?.code, message: error?.message };
}

describe('adding a driver', () => {
  it.each(['admin', 'dispatcher'] as const)(
    'a %s adds a driver to their company, available by default and tied to no sales agent',
    async (persona) => {
      const caller = await as(persona);
      const input = newDriver();
      const driver = await caller.drivers.create(input);
      expect(driver).toMatchObject({
        ...input,
        companyId: tenants.companyA.companyId,
        status: 'available',
        carrierId: null,
        salesAgentId: null,
      });
      expect(new Date(driver.createdAt).getTime()).not.toBeNaN();
    },
  );

  it('a sales user adds a driver that becomes their own', async () => {
    const driver = await (await as('sales')).drivers.create(newDriver());
    expect(driver.salesAgentId).toBe(tenants.companyA.users.sales.userId);
  });

  it('a master admin adds drivers to their own company only', async () => {
    const driver = await (await asMasterAdmin()).drivers.create(newDriver());
    expect(driver.companyId).toBe(tenants.masterAdmin.companyId);
  });

  it('treasury and drivers may not add drivers; nobody signed out may', async () => {
    expect(await refusal((await as('treasury')).drivers.create(newDriver()))).toEqual(FORBIDDEN);
    expect(await refusal((await as('driver')).drivers.create(newDriver()))).toEqual(FORBIDDEN);
    expect(await refusal((await anonymous()).drivers.create(newDriver()))).toEqual(UNAUTHORIZED);
  });

  it('stores empty optional fields as null: an empty license expiry, email, phone or carrier', async () => {
    const driver = await (
      await as('dispatcher')
    ).drivers.create(newDriver({ email: '', phone: '', licenseNumber: '  ', licenseExpiry: '', notes: '', carrierId: '' }));
    expect(driver).toMatchObject({ email: null, phone: null, licenseNumber: null, licenseExpiry: null, notes: null, carrierId: null });
  });

  it('trims names and keeps a chosen status', async () => {
    const driver = await (await as('admin')).drivers.create(newDriver({ firstName: '  Ada ', status: 'off_duty' }));
    expect(driver.firstName).toBe('Ada');
    expect(driver.status).toBe('off_duty');
  });

  it.each([
    ['firstName', { firstName: '' }, 'First name is required'],
    ['firstName', { firstName: '   ' }, 'First name is required'],
    ['lastName', { lastName: undefined }, 'Last name is required'],
    ['firstName', { firstName: 'x'.repeat(101) }, 'First name must be at most 100 characters'],
    ['email', { email: 'not-an-email' }, 'Invalid email address'],
    ['phone', { phone: 'call me maybe' }, 'Invalid phone number'],
    ['licenseExpiry', { licenseExpiry: '2027-02-30' }, 'License expiry must be a valid date'],
    ['licenseExpiry', { licenseExpiry: 'soon' }, 'License expiry must be a valid date'],
    ['status', { status: 'asleep' }, 'Invalid status'],
    ['carrierId', { carrierId: 'not-a-uuid' }, 'Carrier is invalid'],
    ['notes', { notes: 'bad\u0000byte' }, 'notes contains an invalid character'],
  ])('refuses a bad %s with a message naming the field', async (field, override, message) => {
    const before = await tenants.owner
      .selectFrom('drivers')
      .where('companyId', '=', tenants.companyA.companyId)
      .select(tenants.owner.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    await expectFieldError((await as('admin')).drivers.create(newDriver(override) as never), 'drivers.create', field, message);
    const after = await tenants.owner
      .selectFrom('drivers')
      .where('companyId', '=', tenants.companyA.companyId)
      .select(tenants.owner.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});

describe("a driver's carrier", () => {
  it("links a driver to one of the company's carriers", async () => {
    const carrierId = await createCarrier(tenants.services.db, tenants.companyA.users.sales);
    const driver = await (await as('dispatcher')).drivers.create(newDriver({ carrierId: carrierId }));
    expect(driver.carrierId).toBe(carrierId);
  });

  it("refuses another company's carrier exactly like a missing one, naming the field, and writes nothing", async () => {
    const caller = await as('admin');
    const foreignCarrier = await createCarrier(tenants.services.db, tenants.companyB.users.sales);
    const lastName = `Nobody ${randomUUID().slice(0, 6)}`;
    await expectSameAsMissing(
      () => caller.drivers.create(newDriver({ lastName: lastName, carrierId: foreignCarrier })),
      () => caller.drivers.create(newDriver({ lastName: lastName, carrierId: randomUUID() })),
    );
    const error = await expectTrpcError(caller.drivers.create(newDriver({ carrierId: foreignCarrier })), 'NOT_FOUND', 'Carrier not found');
    expect(userFacingError(error, 'drivers.create').data.field).toBe('carrierId');
    const written = await tenants.owner.selectFrom('drivers').where('lastName', '=', lastName).select('id').execute();
    expect(written).toEqual([]);
  });

  it("refuses another company's carrier on edit, and a deleted carrier, like a missing one", async () => {
    const caller = await as('dispatcher');
    const driver = await caller.drivers.create(newDriver());
    const foreignCarrier = await createCarrier(tenants.services.db, tenants.companyB.users.sales);
    await expectSameAsMissing(
      () => caller.drivers.update({ id: driver.id, carrierId: foreignCarrier }),
      () => caller.drivers.update({ id: driver.id, carrierId: randomUUID() }),
    );
    const deletedCarrier = await createCarrier(tenants.services.db, tenants.companyA.users.sales);
    await (await as('admin')).carriers.delete({ id: deletedCarrier });
    await expectSameAsMissing(
      () => caller.drivers.update({ id: driver.id, carrierId: foreignCarrier }),
      () => caller.drivers.update({ id: driver.id, carrierId: deletedCarrier }),
    );
    expect((await caller.drivers.get({ id: driver.id })).carrierId).toBeNull();
  });

  it("a sales user may link only their own carriers: a colleague's answers like a missing one", async () => {
    const sales = await as('sales');
    const dispatchersCarrier = (await (await as('dispatcher')).carriers.create({ name: `Dispatch Carrier ${randomUUID().slice(0, 6)}` }))
      .id;
    await expectSameAsMissing(
      () => sales.drivers.create(newDriver({ carrierId: dispatchersCarrier })),
      () => sales.drivers.create(newDriver({ carrierId: randomUUID() })),
    );
    const ownCarrier = await createCarrier(tenants.services.db, tenants.companyA.users.sales);
    expect((await sales.drivers.create(newDriver({ carrierId: ownCarrier }))).carrierId).toBe(ownCarrier);
  });

  it('deleting the carrier unlinks its drivers and keeps them', async () => {
    const carrierId = await createCarrier(tenants.services.db, tenants.companyA.users.sales);
    const driver = await (await as('admin')).drivers.create(newDriver({ carrierId: carrierId }));
    await (await as('admin')).carriers.delete({ id: carrierId });
    expect((await (await as('admin')).drivers.get({ id: driver.id })).carrierId).toBeNull();
  });
});

describe('listing drivers', () => {
  let list: TestCompany;
  const names: string[] = [];

  beforeAll(async () => {
    list = await createTestCompany(tenants.services);
    const admin = await as('admin', list);
    for (const index of [1, 2, 3]) names.push((await admin.drivers.create(newDriver({ firstName: `Admin${index}` }))).firstName);
    await (await as('sales', list)).drivers.create(newDriver({ firstName: 'SalesOwn' }));
  });

  it('shows admins, dispatchers and treasury every driver of the company, newest first', async () => {
    for (const persona of ['admin', 'dispatcher', 'treasury'] as const) {
      const { items, nextCursor } = await (await as(persona, list)).drivers.list();
      expect(items.map((driver) => driver.firstName)).toEqual(['SalesOwn', 'Admin3', 'Admin2', 'Admin1']);
      expect(nextCursor).toBeNull();
      expect(new Set(items.map((driver) => driver.companyId))).toEqual(new Set([list.companyId]));
    }
  });

  it('shows sales only their own drivers', async () => {
    const { items } = await (await as('sales', list)).drivers.list();
    expect(items.map((driver) => driver.firstName)).toEqual(['SalesOwn']);
  });

  it('pages newest first with a cursor, each driver once', async () => {
    const admin = await as('admin', list);
    const first = await admin.drivers.list({ limit: 3 });
    expect(first.items.map((driver) => driver.firstName)).toEqual(['SalesOwn', 'Admin3', 'Admin2']);
    expect(first.nextCursor).not.toBeNull();
    const second = await admin.drivers.list({ limit: 3, cursor: first.nextCursor });
    expect(second.items.map((driver) => driver.firstName)).toEqual(['Admin1']);
    expect(second.nextCursor).toBeNull();
  });

  it('keeps drivers created in the same transaction apart by id', async () => {
    const same = await createTestCompany(tenants.services);
    await tenants.owner
      .insertInto('drivers')
      .values(['A', 'B', 'C', 'D', 'E'].map((firstName) => ({ companyId: same.companyId, firstName, lastName: 'Batch' })))
      .execute();
    const admin = await as('admin', same);
    const seen: string[] = [];
    let cursor: Awaited<ReturnType<Caller['drivers']['list']>>['nextCursor'] = null;
    do {
      const page: Awaited<ReturnType<Caller['drivers']['list']>> = await admin.drivers.list({ limit: 2, cursor });
      seen.push(...page.items.map((driver) => driver.firstName));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.toSorted()).toEqual(['A', 'B', 'C', 'D', 'E']);
  });

  it('refuses drivers (no role) and anyone signed out', async () => {
    expect(await refusal((await as('driver', list)).drivers.list())).toEqual(FORBIDDEN);
    expect(await refusal((await anonymous()).drivers.list())).toEqual(UNAUTHORIZED);
  });

  it('refuses a page size out of range', async () => {
    await expectTrpcError((await as('admin', list)).drivers.list({ limit: 0 }), 'BAD_REQUEST');
    await expectTrpcError((await as('admin', list)).drivers.list({ limit: 1000 }), 'BAD_REQUEST');
  });

  it("shows a master admin every company's drivers, and only theirs to everyone else", async () => {
    const otherName = `Elsewhere ${randomUUID().slice(0, 6)}`;
    await (await as('admin', tenants.companyB)).drivers.create(newDriver({ firstName: otherName }));
    const master = await asMasterAdmin();
    const seen = new Set<string>();
    let cursor: Awaited<ReturnType<Caller['drivers']['list']>>['nextCursor'] = null;
    do {
      const page: Awaited<ReturnType<Caller['drivers']['list']>> = await master.drivers.list({ limit: 100, cursor });
      for (const driver of page.items) seen.add(driver.companyId);
      if (page.items.some((driver) => driver.firstName === otherName)) break;
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.has(tenants.companyB.companyId)).toBe(true);
    const { items } = await (await as('admin', list)).drivers.list();
    expect(items.some((driver) => driver.firstName === otherName)).toBe(false);
  });
});

describe('reading one driver and its location', () => {
  it('reads a driver as every reader, and refuses drivers (no role)', async () => {
    const id = await createDriver(tenants.services.db, tenants.companyA.users.sales);
    for (const persona of ['admin', 'dispatcher', 'sales', 'treasury'] as const) {
      expect((await (await as(persona)).drivers.get({ id })).id).toBe(id);
    }
    expect((await (await asMasterAdmin()).drivers.get({ id })).id).toBe(id);
    expect(await refusal((await as('driver')).drivers.get({ id }))).toEqual(FORBIDDEN);
  });

  it("answers another company's driver, a random id and a deleted id all alike", async () => {
    const caller = await as('dispatcher');
    const foreign = await createDriver(tenants.services.db, tenants.companyB.users.sales);
    const deleted = await createDriver(tenants.services.db, tenants.companyA.users.sales);
    await (await as('admin')).drivers.delete({ id: deleted });
    for (const procedure of ['get', 'location'] as const) {
      await expectSameAsMissing(
        () => caller.drivers[procedure]({ id: foreign }),
        () => caller.drivers[procedure]({ id: randomUUID() }),
      );
      await expectSameAsMissing(
        () => caller.drivers[procedure]({ id: foreign }),
        () => caller.drivers[procedure]({ id: deleted }),
      );
      await expectTrpcError(caller.drivers[procedure]({ id: deleted }), 'NOT_FOUND', 'Driver not found');
    }
  });

  it("hides a colleague's driver from a sales user exactly like a missing one", async () => {
    const sales = await as('sales');
    const dispatchers = await (await as('dispatcher')).drivers.create(newDriver());
    await expectSameAsMissing(
      () => sales.drivers.get({ id: dispatchers.id }),
      () => sales.drivers.get({ id: randomUUID() }),
    );
    await expectSameAsMissing(
      () => sales.drivers.location({ id: dispatchers.id }),
      () => sales.drivers.location({ id: randomUUID() }),
    );
  });

  it('gives nulls for a driver who never shared a position', async () => {
    const id = await createDriver(tenants.services.db, tenants.companyA.users.sales, { firstName: 'Never', lastName: 'Shared' });
    expect(await (await as('treasury')).drivers.location({ id })).toEqual({
      id,
      name: 'Never Shared',
      lat: null,
      lng: null,
      lastLocationUpdate: null,
    });
  });

  it('gives the last known position as numbers, with when it was reported', async () => {
    const id = await createDriver(tenants.services.db, tenants.companyA.users.sales, { firstName: 'Shared', lastName: 'Position' });
    const reported = new Date('2026-11-20T15:04:05.000Z');
    await tenants.owner
      .updateTable('drivers')
      .set({ currentLocationLat: '39.739236', currentLocationLng: '-104.990251', lastLocationUpdate: reported })
      .where('id', '=', id)
      .execute();
    for (const caller of [await as('sales'), await asMasterAdmin()]) {
      const location = await caller.drivers.location({ id });
      expect(location).toMatchObject({ id, name: 'Shared Position', lat: 39.739236, lng: -104.990251 });
      expect(new Date(location.lastLocationUpdate ?? '').toISOString()).toBe(reported.toISOString());
    }
  });
});

describe('editing a driver', () => {
  it('changes the fields given, keeps the rest, and clears a field left empty', async () => {
    const caller = await as('dispatcher');
    const driver = await caller.drivers.create(newDriver());
    const updated = await caller.drivers.update({ id: driver.id, status: 'on_route', licenseExpiry: '', phone: '555 010 3030' });
    expect(updated).toMatchObject({
      firstName: driver.firstName,
      lastName: driver.lastName,
      email: driver.email,
      licenseNumber: driver.licenseNumber,
      status: 'on_route',
      licenseExpiry: null,
      phone: '555 010 3030',
    });
  });

  it('an edit that names no field changes nothing and returns the driver', async () => {
    const caller = await as('admin');
    const driver = await caller.drivers.create(newDriver());
    expect(await caller.drivers.update({ id: driver.id })).toEqual(driver);
  });

  it('refuses a bad field on edit, naming it', async () => {
    const caller = await as('admin');
    const driver = await caller.drivers.create(newDriver());
    await expectFieldError(caller.drivers.update({ id: driver.id, lastName: '' }), 'drivers.update', 'lastName', 'Last name is required');
  });

  it("lets sales edit their own drivers only; a colleague's answers like a missing one", async () => {
    const sales = await as('sales');
    const own = await sales.drivers.create(newDriver());
    expect((await sales.drivers.update({ id: own.id, notes: 'Own edit' })).notes).toBe('Own edit');
    const colleagues = await (await as('admin')).drivers.create(newDriver());
    await expectSameAsMissing(
      () => sales.drivers.update({ id: colleagues.id, notes: 'Not mine' }),
      () => sales.drivers.update({ id: randomUUID(), notes: 'Not mine' }),
    );
    expect((await (await as('admin')).drivers.get({ id: colleagues.id })).notes).toBe(colleagues.notes);
  });

  it("answers another company's driver like a missing one, and leaves it untouched", async () => {
    const foreign = await createDriver(tenants.services.db, tenants.companyB.users.sales, { firstName: 'Untouched' });
    for (const caller of [await as('admin'), await asMasterAdmin()]) {
      await expectSameAsMissing(
        () => caller.drivers.update({ id: foreign, firstName: 'Hijacked' }),
        () => caller.drivers.update({ id: randomUUID(), firstName: 'Hijacked' }),
      );
    }
    const row = await tenants.owner.selectFrom('drivers').select('firstName').where('id', '=', foreign).executeTakeFirstOrThrow();
    expect(row.firstName).toBe('Untouched');
  });

  it('refuses treasury and drivers', async () => {
    const id = await createDriver(tenants.services.db, tenants.companyA.users.sales);
    expect(await refusal((await as('treasury')).drivers.update({ id, notes: 'x' }))).toEqual(FORBIDDEN);
    expect(await refusal((await as('driver')).drivers.update({ id, notes: 'x' }))).toEqual(FORBIDDEN);
  });
});

describe('deleting a driver', () => {
  it('removes the driver; afterwards the id answers like any missing one', async () => {
    const caller = await as('dispatcher');
    const driver = await caller.drivers.create(newDriver());
    expect(await caller.drivers.delete({ id: driver.id })).toEqual({ id: driver.id });
    await expectTrpcError(caller.drivers.get({ id: driver.id }), 'NOT_FOUND', 'Driver not found');
    await expectSameAsMissing(
      () => caller.drivers.delete({ id: driver.id }),
      () => caller.drivers.delete({ id: randomUUID() }),
    );
  });

  it("keeps a load's history: the load stays, unlinked, still naming the driver it had", async () => {
    const caller = await as('admin');
    const driver = await caller.drivers.create(newDriver({ firstName: 'Hauled', lastName: 'ThisOne' }));
    const load = await tenants.owner
      .insertInto('loads')
      .values({
        companyId: tenants.companyA.companyId,
        loadNumber: `LOAD-${Date.now()}`,
        pickupLocation: '100 Harbor Way',
        pickupCity: 'Oakland',
        pickupState: 'CA',
        deliveryLocation: '5 Commerce Dr',
        deliveryCity: 'Reno',
        deliveryState: 'NV',
        driverId: driver.id,
      })
      .returning(['id', 'driverName'])
      .executeTakeFirstOrThrow();
    expect(load.driverName).toBe('Hauled ThisOne');
    await caller.drivers.delete({ id: driver.id });
    const after = await tenants.owner
      .selectFrom('loads')
      .select(['driverId', 'driverName'])
      .where('id', '=', load.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ driverId: null, driverName: 'Hauled ThisOne' });
  });

  it("lets sales delete their own drivers only; a colleague's answers like a missing one and stays", async () => {
    const sales = await as('sales');
    const own = await sales.drivers.create(newDriver());
    await sales.drivers.delete({ id: own.id });
    const colleagues = await (await as('dispatcher')).drivers.create(newDriver());
    await expectSameAsMissing(
      () => sales.drivers.delete({ id: colleagues.id }),
      () => sales.drivers.delete({ id: randomUUID() }),
    );
    expect((await (await as('dispatcher')).drivers.get({ id: colleagues.id })).id).toBe(colleagues.id);
  });

  it("answers another company's driver like a missing one, for a master admin too, and keeps it", async () => {
    const foreign = await createDriver(tenants.services.db, tenants.companyB.users.sales);
    for (const caller of [await as('admin'), await asMasterAdmin()]) {
      await expectSameAsMissing(
        () => caller.drivers.delete({ id: foreign }),
        () => caller.drivers.delete({ id: randomUUID() }),
      );
    }
    expect(await tenants.owner.selectFrom('drivers').select('id').where('id', '=', foreign).executeTakeFirst()).toEqual({ id: foreign });
  });

  it('refuses treasury, drivers and anyone signed out', async () => {
    const id = await createDriver(tenants.services.db, tenants.companyA.users.sales);
    expect(await refusal((await as('treasury')).drivers.delete({ id }))).toEqual(FORBIDDEN);
    expect(await refusal((await as('driver')).drivers.delete({ id }))).toEqual(FORBIDDEN);
    expect(await refusal((await anonymous()).drivers.delete({ id }))).toEqual(UNAUTHORIZED);
  });
});
