import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTenants } from '../../support/tenants.js';
import { linkDriverAccount } from '../security/matrix/portal.js';
import { ATLANTA, DALLAS, loadWithStops } from './fixtures.js';

/**
 * Issue 31, items 2-4: positions reported through the real positions.report procedure record
 * arrivals and departures at a load's stops, move its status with the company's setting on (and
 * not with it off), can be undone, and accrue detention at the broker's terms.
 */
const tenants = useTenants();
const { as } = tenants;

const MINUTE = 60_000;
const base = Date.now() - 6 * 60 * MINUTE;
const at = (minute: number) => new Date(base + minute * MINUTE).toISOString();
const near = (point: { lat: number; lng: number }, milesNorth = 0) => ({ lat: point.lat + milesNorth / 69.05, lng: point.lng });
const fix = (minute: number, point: { lat: number; lng: number }) => ({
  idempotencyKey: randomUUID(),
  recordedAt: at(minute),
  lat: Number(point.lat.toFixed(6)),
  lng: Number(point.lng.toFixed(6)),
  accuracy: 10,
});

/** A truck 10 miles out, then at the pickup from minute 10 to 40, then gone (out from minute 42). */
const pickupVisit = [
  fix(0, near(DALLAS, 10)),
  fix(10, near(DALLAS, 0.2)),
  fix(11, near(DALLAS, 0.3)),
  fix(13, near(DALLAS, 0.1)),
  fix(40, near(DALLAS, 0.1)),
  fix(42, near(DALLAS, 3)),
  fix(44, near(DALLAS, 6)),
  fix(46, near(DALLAS, 9)),
];
/** At the delivery from minute 300 to 320, gone from minute 322. */
const deliveryVisit = [
  fix(300, near(ATLANTA, 0.4)),
  fix(303, near(ATLANTA, 0.2)),
  fix(320, near(ATLANTA, 0.2)),
  fix(322, near(ATLANTA, 4)),
  fix(326, near(ATLANTA, 8)),
];

const stopsOf = (loadId: string) =>
  tenants.owner
    .selectFrom('loadStops')
    .select(['id', 'position', 'arrivedAt', 'departedAt'])
    .where('loadId', '=', loadId)
    .orderBy('position')
    .execute();
const statusOf = async (loadId: string) =>
  (await tenants.owner.selectFrom('loads').select('status').where('id', '=', loadId).executeTakeFirstOrThrow()).status;
const setAutoStatus = (companyId: string, on: boolean) =>
  tenants.owner.updateTable('companies').set({ geofenceAutoStatus: on }).where('id', '=', companyId).execute();

