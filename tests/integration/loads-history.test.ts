import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LOAD_HISTORY_LIMIT } from '#shared/schemas/loads.js';
import { withCompany } from '../../server/src/db/with-company.js';
import { createBroker, createCarrier, createDriver, createLoad, createTestCompany, type TestUser } from '../support/factories.js';
import { useTenants } from '../support/tenants.js';
import { expectSameAsMissing } from './security/authorization-matrix.js';

/**
 * Issue 26, item 4: a load's history keeps every status and assignment change, who made it and
 * when, from the audit trail; and item 2's rule: assigning a driver to a pending load makes it
 * assigned, so its history holds both changes.
 */
const tenants = useTenants();
const { as, asMasterAdmin } = tenants;
const db = () => tenants.services.db;

const form = (values: { driverId?: string | null; brokerId?: string | null; carrierId?: string | null } = {}) => ({
  loadNumber: `H-${randomUUID().slice(0, 8)}`,
  pickupLocation: '1 Port Rd',
  pickupCity: 'Long Beach',
  pickupState: 'CA',
  deliveryLocation: '9 Depot St',
  deliveryCity: 'Phoenix',
  deliveryState: 'AZ',
  ...values,
});

async function nameOf(user: TestUser): Promise<string> {
  const profile = await tenants.owner
    .selectFrom('profiles')
    .select(['firstName', 'lastName'])
    .where('userId', '=', user.userId)
    .executeTakeFirstOrThrow();
  return `${profile.firstName as string} ${profile.lastName as string}`;
}

/** The entries without their ids and times: what a person reads. */
const readable = (entries: { kind: string; from: string | null; to: string | null; by: string | null }[]) =>
  entries.map(({ kind, from, to, by }) => ({ kind, from, to, by }));

describe('assigning a driver to a pending load', () => {
  it('on create makes it assigned; the history shows the creation and the driver', async () => {
    const users = tenants.companyA.users;
    const driverId = await createDriver(db(), users.admin, { firstName: 'Ivy', lastName: 'Hauler' });
    const dispatcher = await as('dispatcher');
    const load = await dispatcher.loads.create(form({ driverId }));
    expect(load.status).toBe('assigned');
    const history = await dispatcher.loads.history({ id: load.id });
    const by = await nameOf(users.dispatcher);
    expect(readable(history.entries)).toEqual([
      { kind: 'created', from: null, to: 'assigned', by },
      { kind: 'driver', from: null, to: 'Ivy Hauler', by },
      // A dispatcher who creates a load dispatches it.
      { kind: 'dispatcher', from: null, to: by, by },
    ]);
    expect(history.hasEarlier).toBe(false);
  });

  it('on edit makes it assigned, in the same change: the history shows the driver and the status', async () => {
    const users = tenants.companyA.users;
    const driverId = await createDriver(db(), users.admin, { firstName: 'Omar', lastName: 'Keys' });
    const sales = await as('sales');
    const load = await sales.loads.create(form());
    expect(load.status).toBe('pending');
    const dispatcher = await as('dispatcher');
    const edited = await dispatcher.loads.update({ ...form({ driverId }), loadNumber: load.loadNumber, id: load.id });
    expect(edited).toMatchObject({ status: 'assigned', driverId, driverName: 'Omar Keys' });
    const history = await sales.loads.history({ id: load.id });
    const [created, , driver, status] = history.entries;
    expect(readable(history.entries)).toEqual([
      { kind: 'created', from: null, to: 'pending', by: await nameOf(users.sales) },
      // A sales user who creates a load sells it.
      { kind: 'salesAgent', from: null, to: await nameOf(users.sales), by: await nameOf(users.sales) },
      { kind: 'driver', from: null, to: 'Omar Keys', by: await nameOf(users.dispatcher) },
      { kind: 'status', from: 'pending', to: 'assigned', by: await nameOf(users.dispatcher) },
    ]);
    expect(driver?.at).toBe(status?.at);
    expect(Date.parse(driver?.at ?? '')).toBeGreaterThanOrEqual(Date.parse(created?.at ?? ''));
  });

  it('leaves any other status as it is, and an edit that keeps the driver changes no status', async () => {
    const users = tenants.companyA.users;
    const first = await createDriver(db(), users.admin);
    const second = await createDriver(db(), users.admin);
    const dispatcher = await as('dispatcher');
    const load = await dispatcher.loads.create(form({ driverId: first }));
    await dispatcher.loads.changeStatus({ id: load.id, status: 'pending' });
    // The same driver again: nothing is set, the load stays pending.
    const kept = await dispatcher.loads.update({ ...form({ driverId: first }), loadNumber: load.loadNumber, id: load.id });
    expect(kept.status).toBe('pending');
    await dispatcher.loads.changeStatus({ id: load.id, status: 'picked' });
    const moved = await dispatcher.loads.update({ ...form({ driverId: second }), loadNumber: load.loadNumber, id: load.id });
    expect(moved.status).toBe('picked');
    // Taking the driver off changes no status either.
    const cleared = await dispatcher.loads.update({ ...form({ driverId: null }), loadNumber: load.loadNumber, id: load.id });
    expect(cleared).toMatchObject({ status: 'picked', driverId: null });
  });
});

