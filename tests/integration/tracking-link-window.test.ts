import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createDriver, createLoad, createMember, type TestCompany } from '../support/factories.js';
import { useTenants } from '../support/tenants.js';

/**
 * Issue 24, item 5: a public tracking link shows where the load is, never where its driver is
 * otherwise: no position before the load is picked up (the driver at home, or on another
 * customer's load), and none newer than its delivery.
 */
const tenants = useTenants();
const { as, anonymous } = tenants;

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms);

/** A driver of the company with an account of their own (positions are only ever the driver's own reports). */
async function driverWithAccount(company: TestCompany): Promise<{ driverId: string; userId: string }> {
  const driverId = await createDriver(tenants.services.db, company.users.dispatcher);
  const { userId } = await createMember(tenants.services, company.companyId, { role: null });
  await tenants.owner.updateTable('drivers').set({ userId }).where('id', '=', driverId).execute();
  return { driverId, userId };
}

/** A position the driver reported (written as the owner, acting as the driver's account as the policy requires). */
async function addPosition(company: TestCompany, driver: { driverId: string; userId: string }, at: Date, lat: number, lng: number) {
  await tenants.owner.transaction().execute(async (tx) => {
    await sql`select set_config('app.user_id', ${driver.userId}, true)`.execute(tx);
    await tx
      .insertInto('positions')
      .values({
        companyId: company.companyId,
        driverId: driver.driverId,
        idempotencyKey: randomUUID(),
        recordedAt: at,
        lat: lat.toFixed(6),
        lng: lng.toFixed(6),
        accuracy: 10,
      })
      .execute();
  });
}

/** A moment surely after the transaction that just committed, and surely before the next one begins. */
async function justAfter(): Promise<Date> {
  await sleep(20);
  const at = new Date();
  await sleep(20);
  return at;
}

describe('a tracking link shows the driver only between pickup and delivery', () => {
  it('shows no position while the load waits for pickup, the driver only after pickup, and nothing newer after delivery', async () => {
    const company = tenants.companyA;
    const driver = await driverWithAccount(company);
    const { driverId } = driver;
    // Assigned this morning for a pickup today, created three hours ago; the driver is at home meanwhile.
    const loadId = await createLoad(tenants.services.db, company.users.dispatcher, {
      driverId,
      status: 'assigned',
      createdAt: ago(3 * HOUR),
    });
    await addPosition(company, driver, ago(2 * HOUR), 32.7767, -96.797);
    await addPosition(company, driver, await justAfter(), 32.78, -96.8);
    const dispatcher = await as('dispatcher');
    const { token } = await dispatcher.tracking.createLink({ loadId });
    const view = async () => (await anonymous()).tracking.view({ token });
    expect(await view()).toMatchObject({ status: 'assigned', lastPosition: null, eta: null });

    await dispatcher.loads.changeStatus({ id: loadId, status: 'picked' });
    expect(await view()).toMatchObject({ status: 'picked', lastPosition: null });
    const onTheRoad = await justAfter();
    await addPosition(company, driver, onTheRoad, 33.5186, -86.8104);
    const picked = await view();
    expect(picked).toMatchObject({ status: 'picked', lastPosition: { lat: 33.5186, lng: -86.8104 } });
    expect(new Date(picked.lastPosition?.recordedAt ?? 0).getTime()).toBe(onTheRoad.getTime());

    await dispatcher.loads.changeStatus({ id: loadId, status: 'in_transit' });
    await dispatcher.loads.changeStatus({ id: loadId, status: 'delivered' });
    // The driver drives on, home or to another customer's load: the link keeps the last position before delivery.
    await addPosition(company, driver, await justAfter(), 34.0, -84.0);
    expect(await view()).toMatchObject({ status: 'delivered', lastPosition: { lat: 33.5186, lng: -86.8104 }, eta: null });
  });

  it("shows nothing for another of the driver's loads that waits, while the driver moves on the first", async () => {
    const company = tenants.companyA;
    const driver = await driverWithAccount(company);
    const { driverId } = driver;
    await createLoad(tenants.services.db, company.users.dispatcher, { driverId, status: 'in_transit', createdAt: ago(2 * HOUR) });
    const next = await createLoad(tenants.services.db, company.users.dispatcher, {
      driverId,
      status: 'assigned',
      createdAt: ago(2 * HOUR),
    });
    await addPosition(company, driver, ago(HOUR), 32.3, -90.2);
    const { token } = await (await as('dispatcher')).tracking.createLink({ loadId: next });
    expect(await (await anonymous()).tracking.view({ token })).toMatchObject({ status: 'assigned', lastPosition: null });
  });

  it('shows nothing for a cancelled load', async () => {
    const company = tenants.companyA;
    const driver = await driverWithAccount(company);
    const { driverId } = driver;
    const loadId = await createLoad(tenants.services.db, company.users.dispatcher, {
      driverId,
      status: 'in_transit',
      createdAt: ago(2 * HOUR),
    });
    await addPosition(company, driver, ago(HOUR), 32.3, -90.2);
    const dispatcher = await as('dispatcher');
    const { token } = await dispatcher.tracking.createLink({ loadId });
    expect(await (await anonymous()).tracking.view({ token })).toMatchObject({ lastPosition: { lat: 32.3, lng: -90.2 } });
    await dispatcher.loads.changeStatus({ id: loadId, status: 'cancelled' });
    expect(await (await anonymous()).tracking.view({ token })).toMatchObject({ status: 'cancelled', lastPosition: null });
  });
});
