import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { haversineMiles, type LatLng } from '#shared/rules/geo.js';
import { loadConfig } from '../../server/src/config.js';
import { isAtRisk } from '../../server/src/domains/loads/loads.repository.js';
import { seedDemo } from '../../server/src/seed/demo-data.js';
import {
  findDemoCompany,
  progressAlong,
  simulateDemoTick,
  startDemoSimulation,
  startDemoSimulator,
} from '../../server/src/seed/demo-simulator.js';
import { loadGazetteer } from '../../server/src/services/geo/gazetteer.js';
import { createLoad, type TestCompany } from '../support/factories.js';
import { useTenants } from '../support/tenants.js';
import { linkDriverAccount } from './security/matrix/portal.js';

/**
 * The demo simulation (issue 26, item 8; server/src/seed/demo-simulator.ts): drivers on the road
 * report positions along their lanes through the portal's own store, as their own accounts, in
 * their company alone; off under test unless DEMO_SIMULATION=on. And the demo seed's late and
 * at-risk loads (server/src/seed/demo-live.ts).
 */
const tenants = useTenants();
const { as } = tenants;

let dallas: LatLng;
let atlanta: LatLng;

/** The company's driver account linked to a driver with a load in transit from Dallas, TX to Atlanta, GA, last seen at `at`. */
async function onTheRoad(company: TestCompany, at: LatLng, minutesAgo = 1): Promise<string> {
  const driverId = await linkDriverAccount(tenants.services, company);
  await createLoad(tenants.services.db, company.users.dispatcher, { driverId, status: 'in_transit' });
  const driver = await as('driver', company);
  await driver.positions.report({
    positions: [
      { idempotencyKey: randomUUID(), recordedAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(), ...at, accuracy: 10 },
    ],
  });
  return driverId;
}

const track = (driverId: string) =>
  tenants.owner
    .selectFrom('positions')
    .select(['lat', 'lng', 'recordedAt'])
    .where('driverId', '=', driverId)
    .orderBy('recordedAt', 'desc')
    .execute()
    .then((rows) => rows.map((row) => ({ lat: Number(row.lat), lng: Number(row.lng), at: new Date(row.recordedAt).getTime() })));

const driverRow = (driverId: string) =>
  tenants.owner
    .selectFrom('drivers')
    .select(['currentLocationLat', 'currentLocationLng', 'lastLocationUpdate'])
    .where('id', '=', driverId)
    .executeTakeFirstOrThrow();

describe('a tick of the demo simulation', () => {
  it("moves the company's driver on the road along the lane toward the delivery, through the driver's own store; another company is untouched", async () => {
    const gazetteer = await loadGazetteer();
    dallas = gazetteer.locate('Dallas', 'TX') as LatLng;
    atlanta = gazetteer.locate('Atlanta', 'GA') as LatLng;
    const start = { lat: dallas.lat + (atlanta.lat - dallas.lat) * 0.25, lng: dallas.lng + (atlanta.lng - dallas.lng) * 0.25 };
    const moving = await onTheRoad(tenants.companyA, start);
    const foreign = await onTheRoad(tenants.companyB, start);
    const foreignBefore = { track: await track(foreign), row: await driverRow(foreign) };

    const now = Date.now();
    // 600 mph for the 30 s a tick may cover at most (twice its interval): 5 miles.
    const moved = await simulateDemoTick(tenants.services.db, tenants.companyA.companyId, { intervalMs: 15_000, speedMph: 600, now });
    expect(moved).toEqual([moving]);

    const [newest, previous] = await track(moving);
    expect(newest?.at).toBe(now);
    expect(previous).toBeDefined();
    if (!newest || !previous) return;
    expect(progressAlong(dallas, atlanta, newest)).toBeGreaterThan(progressAlong(dallas, atlanta, previous));
    const advanced = haversineMiles(previous, atlanta) - haversineMiles(newest, atlanta);
    expect(advanced).toBeGreaterThanOrEqual(4);
    expect(advanced).toBeLessThanOrEqual(6);
    // The fleet map reads the driver's row: it moved with the report.
    const row = await driverRow(moving);
    expect(Number(row.currentLocationLat)).toBeCloseTo(newest.lat, 5);
    expect(new Date(row.lastLocationUpdate).getTime()).toBe(now);

    expect(await track(foreign)).toEqual(foreignBefore.track);
    expect(await driverRow(foreign)).toEqual(foreignBefore.row);
  });

  it('leaves a driver at the delivery city where it is, and a driver without location sharing alone', async () => {
    const arrived = await onTheRoad(tenants.companyB, atlanta);
    const before = await track(arrived);
    expect(await simulateDemoTick(tenants.services.db, tenants.companyB.companyId, { intervalMs: 15_000 })).not.toContain(arrived);
    expect(await track(arrived)).toEqual(before);
  });
});