describe('loads.history', () => {
  it('keeps every status and assignment change, oldest first, with names and who made each', async () => {
    const users = tenants.companyA.users;
    const [ivy, omar] = [
      await createDriver(db(), users.admin, { firstName: 'Ivy', lastName: 'Stone' }),
      await createDriver(db(), users.admin, { firstName: 'Omar', lastName: 'Reyes' }),
    ];
    const brokerId = await createBroker(db(), users.admin, { name: 'Northstar Brokerage' });
    const carrierId = await createCarrier(db(), users.admin, { name: 'Summit Carriers' });
    const dispatcher = await as('dispatcher');
    const admin = await as('admin');
    const load = await dispatcher.loads.create(form({ driverId: ivy, brokerId }));
    const edit = (values: Parameters<typeof form>[0], extra: Record<string, unknown> = {}) => ({
      ...form({ driverId: ivy, brokerId, ...values }),
      loadNumber: load.loadNumber,
      id: load.id,
      ...extra,
    });
    await dispatcher.loads.changeStatus({ id: load.id, status: 'picked' });
    await admin.loads.update(edit({ driverId: omar, carrierId }, { salesUserId: users.sales.userId }));
    await admin.loads.changeStatus({ id: load.id, status: 'in_transit' });
    // A change no timeline shows (the pickup city) is left out.
    await dispatcher.loads.update(edit({ driverId: omar, carrierId }, { pickupCity: 'Carson' }));
    // The driver record is deleted: the load loses its driver, and the history keeps the name it had.
    await tenants.owner.deleteFrom('drivers').where('id', '=', omar).execute();
    await dispatcher.loads.changeStatus({ id: load.id, status: 'delivered' });

    const history = await (await as('treasury')).loads.history({ id: load.id });
    const [dispatcherName, adminName, salesName] = [await nameOf(users.dispatcher), await nameOf(users.admin), await nameOf(users.sales)];
    expect(readable(history.entries)).toEqual([
      { kind: 'created', from: null, to: 'assigned', by: dispatcherName },
      { kind: 'driver', from: null, to: 'Ivy Stone', by: dispatcherName },
      { kind: 'broker', from: null, to: 'Northstar Brokerage', by: dispatcherName },
      { kind: 'dispatcher', from: null, to: dispatcherName, by: dispatcherName },
      { kind: 'status', from: 'assigned', to: 'picked', by: dispatcherName },
      { kind: 'driver', from: 'Ivy Stone', to: 'Omar Reyes', by: adminName },
      { kind: 'carrier', from: null, to: 'Summit Carriers', by: adminName },
      { kind: 'salesAgent', from: null, to: salesName, by: adminName },
      { kind: 'status', from: 'picked', to: 'in_transit', by: adminName },
      // The owner's delete runs as nobody: the system.
      { kind: 'driver', from: 'Omar Reyes', to: null, by: null },
      { kind: 'status', from: 'in_transit', to: 'delivered', by: dispatcherName },
    ]);
    const times = history.entries.map((entry) => Date.parse(entry.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(history.entries.map((entry) => entry.id)).size).toBe(history.entries.length);
  });

  it('puts the creation first among changes made in the same transaction (they share its time)', async () => {
    const admin = tenants.companyA.users.admin;
    const id = await withCompany(db(), admin, async (tx) => {
      const created = await tx
        .insertInto('loads')
        .values({ ...form(), companyId: admin.companyId, createdBy: admin.userId })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const status of ['assigned', 'picked', 'in_transit'] as const) {
        await tx.updateTable('loads').set({ status }).where('id', '=', created.id).execute();
      }
      return created.id;
    });
    const history = await (await as('dispatcher')).loads.history({ id });
    expect(history.entries[0]).toMatchObject({ kind: 'created', to: 'pending', by: await nameOf(admin) });
    expect(history.entries.map(({ kind }) => kind)).toEqual(['created', 'status', 'status', 'status']);
  });

  it('answers at most the newest entries, saying that earlier ones were left out', async () => {
    const company = await createTestCompany(tenants.services);
    const id = await createLoad(db(), company.users.admin);
    const statuses = ['assigned', 'picked', 'in_transit', 'delivered'] as const;
    for (let index = 0; index < LOAD_HISTORY_LIMIT + 5; index++) {
      await tenants.owner
        .updateTable('loads')
        .set({ status: statuses[index % statuses.length] })
        .where('id', '=', id)
        .execute();
    }
    const history = await (await as('dispatcher', company)).loads.history({ id });
    expect(history.entries).toHaveLength(LOAD_HISTORY_LIMIT);
    expect(history.hasEarlier).toBe(true);
    expect(history.entries.every((entry) => entry.kind === 'status')).toBe(true);
    // The newest is last: the 205th change, to 'assigned' (index 204).
    expect(history.entries.at(-1)).toMatchObject({ from: 'delivered', to: 'assigned' });
  });

  it("answers another company's load, a deleted one, and a sales user's load not their own like a missing one", async () => {
    const foreign = await createLoad(db(), tenants.companyB.users.dispatcher);
    const deleted = await createLoad(db(), tenants.companyA.users.dispatcher);
    await tenants.owner.deleteFrom('loads').where('id', '=', deleted).execute();
    const dispatcher = await as('dispatcher');
    await expectSameAsMissing(
      () => dispatcher.loads.history({ id: foreign }),
      () => dispatcher.loads.history({ id: randomUUID() }),
    );
    await expectSameAsMissing(
      () => dispatcher.loads.history({ id: deleted }),
      () => dispatcher.loads.history({ id: randomUUID() }),
    );
    // Created by the admin and sold by nobody: not the sales user's.
    const notTheirs = await createLoad(db(), tenants.companyA.users.admin, { salesUserId: null });
    const sales = await as('sales');
    await expectSameAsMissing(
      () => sales.loads.history({ id: notTheirs }),
      () => sales.loads.history({ id: randomUUID() }),
    );
    // Their own is theirs to read.
    const own = await createLoad(db(), tenants.companyA.users.sales);
    expect((await sales.loads.history({ id: own })).entries[0]).toMatchObject({ kind: 'created', to: 'pending' });
  });

  it("lets a master admin read any company's load history", async () => {
    const id = await createLoad(db(), tenants.companyB.users.dispatcher);
    const history = await (await asMasterAdmin()).loads.history({ id });
    expect(readable(history.entries)).toEqual([
      { kind: 'created', from: null, to: 'pending', by: await nameOf(tenants.companyB.users.dispatcher) },
    ]);
  });
});
