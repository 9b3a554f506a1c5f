import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FLEET_CHANGED_MAX_IDS, freshnessOf } from '#shared/schemas/fleet.js';
import { withCompany } from '../../server/src/db/with-company.js';
import { createBroker, createDriver, createLoad, type TestCompany } from '../support/factories.js';
import { settle } from '../support/http.js';
import { useTenants } from '../support/tenants.js';

/**
 * fleet.list: the fleet map's drivers, their freshness and current load; a master admin's across
 * companies. fleet.changed: the delta read of the drivers a burst of live changes names.
 * fleet.driver: the side panel's part of the selected driver.
 */
const tenants = useTenants();
const { as, asMasterAdmin } = tenants;

async function placeDriver(company: TestCompany, firstName: string, minutesAgo: number | null): Promise<string> {
  const admin = company.users.admin;
  const id = await createDriver(tenants.services.db, admin, { firstName, lastName: 'Fleet' });
  if (minutesAgo !== null) {
    await withCompany(tenants.services.db, admin, (tx) =>
      tx
        .updateTable('drivers')
        .set({
          currentLocationLat: '39.100000',
          currentLocationLng: '-94.500000',
          lastLocationUpdate: new Date(Date.now() - minutesAgo * 60_000),
        })
        .where('id', '=', id)
        .execute(),
    );
  }
  return id;
}

describe('fleet.list', () => {
  it('lists the company’s drivers newest location first, with the current load and its broker', async () => {
    const company = tenants.companyA;
    const active = await placeDriver(company, 'Amos', 2);
    const idle = await placeDriver(company, 'Ida', 10);
    const offline = await placeDriver(company, 'Otto', 45);
    const never = await placeDriver(company, 'Nev', null);
    const brokerId = await createBroker(tenants.services.db, company.users.admin, { name: 'Fleet Broker' });
    await withCompany(tenants.services.db, company.users.admin, (tx) =>
      tx.updateTable('brokers').set({ phone: '+1 555 010 7777' }).where('id', '=', brokerId).execute(),
    );
    const loadId = await createLoad(tenants.services.db, company.users.dispatcher, { driverId: active, status: 'in_transit' });
    await withCompany(tenants.services.db, company.users.dispatcher, (tx) =>
      tx.updateTable('loads').set({ brokerId }).where('id', '=', loadId).execute(),
    );
    await createLoad(tenants.services.db, company.users.dispatcher, { driverId: idle, status: 'delivered' });

    for (const persona of ['admin', 'dispatcher'] as const) {
      const { drivers } = await (await as(persona)).fleet.list({});
      const ids = drivers.map((driver) => driver.id);
      expect(ids.slice(0, 4)).toEqual([active, idle, offline, never]);
      const freshness = drivers.map((driver) => freshnessOf(driver.lastLocationUpdate));
      expect(freshness.slice(0, 4)).toEqual(['active', 'idle', 'offline', 'offline']);
      // The list holds only what the map and its list show: the current load's id, number and status.
      expect(drivers[0]?.currentLoad).toEqual({ id: loadId, loadNumber: expect.any(String), status: 'in_transit' });
      // A delivered load is no current load.
      expect(drivers[1]?.currentLoad).toBeNull();
      expect(drivers[0]).toMatchObject({ lat: 39.1, lng: -94.5, firstName: 'Amos', lastName: 'Fleet' });
      expect(Object.keys(drivers[0] ?? {}).sort()).toEqual(
        ['currentLoad', 'firstName', 'id', 'lastLocationUpdate', 'lastName', 'lat', 'lng', 'phone', 'status'].sort(),
      );
      // The selected driver's panel reads the rest: the company, the load's lane and broker.
      const detail = await (await as(persona)).fleet.driver({ id: active });
      expect(detail).toMatchObject({ id: active, companyName: company.name });
      expect(detail.currentLoad).toMatchObject({
        id: loadId,
        status: 'in_transit',
        brokerName: 'Fleet Broker',
        brokerPhone: '+1 555 010 7777',
      });
      expect((await (await as(persona)).fleet.driver({ id: idle })).currentLoad).toBeNull();
    }
  });

  it('searches by driver name', async () => {
    await placeDriver(tenants.companyA, 'Zebulon', 1);
    const { drivers } = await (await as('dispatcher')).fleet.list({ search: 'zebu' });
    expect(drivers.map((driver) => driver.firstName)).toEqual(['Zebulon']);
  });

  it('keeps each company to its own drivers; a master admin sees every company’s', async () => {
    const foreign = await placeDriver(tenants.companyB, 'Foreign', 1);
    const { drivers } = await (await as('dispatcher')).fleet.list({});
    expect(drivers.map((driver) => driver.id)).not.toContain(foreign);
    const all = await (await asMasterAdmin()).fleet.list({});
    expect(all.drivers.map((driver) => driver.id)).toContain(foreign);
  });
});

