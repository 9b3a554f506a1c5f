import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServices } from '../../server/src/services/create-services.js';
import { withCompany } from '../../server/src/db/with-company.js';
import {
  createBroker,
  createDriver,
  createLoad,
  createMasterAdmin,
  createTestCompany,
  type TestCompany,
  type TestUser,
} from '../support/factories.js';
import { callerFor, startTestServices } from '../support/harness.js';
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