describe('when the simulation runs', () => {
  it('never under NODE_ENV=test (nor production) without DEMO_SIMULATION=on; in development with the demo workspace', async () => {
    const test = loadConfig({ NODE_ENV: 'test' });
    expect(test.DEMO_SIMULATION).toBe('auto');
    expect(await startDemoSimulation(tenants.services.db, test, true)).toBeNull();
    expect(
      await startDemoSimulation(tenants.services.db, loadConfig({ NODE_ENV: 'development', DEMO_SIMULATION: 'off' }), true),
    ).toBeNull();
    const production = loadConfig({
      NODE_ENV: 'production',
      DEMO_SIMULATION: 'on',
      APP_ORIGIN: 'https://dispatch.example.com',
      APP_DB_PASSWORD: 'a-password-of-our-own',
    });
    expect(await startDemoSimulation(tenants.services.db, production, true)).toBeNull();
    // Development without the demo workspace (auto), or on without one in the database: nothing to move.
    expect(await startDemoSimulation(tenants.services.db, loadConfig({ NODE_ENV: 'development' }), false)).toBeNull();
    expect(await findDemoCompany(tenants.services.db)).toBeNull();
    expect(await startDemoSimulation(tenants.services.db, loadConfig({ NODE_ENV: 'test', DEMO_SIMULATION: 'on' }), true)).toBeNull();
  });

  it('ticks one at a time until stopped, once per process; after stop() nothing more is written', async () => {
    const driverId = await onTheRoad(tenants.companyA, dallas);
    const before = (await track(driverId)).length;
    const simulator = startDemoSimulator(tenants.services.db, { companyId: tenants.companyA.companyId, intervalMs: 40 });
    expect(simulator).not.toBeNull();
    expect(startDemoSimulator(tenants.services.db, { companyId: tenants.companyB.companyId, intervalMs: 40 })).toBeNull();
    for (let waited = 0; (await track(driverId)).length < before + 2 && waited < 10_000; waited += 50) await sleep(50);
    await simulator?.stop();
    const stopped = (await track(driverId)).length;
    expect(stopped).toBeGreaterThanOrEqual(before + 2);
    await sleep(200);
    expect(await track(driverId)).toHaveLength(stopped);
    // Stopped, it may be started again.
    const again = startDemoSimulator(tenants.services.db, { companyId: tenants.companyA.companyId, intervalMs: 40 });
    expect(again).not.toBeNull();
    await again?.stop();
  });
});

describe('the demo workspace', () => {
  it('has late loads, loads at risk, and drivers on the road the simulation moves', async () => {
    await seedDemo(tenants.services.db, { onlyIfEmpty: false });
    const companyId = await findDemoCompany(tenants.services.db);
    expect(companyId).not.toBeNull();
    if (!companyId) return;
    const today = new Date().toISOString().slice(0, 10);
    const loads = await tenants.owner
      .selectFrom('loads')
      .leftJoin('drivers', 'drivers.id', 'loads.driverId')
      .select([
        'loads.status',
        'loads.pickupDate',
        'loads.deliveryDate',
        'loads.deliveryCity',
        'loads.deliveryState',
        'drivers.currentLocationLat as lat',
        'drivers.currentLocationLng as lng',
      ])
      .where('loads.companyId', '=', companyId)
      .execute();
    const date = (value: unknown) => (value === null ? null : value instanceof Date ? value.toISOString().slice(0, 10) : String(value));
    const lateInTransit = loads.filter((load) => load.status === 'in_transit' && (date(load.deliveryDate) ?? today) < today);
    const latePending = loads.filter((load) => load.status === 'pending' && (date(load.pickupDate) ?? today) < today);
    expect(lateInTransit.length).toBeGreaterThanOrEqual(2);
    expect(latePending.length).toBeGreaterThanOrEqual(2);
    const gazetteer = await loadGazetteer();
    const atRisk = loads.filter(
      (load) =>
        (date(load.deliveryDate) ?? '') >= today &&
        isAtRisk(
          { ...load, deliveryDate: date(load.deliveryDate) },
          load.lat === null || load.lng === null ? null : { lat: Number(load.lat), lng: Number(load.lng) },
          gazetteer,
        ),
    );
    expect(atRisk.length).toBeGreaterThanOrEqual(1);

    // driver@summit.demo and the drivers given accounts for the simulation move.
    const moved = await simulateDemoTick(tenants.services.db, companyId, { intervalMs: 15_000 });
    expect(moved.length).toBeGreaterThanOrEqual(2);
  }, 180_000);
});