describe('geofences from positions.report', () => {
  it('records arrival and departure at the entering and leaving positions, moves the status with auto status on, and undoes', async () => {
    const company = tenants.companyA;
    await setAutoStatus(company.companyId, true);
    const driverId = await linkDriverAccount(tenants.services, company);
    const { loadId } = await loadWithStops(tenants.services.db, company.users.sales, { driverId, status: 'assigned', brokerRate: '60.00' });
    const driver = await as('driver');
    // In two batches, the first shuffled: the detector reads them in time order and carries its state across.
    await driver.positions.report({ positions: [pickupVisit[2], pickupVisit[0], pickupVisit[1]] as typeof pickupVisit });
    expect((await stopsOf(loadId))[0]?.arrivedAt).toBeNull();
    const touched = async () =>
      (await tenants.owner.selectFrom('loads').select('updatedAt').where('id', '=', loadId).executeTakeFirstOrThrow()).updatedAt.getTime();
    const before = await touched();
    await driver.positions.report({ positions: pickupVisit.slice(3) });
    // The visit touched the load: its live notice re-reads open load screens (and their stops).
    expect(await touched()).toBeGreaterThan(before);
    const [pickup] = await stopsOf(loadId);
    expect(pickup?.arrivedAt?.toISOString()).toBe(at(10));
    expect(pickup?.departedAt?.toISOString()).toBe(at(42));
    expect(await statusOf(loadId)).toBe('picked');

    await driver.positions.report({ positions: deliveryVisit });
    const delivery = (await stopsOf(loadId))[1];
    expect(delivery?.arrivedAt?.toISOString()).toBe(at(300));
    expect(delivery?.departedAt?.toISOString()).toBe(at(322));
    expect(await statusOf(loadId)).toBe('delivered');

    // The load's history shows them, by the system.
    const dispatcher = await as('dispatcher');
    const history = await dispatcher.loads.history({ id: loadId });
    const visits = history.entries.filter((entry) => ['arrived', 'departed'].includes(entry.kind));
    expect(visits.map(({ kind, from, to, by }) => ({ kind, from, to, by }))).toEqual([
      { kind: 'arrived', from: 'pickup', to: 'Dallas, TX', by: null },
      { kind: 'departed', from: 'pickup', to: 'Dallas, TX', by: null },
      { kind: 'arrived', from: 'delivery', to: 'Atlanta, GA', by: null },
      { kind: 'departed', from: 'delivery', to: 'Atlanta, GA', by: null },
    ]);
    const statuses = history.entries.filter((entry) => entry.kind === 'status');
    expect(statuses.slice(-2).map(({ from, to, by }) => ({ from, to, by }))).toEqual([
      { from: 'assigned', to: 'picked', by: null },
      { from: 'picked', to: 'delivered', by: null },
    ]);

    // The dispatcher undoes the delivery's departure: the load is back to picked up.
    await dispatcher.geofences.undoVisit({ stopId: delivery?.id as string, what: 'departure' });
    expect((await stopsOf(loadId))[1]?.departedAt).toBeNull();
    expect(await statusOf(loadId)).toBe('picked');
    const after = await dispatcher.loads.history({ id: loadId });
    expect(after.entries.slice(-2).map(({ kind, from, to }) => ({ kind, from, to }))).toEqual(
      expect.arrayContaining([
        { kind: 'departureUndone', from: 'delivery', to: 'Atlanta, GA' },
        { kind: 'status', from: 'delivered', to: 'picked' },
      ]),
    );
    expect(after.entries.slice(-2).every((entry) => entry.by !== null)).toBe(true);
    // Undoing an arrival clears its departure too.
    await dispatcher.geofences.undoVisit({ stopId: pickup?.id as string, what: 'arrival' });
    expect((await stopsOf(loadId))[0]).toMatchObject({ arrivedAt: null, departedAt: null });
    await expect(dispatcher.geofences.undoVisit({ stopId: pickup?.id as string, what: 'arrival' })).rejects.toMatchObject({
      message: 'No arrival to undo',
    });
  });

  it('with auto status off, records the visit and leaves the status', async () => {
    const company = tenants.companyA;
    await setAutoStatus(company.companyId, false);
    const driverId = await linkDriverAccount(tenants.services, company);
    const { loadId } = await loadWithStops(tenants.services.db, company.users.sales, { driverId, status: 'assigned' });
    const driver = await as('driver');
    await driver.positions.report({ positions: pickupVisit });
    const [pickup] = await stopsOf(loadId);
    expect(pickup?.arrivedAt?.toISOString()).toBe(at(10));
    expect(pickup?.departedAt?.toISOString()).toBe(at(42));
    expect(await statusOf(loadId)).toBe('assigned');
  });

  it('detention: time beyond the broker’s free hours at its rate, shown per stop and added to the invoice once', async () => {
    const company = tenants.companyA;
    const driverId = await linkDriverAccount(tenants.services, company);
    // The broker allows 15 minutes free: the pickup's 32 minutes are 17 minutes of detention at $60/h.
    const { loadId } = await loadWithStops(tenants.services.db, company.users.sales, {
      driverId,
      status: 'assigned',
      brokerRate: '60.00',
      brokerFreeHours: '0.25',
    });
    const driver = await as('driver');
    await driver.positions.report({ positions: pickupVisit });
    const dispatcher = await as('dispatcher');
    const { stops } = await dispatcher.geofences.stopVisits({ loadId });
    expect(stops[0]).toMatchObject({
      role: 'pickup',
      minutesAtStop: 32,
      freeHours: '0.25',
      detentionMinutes: 17,
      detentionHours: '0.28',
      detentionRate: '60.00',
      detentionAmount: '17.00',
      detentionInvoiced: false,
    });
    expect(stops[1]).toMatchObject({ role: 'delivery', arrivedAt: null, detentionAmount: '0.00' });
    // The delivery has no arrival: nothing to add.
    await expect(dispatcher.geofences.addDetention({ stopId: stops[1]?.id as string })).rejects.toMatchObject({
      message: 'The truck has not arrived at this stop',
    });
    await dispatcher.geofences.addDetention({ stopId: stops[0]?.id as string });
    const load = await dispatcher.loads.get({ id: loadId });
    const line = load.accessorials.find((charge) => charge.type === 'detention');
    expect(line?.amount).toBe('17.00');
    expect(line?.description).toMatch(
      /^Detention at Stop 1 \(Dallas, TX\): arrived .+, departed .+; 0\.28 h beyond 0\.25 h free at \$60\.00\/h$/,
    );
    expect(load.rate).toBe('2467.00');
    await expect(dispatcher.geofences.addDetention({ stopId: stops[0]?.id as string })).rejects.toMatchObject({
      message: 'Detention for this stop is already on the load',
    });
    expect((await dispatcher.geofences.stopVisits({ loadId })).stops[0]?.detentionInvoiced).toBe(true);
    // The company's default (2 hours) applies without the broker's override: no detention for 32 minutes.
    const other = await loadWithStops(tenants.services.db, company.users.sales, {
      brokerRate: '60.00',
      pickup: { arrivedAt: at(10), departedAt: at(42) },
    });
    expect((await dispatcher.geofences.stopVisits({ loadId: other.loadId })).stops[0]).toMatchObject({
      freeHours: '2.00',
      detentionAmount: '0.00',
    });
  });

  it("another company's driver never touches this company's stops, and their loads' stops answer as missing", async () => {
    const driverId = await linkDriverAccount(tenants.services, tenants.companyA);
    const { loadId, pickupId } = await loadWithStops(tenants.services.db, tenants.companyA.users.sales, { driverId, status: 'assigned' });
    // Company B's own driver drives through company A's pickup.
    await linkDriverAccount(tenants.services, tenants.companyB);
    const outsider = await as('driver', tenants.companyB);
    await outsider.positions.report({ positions: pickupVisit });
    expect((await stopsOf(loadId))[0]).toMatchObject({ arrivedAt: null, departedAt: null });
    const states = await tenants.owner.selectFrom('stopGeofenceStates').selectAll().where('stopId', '=', pickupId).execute();
    expect(states).toEqual([]);
    const dispatcherB = await as('dispatcher', tenants.companyB);
    await expect(dispatcherB.geofences.stopVisits({ loadId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(dispatcherB.geofences.undoVisit({ stopId: pickupId, what: 'arrival' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('company defaults: admins change them (a bad radius names its field), others read them; broker terms set and cleared', async () => {
    const admin = await as('admin');
    const saved = await admin.geofences.updateSettings({
      radiusMiles: '0.5',
      arrivalDwellMinutes: 1,
      departureDwellMinutes: 4,
      autoStatus: false,
      detentionFreeHours: '1.5',
    });
    expect(saved).toEqual({
      radiusMiles: '0.50',
      arrivalDwellMinutes: 1,
      departureDwellMinutes: 4,
      autoStatus: false,
      detentionFreeHours: '1.50',
      canEdit: true,
    });
    expect(await (await as('dispatcher')).geofences.settings()).toMatchObject({ radiusMiles: '0.50', canEdit: false });
    const refused = await admin.geofences
      .updateSettings({ radiusMiles: '30', arrivalDwellMinutes: 2, departureDwellMinutes: 3, autoStatus: false, detentionFreeHours: '2' })
      .catch((error: unknown) => error as { message: string });
    expect(JSON.stringify(refused)).toContain('Radius must be between 0.1 and 25 miles');
    await admin.geofences.updateSettings({
      radiusMiles: '1',
      arrivalDwellMinutes: 2,
      departureDwellMinutes: 3,
      autoStatus: false,
      detentionFreeHours: '2',
    });

    const { brokerId } = await loadWithStops(tenants.services.db, tenants.companyA.users.sales);
    const dispatcher = await as('dispatcher');
    expect(await dispatcher.geofences.setBrokerTerms({ brokerId, detentionFreeHours: '3', detentionRate: '82.5' })).toEqual({
      brokerId,
      detentionFreeHours: '3.00',
      detentionRate: '82.50',
    });
    expect(await dispatcher.geofences.setBrokerTerms({ brokerId, detentionFreeHours: '', detentionRate: null })).toEqual({
      brokerId,
      detentionFreeHours: null,
      detentionRate: null,
    });
    await expect((await as('dispatcher', tenants.companyB)).geofences.brokerTerms({ brokerId })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });

    // A stop's own radius, and back to the company's with a blank.
    const { loadId, pickupId } = await loadWithStops(tenants.services.db, tenants.companyA.users.sales);
    await dispatcher.geofences.setStopRadius({ stopId: pickupId, radiusMiles: '2.5' });
    expect((await dispatcher.geofences.stopVisits({ loadId })).stops[0]?.radiusMiles).toBe('2.50');
    await dispatcher.geofences.setStopRadius({ stopId: pickupId, radiusMiles: '' });
    expect((await dispatcher.geofences.stopVisits({ loadId })).stops[0]?.radiusMiles).toBe('1.00');
    await expect(dispatcher.geofences.setStopRadius({ stopId: pickupId, radiusMiles: '40' })).rejects.toMatchObject({
      message: expect.stringContaining('Radius must be between 0.1 and 25 miles'),
    });
  });
});
