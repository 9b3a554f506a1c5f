import { describe, expect, it } from 'vitest';
import { freshnessOf } from '#shared/schemas/fleet.js';
import { withCompany } from '../../server/src/db/with-company.js';
import { createBroker, createDriver, createLoad, type TestCompany } from '../support/factories.js';
import { useTenants } from '../support/tenants.js';

/** fleet.list: the fleet map's drivers, their freshness and current load; a master admin's across companies. */
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
      expect(drivers[0]?.currentLoad).toMatchObject({
        id: loadId,
        status: 'in_transit',
        brokerName: 'Fleet Broker',
        brokerPhone: '+1 555 010 7777',
      });
      // A delivered load is no current load.
      expect(drivers[1]?.currentLoad).toBeNull();
      expect(drivers[0]).toMatchObject({ lat: 39.1, lng: -94.5, companyName: company.name });
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