describe('freshness', () => {
  it('follows the spec: under 5 minutes Active, 5 to under 30 Idle, 30 or more or never Offline', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();
    expect(freshnessOf(ago(4.9), now)).toBe('active');
    expect(freshnessOf(ago(5), now)).toBe('idle');
    expect(freshnessOf(ago(29.9), now)).toBe('idle');
    expect(freshnessOf(ago(30), now)).toBe('offline');
    expect(freshnessOf(null, now)).toBe('offline');
  });
});

describe('fleet.changed', () => {
  const moveDriver = (company: TestCompany, id: string, lat: string) =>
    withCompany(tenants.services.db, company.users.admin, (tx) =>
      tx
        .updateTable('drivers')
        .set({ currentLocationLat: lat, currentLocationLng: '-95.000000', lastLocationUpdate: new Date() })
        .where('id', '=', id)
        .execute(),
    );

  it('answers the drivers named as fleet.list answers them now, and nothing else', async () => {
    const company = tenants.companyA;
    const moved = await placeDriver(company, 'Mover', 20);
    const still = await placeDriver(company, 'Still', 20);
    await moveDriver(company, moved, '40.250000');
    const dispatcher = await as('dispatcher');
    const delta = await dispatcher.fleet.changed({ driverIds: [moved] });
    expect(delta.removed).toEqual([]);
    expect(delta.drivers.map((driver) => driver.id)).toEqual([moved]);
    const full = (await dispatcher.fleet.list({})).drivers.find((driver) => driver.id === moved);
    expect(delta.drivers[0]).toEqual(full);
    expect(delta.drivers[0]).toMatchObject({ lat: 40.25, lng: -95 });
    expect(freshnessOf(delta.drivers[0]?.lastLocationUpdate ?? null)).toBe('active');
    expect(delta.drivers.map((driver) => driver.id)).not.toContain(still);
    // Nothing named: nothing read.
    expect(await dispatcher.fleet.changed({})).toEqual({ drivers: [], removed: [] });
  });

  it('follows a load handed from one driver to another: the new holder by the load, the old one by its id', async () => {
    const company = tenants.companyA;
    const first = await placeDriver(company, 'Firsthand', 1);
    const second = await placeDriver(company, 'Secondhand', 1);
    const loadId = await createLoad(tenants.services.db, company.users.dispatcher, { driverId: first, status: 'assigned' });
    const dispatcher = await as('dispatcher');
    await withCompany(tenants.services.db, company.users.dispatcher, (tx) =>
      tx.updateTable('loads').set({ driverId: second }).where('id', '=', loadId).execute(),
    );
    // The client names the load (the live change) and the driver its list shows holding it.
    const delta = await dispatcher.fleet.changed({ driverIds: [first], loadIds: [loadId] });
    const byId = new Map(delta.drivers.map((driver) => [driver.id, driver]));
    expect([...byId.keys()].sort()).toEqual([first, second].sort());
    expect(byId.get(first)?.currentLoad).toBeNull();
    expect(byId.get(second)?.currentLoad).toMatchObject({ id: loadId, status: 'assigned' });
  });

  it('answers deleted drivers, drivers out of the search and unknown ids as removed', async () => {
    const company = tenants.companyA;
    const gone = await placeDriver(company, 'Goner', 1);
    const renamed = await placeDriver(company, 'Quillon', 1);
    await withCompany(tenants.services.db, company.users.admin, async (tx) => {
      await tx.deleteFrom('drivers').where('id', '=', gone).execute();
      await tx.updateTable('drivers').set({ firstName: 'Renamed' }).where('id', '=', renamed).execute();
    });
    const unknown = randomUUID();
    const dispatcher = await as('dispatcher');
    const delta = await dispatcher.fleet.changed({ driverIds: [gone, renamed, unknown], search: 'quill' });
    expect(delta.drivers).toEqual([]);
    expect(delta.removed.sort()).toEqual([gone, renamed, unknown].sort());
    // Without the search the renamed driver is answered.
    const plain = await dispatcher.fleet.changed({ driverIds: [renamed] });
    expect(plain.drivers.map((driver) => driver.firstName)).toEqual(['Renamed']);
  });

  it('never answers another company’s drivers (row-level security and scope): they come back as removed', async () => {
    const foreign = await placeDriver(tenants.companyB, 'Elsewhere', 1);
    const foreignLoad = await createLoad(tenants.services.db, tenants.companyB.users.dispatcher, {
      driverId: foreign,
      status: 'in_transit',
    });
    await moveDriver(tenants.companyB, foreign, '41.000000');
    for (const persona of ['admin', 'dispatcher'] as const) {
      const delta = await (await as(persona)).fleet.changed({ driverIds: [foreign], loadIds: [foreignLoad] });
      expect(delta).toEqual({ drivers: [], removed: [foreign] });
      await expect((await as(persona)).fleet.driver({ id: foreign })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    // A master admin reads every company's, as fleet.list does.
    const all = await (await asMasterAdmin()).fleet.changed({ driverIds: [foreign] });
    expect(all.drivers.map((driver) => driver.id)).toEqual([foreign]);
  });

  it('follows a driver that reports a position through positions.report', async () => {
    const company = tenants.companyA;
    const driverId = await placeDriver(company, 'Reporter', null);
    await withCompany(tenants.services.db, company.users.admin, (tx) =>
      tx.updateTable('drivers').set({ gpsConsent: true, userId: company.users.driver.userId }).where('id', '=', driverId).execute(),
    );
    const recordedAt = new Date().toISOString();
    await (await as('driver')).positions.report({ positions: [{ idempotencyKey: randomUUID(), recordedAt, lat: 35.5, lng: -97.25 }] });
    const delta = await (await as('dispatcher')).fleet.changed({ driverIds: [driverId] });
    expect(delta.drivers[0]).toMatchObject({ id: driverId, lat: 35.5, lng: -97.25 });
    expect(Date.parse(delta.drivers[0]?.lastLocationUpdate ?? '')).toBe(Date.parse(recordedAt));
  });

  it('bounds the ids of one read', async () => {
    const ids = Array.from({ length: FLEET_CHANGED_MAX_IDS + 1 }, () => randomUUID());
    await expect((await as('dispatcher')).fleet.changed({ driverIds: ids })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('arbitrary input', () => {
  it('never answers INTERNAL_SERVER_ERROR from fleet.changed or fleet.driver', async () => {
    const dispatcher = await as('dispatcher');
    const anything = fc.oneof(fc.string(), fc.double(), fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.uuid());
    const ids = fc.oneof(anything, fc.array(fc.oneof(fc.uuid(), fc.string(), anything), { maxLength: 300 }));
    const calls: ((input: never) => Promise<unknown>)[] = [
      (input) => dispatcher.fleet.changed(input),
      (input) => dispatcher.fleet.driver(input),
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: calls.length - 1 }),
        fc.oneof(anything, fc.record({ driverIds: ids, loadIds: ids, search: anything, id: anything })),
        async (which, input) => {
          const error = await settle((calls[which] as (value: never) => Promise<unknown>)(input as never));
          expect(error?.code ?? 'OK').not.toBe('INTERNAL_SERVER_ERROR');
        },
      ),
      { numRuns: 150 },
    );
  });
});
