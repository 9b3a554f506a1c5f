import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServices } from '../../server/src/create-services.js';
import { withCompany } from '../../server/src/db/with-company.js';
import {
  createBroker,
  createDriver,
  createLoad,
  createMasterAdmin,
  createTestCompany,
  createWipRequest,
  createCarrier,
  setLoadStatus,
  type TestCompany,
  type TestUser,
} from '../support/factories.js';
import { callerFor, listen, sessionFor, startTestServices, wsClientFor } from '../support/harness.js';
import { expandLiveEvent, type LiveChange, type LiveFeedItem } from '#shared/schemas/live.js';
import { conversionRate } from '#shared/schemas/dashboard.js';
import { expectTrpcError } from '../support/http.js';

let started: StartedServices;
beforeAll(async () => {
  started = await startTestServices();
});
afterAll(async () => {
  await started?.close();
});

const db = () => started.services.db;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** A company with a known operation: 3 drivers (one the sales user's), 2 brokers, 8 loads in every status. */
async function seededCompany() {
  const company = await createTestCompany(started.services);
  const admin = company.users.admin;
  const sales = company.users.sales;
  const driverId = await createDriver(db(), admin, { firstName: 'Rosa', lastName: 'Delgado' });
  await createDriver(db(), admin, { firstName: 'Marcus', lastName: 'Webb' });
  await createDriver(db(), admin, { firstName: 'Lena', lastName: 'Park', salesAgentId: sales.userId });
  await createBroker(db(), admin, { name: 'Lakeside Logistics' });
  await createBroker(db(), admin, { name: 'Northstar Brokerage' });
  const loads: { id: string; number: string }[] = [];
  const plan = [
    { status: 'pending', minutes: 80 },
    { status: 'assigned', minutes: 70, driverId },
    { status: 'picked', minutes: 60, driverId },
    { status: 'in_transit', minutes: 50, driverId, salesUserId: sales.userId },
    { status: 'delivered', minutes: 40 },
    { status: 'cancelled', minutes: 30 },
    { status: 'assigned', minutes: 20, salesUserId: sales.userId },
    { status: 'pending', minutes: 10 },
  ] as const;
  for (const [index, load] of plan.entries()) {
    const number = `LOAD-${company.companyId.slice(0, 4)}-${index + 1}`;
    const id = await createLoad(db(), admin, {
      loadNumber: number,
      status: load.status,
      driverId: 'driverId' in load ? load.driverId : null,
      salesUserId: 'salesUserId' in load ? load.salesUserId : null,
      createdAt: minutesAgo(load.minutes),
      rate: `${1000 + index}.50`,
    });
    loads.push({ id, number });
  }
  return { company, driverId, loads };
}

describe('dashboard.summary', () => {
  let seeded: Awaited<ReturnType<typeof seededCompany>>;
  let other: TestCompany;
  beforeAll(async () => {
    seeded = await seededCompany();
    // Another company's operation must never show up in these numbers.
    other = await createTestCompany(started.services);
    await createDriver(db(), other.users.admin);
    await createBroker(db(), other.users.admin);
    await createLoad(db(), other.users.admin, { status: 'in_transit' });
  });

  it.each(['admin', 'dispatcher', 'treasury'] as const)('a %s sees the counters of the whole company, counted in SQL', async (persona) => {
    const caller = await callerFor(started.services, seeded.company.users[persona]);
    const summary = await caller.dashboard.summary();
    expect(summary).toMatchObject({ totalLoads: 8, activeLoads: 4, drivers: 3, brokers: 2 });
  });

  it('lists the latest 5 loads newest first, with lane, driver name, status and rate', async () => {
    const caller = await callerFor(started.services, seeded.company.users.dispatcher);
    const { recentLoads } = await caller.dashboard.summary();
    expect(recentLoads.map((load) => load.loadNumber)).toEqual(
      seeded.loads
        .slice(3)
        .reverse()
        .map((load) => load.number),
    );
    expect(recentLoads[4]).toEqual({
      id: seeded.loads[3]?.id,
      loadNumber: seeded.loads[3]?.number,
      pickupCity: 'Dallas',
      pickupState: 'TX',
      deliveryCity: 'Atlanta',
      deliveryState: 'GA',
      driverName: 'Rosa Delgado',
      status: 'in_transit',
      rate: '1003.50',
    });
    expect(recentLoads[0]).toMatchObject({ driverName: null, status: 'pending' });
  });

  it('keeps the driver name a load had after the driver is deleted', async () => {
    const { company } = await seededCompany();
    const driverId = await createDriver(db(), company.users.admin, { firstName: 'Omar', lastName: 'Haddad' });
    await createLoad(db(), company.users.admin, { status: 'assigned', driverId });
    await withCompany(db(), company.users.admin, (tx) => tx.deleteFrom('drivers').where('id', '=', driverId).execute());
    const caller = await callerFor(started.services, company.users.admin);
    const summary = await caller.dashboard.summary();
    expect(summary.recentLoads[0]).toMatchObject({ driverName: 'Omar Haddad', status: 'assigned' });
    expect(summary.drivers).toBe(3);
  });

  it('a sales user counts and sees only their own loads (sales user or creator) and drivers, and every broker', async () => {
    const { company, loads } = await seededCompany();
    const sales = company.users.sales;
    // A load the sales user created without being its sales user is also theirs.
    const created = await createLoad(db(), sales, { status: 'picked', salesUserId: null, createdAt: minutesAgo(5) });
    const caller = await callerFor(started.services, sales);
    const summary = await caller.dashboard.summary();
    expect(summary).toMatchObject({ totalLoads: 3, activeLoads: 3, drivers: 1, brokers: 2 });
    expect(summary.recentLoads.map((load) => load.id)).toEqual([created, loads[6]?.id, loads[3]?.id]);
  });

  it('a new company has zeros and no recent loads', async () => {
    const empty = await createTestCompany(started.services);
    const caller = await callerFor(started.services, empty.users.admin);
    expect(await caller.dashboard.summary()).toEqual({ totalLoads: 0, activeLoads: 0, drivers: 0, brokers: 0, recentLoads: [] });
  });

  it("a master admin sees their own company's dashboard, not every company's", async () => {
    const master: TestUser = await createMasterAdmin(started.services);
    await createLoad(db(), master, { status: 'delivered', loadNumber: 'MASTER-1' });
    const caller = await callerFor(started.services, master);
    const summary = await caller.dashboard.summary();
    expect(summary).toMatchObject({ totalLoads: 1, activeLoads: 0, drivers: 0, brokers: 0 });
    expect(summary.recentLoads.map((load) => load.loadNumber)).toEqual(['MASTER-1']);
  });

  it("company B's admin sees only company B's operation", async () => {
    const caller = await callerFor(started.services, other.users.admin);
    const summary = await caller.dashboard.summary();
    expect(summary).toMatchObject({ totalLoads: 1, activeLoads: 1, drivers: 1, brokers: 1 });
    expect(summary.recentLoads.map((load) => load.id)).not.toContain(seeded.loads[0]?.id);
  });

  it('a driver (no role) is refused, and so is someone signed out', async () => {
    const driver = await callerFor(started.services, seeded.company.users.driver);
    await expectTrpcError(driver.dashboard.summary(), 'FORBIDDEN', 'You do not have permission to do this');
    const anonymous = await callerFor(started.services, null);
    await expectTrpcError(anonymous.dashboard.summary(), 'UNAUTHORIZED', 'Not authenticated');
  });
});

/** Sets what the factories leave at their defaults: a driver's status and last location, a load's sales percentage. */
async function setDriver(
  by: TestUser,
  id: string,
  values: { status?: 'available' | 'on_route' | 'off_duty'; lat?: string; lng?: string; at?: Date },
) {
  await withCompany(db(), by, (tx) =>
    tx
      .updateTable('drivers')
      .set({
        ...(values.status ? { status: values.status } : {}),
        ...(values.at ? { currentLocationLat: values.lat, currentLocationLng: values.lng, lastLocationUpdate: values.at } : {}),
      })
      .where('id', '=', id)
      .execute(),
  );
}
async function setSalesPercentage(by: TestUser, id: string, salesPercentage: string) {
  await withCompany(db(), by, (tx) => tx.updateTable('loads').set({ salesPercentage }).where('id', '=', id).execute());
}

/**
 * A company with known answers for both role dashboards:
 * - the sales user onboarded 4 carriers and 4 drivers (available, on_route, off_duty, available): 3 of 4 converted, 75%;
 *   the admin onboarded one more carrier and driver (available) that are not the sales user's;
 * - the sales user sells 1000.00 at 10% (assigned: 100.00), 1234.56 at 15.5% (delivered: 191.36), 500.00 at 20%
 *   (cancelled: not counted) and an unpriced load at 10% (pending: 0.00); they created an in-transit load sold by
 *   nobody (theirs, no commission); the admin sold a picked load at 50% (not theirs): My Commission 291.36;
 * - the dispatcher has 2 pending WIP requests and 1 approved, the sales user 1 pending.
 */
async function roleFixture() {
  const company = await createTestCompany(started.services);
  const { admin, sales, dispatcher } = company.users;
  for (let index = 0; index < 4; index += 1) await createCarrier(db(), admin, { salesAgentId: sales.userId });
  await createCarrier(db(), admin, { salesAgentId: null });
  const driverStatuses = ['available', 'on_route', 'off_duty', 'available'] as const;
  const drivers: string[] = [];
  for (const [index, status] of driverStatuses.entries()) {
    const id = await createDriver(db(), admin, { firstName: `Own${index}`, lastName: 'Driver', salesAgentId: sales.userId });
    await setDriver(admin, id, { status });
    drivers.push(id);
  }
  const adminDriver = await createDriver(db(), admin, { firstName: 'Company', lastName: 'Driver', salesAgentId: null });
  await setDriver(admin, drivers[1] ?? '', { lat: '32.776665', lng: '-96.796989', at: minutesAgo(3) });
  await setDriver(admin, adminDriver, { lat: '33.748997', lng: '-84.387985', at: minutesAgo(90) });
  const broker = await createBroker(db(), admin, { name: 'Lakeside Logistics' });
  const sold = [
    { rate: '1000.00', pct: '10', status: 'assigned', minutes: 50 },
    { rate: '1234.56', pct: '15.5', status: 'delivered', minutes: 40 },
    { rate: '500.00', pct: '20', status: 'cancelled', minutes: 30 },
    { rate: null, pct: '10', status: 'pending', minutes: 20 },
  ] as const;
  const loads: string[] = [];
  for (const load of sold) {
    const id = await createLoad(db(), admin, {
      status: load.status,
      rate: load.rate,
      salesUserId: sales.userId,
      createdAt: minutesAgo(load.minutes),
    });
    await setSalesPercentage(admin, id, load.pct);
    loads.push(id);
  }
  const createdBySales = await createLoad(db(), sales, {
    status: 'in_transit',
    salesUserId: null,
    createdAt: minutesAgo(10),
    driverId: drivers[1],
  });
  const adminSold = await createLoad(db(), admin, {
    status: 'picked',
    salesUserId: admin.userId,
    rate: '9999.00',
    createdAt: minutesAgo(5),
  });
  await setSalesPercentage(admin, adminSold, '50');
  await withCompany(db(), admin, (tx) => tx.updateTable('loads').set({ brokerId: broker }).where('id', '=', adminSold).execute());
  await createWipRequest(db(), dispatcher);
  await createWipRequest(db(), dispatcher);
  const approved = await createWipRequest(db(), dispatcher);
  await withCompany(db(), admin, (tx) => tx.updateTable('wipAssignments').set({ status: 'approved' }).where('id', '=', approved).execute());
  await createWipRequest(db(), sales);
  return { company, loads, createdBySales, adminSold, drivers, adminDriver };
}

describe('dashboard.sales and dashboard.dispatch', () => {
  let fixture: Awaited<ReturnType<typeof roleFixture>>;
  beforeAll(async () => {
    fixture = await roleFixture();
    // A second company planted with the same kind of records never shows up.
    const other = await createTestCompany(started.services);
    await createCarrier(db(), other.users.admin, { salesAgentId: other.users.sales.userId });
    await createDriver(db(), other.users.admin, { salesAgentId: other.users.sales.userId });
    await createLoad(db(), other.users.admin, { status: 'in_transit', salesUserId: other.users.sales.userId });
    await createWipRequest(db(), other.users.dispatcher);
  });

  it('Conversion Rate: active drivers over drivers onboarded, times 100, rounded; 0 with no driver; never above 100', () => {
    expect(conversionRate(3, 4)).toBe(75);
    expect(conversionRate(2, 3)).toBe(67);
    expect(conversionRate(1, 8)).toBe(13);
    expect(conversionRate(5, 0)).toBe(0);
    expect(conversionRate(0, 0)).toBe(0);
    expect(conversionRate(3, 2)).toBe(100);
  });

  it("a sales user's figures count only their own carriers, drivers and loads", async () => {
    const caller = await callerFor(started.services, fixture.company.users.sales);
    const figures = await caller.dashboard.sales();
    expect(figures).toMatchObject({
      carriersOnboarded: 4,
      driversOnboarded: 4,
      convertedDrivers: 3,
      conversionRate: 75,
      commission: '291.36',
    });
    // My Active Loads: their own loads assigned, picked or in transit, newest first (the admin's picked load is not theirs).
    expect(figures.activeLoads.map((load) => load.id)).toEqual([fixture.createdBySales, fixture.loads[0]]);
    expect(figures.activeLoads[0]).toMatchObject({
      status: 'in_transit',
      driverName: 'Own1 Driver',
      pickupCity: 'Dallas',
      deliveryState: 'GA',
    });
  });

  it('a sales user with nothing onboarded has zeros, not a division by zero', async () => {
    const empty = await createTestCompany(started.services);
    const caller = await callerFor(started.services, empty.users.sales);
    expect(await caller.dashboard.sales()).toEqual({
      carriersOnboarded: 0,
      driversOnboarded: 0,
      convertedDrivers: 0,
      conversionRate: 0,
      commission: '0.00',
      activeLoads: [],
    });
  });

  it("a dispatcher's figures count the whole company: active loads, available drivers, in transit, their pending WIP", async () => {
    const caller = await callerFor(started.services, fixture.company.users.dispatcher);
    const figures = await caller.dashboard.dispatch();
    expect(figures).toMatchObject({ activeLoads: 3, availableDrivers: 3, inTransit: 1, pendingWip: 2 });
    expect(figures.activeLoadList.map((load) => load.id)).toEqual([fixture.adminSold, fixture.createdBySales, fixture.loads[0]]);
    expect(figures.activeLoadList[0]).toMatchObject({ brokerName: 'Lakeside Logistics', driverName: null, rate: '9999.00' });
    // Driver locations: the latest reported first, then the ones never reported.
    expect(figures.driverLocations.slice(0, 2).map((driver) => driver.id)).toEqual([fixture.drivers[1], fixture.adminDriver]);
    expect(figures.driverLocations[0]).toMatchObject({ name: 'Own1 Driver', lat: '32.776665', lng: '-96.796989' });
    expect(figures.driverLocations.slice(2).every((driver) => driver.lastLocationUpdate === null)).toBe(true);
    expect(figures.driverLocations).toHaveLength(5);
  });

  it.each(['admin', 'dispatcher', 'treasury', 'driver'] as const)('the sales dashboard refuses a %s', async (persona) => {
    const caller = await callerFor(started.services, fixture.company.users[persona]);
    await expectTrpcError(caller.dashboard.sales(), 'FORBIDDEN', 'You do not have permission to do this');
  });

  it.each(['admin', 'sales', 'treasury', 'driver'] as const)('the dispatch dashboard refuses a %s', async (persona) => {
    const caller = await callerFor(started.services, fixture.company.users[persona]);
    await expectTrpcError(caller.dashboard.dispatch(), 'FORBIDDEN', 'You do not have permission to do this');
  });

  it('realtime: a status change reaches the dispatcher live and moves the dispatch counters', async () => {
    const { company } = await roleFixture();
    const dispatcher = company.users.dispatcher;
    const { app, origin, wsUrl } = await listen(started.services);
    const { client, wsClient } = wsClientFor(wsUrl, await sessionFor(started.services, dispatcher), origin);
    const events: LiveFeedItem[] = [];
    try {
      await new Promise<void>((resolve, reject) => {
        client.realtime.changes.subscribe(undefined, {
          onData: (event) => {
            events.push(...expandLiveEvent(event));
            // 'active' comes once the live hub has the channel: the change below reaches it.
            if (event.type === 'session' && event.state === 'active') resolve();
          },
          onError: reject,
        });
      });
      const caller = await callerFor(started.services, dispatcher);
      const before = await caller.dashboard.dispatch();
      const moving = before.activeLoadList.find((load) => load.status === 'assigned');
      expect(moving).toBeDefined();
      await setLoadStatus(db(), company.users.admin, moving?.id ?? '', 'in_transit');
      // The change reaches the dispatcher's channel; the client's LIVE_RULES re-read dashboard.dispatch on it.
      await expect
        .poll(() => events.filter((event): event is LiveChange => event.type === 'change').map((change) => [change.id, change.status]), {
          timeout: 2000,
        })
        .toContainEqual([moving?.id, 'in_transit']);
      const after = await caller.dashboard.dispatch();
      expect(after.inTransit).toBe(before.inTransit + 1);
      expect(after.activeLoads).toBe(before.activeLoads);
      await setLoadStatus(db(), company.users.admin, moving?.id ?? '', 'delivered');
      expect((await caller.dashboard.dispatch()).activeLoads).toBe(before.activeLoads - 1);
    } finally {
      void wsClient.close();
      await app.close();
    }
  });
});
