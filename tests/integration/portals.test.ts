import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { withCompany } from '../../server/src/db/with-company.js';
import { seedDemoFleet } from '../../server/src/seed/demo-fleet.js';
import { PORTAL_TEXTS } from '#shared/schemas/portal.js';
import {
  createBroker,
  createCarrier,
  createDriver,
  createLoad,
  createMember,
  createTestCompany,
  setLoadStatus,
  TEST_PASSWORD,
  uniqueEmail,
} from '../support/factories.js';
import { callerFor } from '../support/harness.js';
import { settle } from '../support/http.js';
import { useTenants } from '../support/tenants.js';
import { linkCarrierUser, linkDriverAccount } from './security/matrix/portal.js';

/** The driver and carrier portals: a driver's own record, figures and load steps; a carrier user's carrier. */
const tenants = useTenants();
const { as } = tenants;

describe('portal.driver', () => {
  it('shows the driver’s own record, company, dispatcher and the spec’s four figures', async () => {
    const company = tenants.companyA;
    const dispatcher = company.users.dispatcher;
    const driverId = await linkDriverAccount(tenants.services, company, { consent: false });
    const db = tenants.services.db;
    const delivered = await createLoad(db, dispatcher, { driverId, status: 'delivered', rate: '1000.00' });
    await createLoad(db, dispatcher, { driverId, status: 'delivered', rate: '250.50' });
    await createLoad(db, dispatcher, { driverId, status: 'pending', rate: '999.00' });
    await createLoad(db, dispatcher, { driverId, status: 'in_transit', rate: '10.00' });
    await createLoad(db, dispatcher, { driverId, status: 'picked', rate: '10.00' });
    // Another driver's load never shows.
    await createLoad(db, dispatcher, { driverId: await createDriver(db, dispatcher), status: 'delivered', rate: '5000.00' });
    // One delivered load is invoiced and paid: no longer pending payment.
    const invoice = await tenants.owner
      .insertInto('invoices')
      .values({
        companyId: company.companyId,
        loadId: delivered,
        invoiceNumber: 'INV-20261101-001',
        amount: '1000.00',
        invoiceDate: '2026-11-01',
        dueDate: '2026-12-01',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const status of ['sent', 'paid'] as const) {
      await tenants.owner.updateTable('invoices').set({ status }).where('id', '=', invoice.id).execute();
    }

    const portal = await (await as('driver')).portal.driver();
    // No position shared yet: no place either.
    expect(portal.driver).toMatchObject({ id: driverId, gpsConsent: false, lat: null, lng: null, place: null });
    expect(portal.companyName).toBe(company.name);
    expect(portal.dispatcher).toMatchObject({ firstName: 'Dee' });
    expect(portal.stats).toMatchObject({ earnings: '1250.50', pendingPayments: 1, pendingPaymentsAmount: '250.50', activeLoads: 2 });
    expect(portal.loads).toHaveLength(5);
  });

  it('answers no driver and nothing of the company to an account without a driver record', async () => {
    const portal = await (await as('sales')).portal.driver();
    expect(portal).toMatchObject({ driver: null, dispatcher: null, loads: [] });
  });

  it('turns consent on and off on the driver’s own record only', async () => {
    const driverId = await linkDriverAccount(tenants.services, tenants.companyA, { consent: false });
    const driver = await as('driver');
    expect(await driver.portal.setConsent({ consent: true })).toEqual({ gpsConsent: true });
    expect((await driver.portal.driver()).driver?.gpsConsent).toBe(true);
    await driver.portal.setConsent({ consent: false });
    const row = await tenants.owner.selectFrom('drivers').select('gpsConsent').where('id', '=', driverId).executeTakeFirstOrThrow();
    expect(row.gpsConsent).toBe(false);
    expect((await settle((await as('dispatcher')).portal.setConsent({ consent: true })))?.code).toBe('FORBIDDEN');
  });
});

describe('portal.setLoadStatus', () => {
  it('moves the driver’s own load one step at a time: picked, in_transit, delivered', async () => {
    const company = tenants.companyA;
    const driverId = await linkDriverAccount(tenants.services, company);
    const loadId = await createLoad(tenants.services.db, company.users.dispatcher, { driverId, status: 'assigned' });
    const driver = await as('driver');
    const skip = await settle(driver.portal.setLoadStatus({ loadId, status: 'delivered' }));
    expect(skip?.code).toBe('BAD_REQUEST');
    expect(skip?.message).toContain('Invalid status');
    for (const status of ['picked', 'in_transit', 'delivered'] as const) {
      expect(await driver.portal.setLoadStatus({ loadId, status })).toEqual({ id: loadId, status });
    }
    // Not a driver's step at all.
    expect((await settle(driver.portal.setLoadStatus({ loadId, status: 'cancelled' as never })))?.code).toBe('BAD_REQUEST');
  });

  it('finds no other driver’s load and no other company’s, alike', async () => {
    const company = tenants.companyA;
    await linkDriverAccount(tenants.services, company);
    const otherDriver = await createDriver(tenants.services.db, company.users.dispatcher);
    const notMine = await createLoad(tenants.services.db, company.users.dispatcher, { driverId: otherDriver, status: 'assigned' });
    const foreignDriver = await linkDriverAccount(tenants.services, tenants.companyB);
    const foreign = await createLoad(tenants.services.db, tenants.companyB.users.dispatcher, {
      driverId: foreignDriver,
      status: 'assigned',
    });
    const driver = await as('driver');
    const a = await settle(driver.portal.setLoadStatus({ loadId: notMine, status: 'picked' }));
    const b = await settle(driver.portal.setLoadStatus({ loadId: foreign, status: 'picked' }));
    expect({ code: a?.code, message: a?.message }).toEqual({ code: 'NOT_FOUND', message: 'Load not found' });
    expect({ code: b?.code, message: b?.message }).toEqual({ code: 'NOT_FOUND', message: 'Load not found' });
  });
});

describe('portal.driver loads (issue 27, item 1)', () => {
  it('carry what a driver drives by: addresses, notes, reference, broker and phone, each end located', async () => {
    const company = tenants.companyA;
    const db = tenants.services.db;
    const driverId = await linkDriverAccount(tenants.services, company);
    const brokerId = await createBroker(db, company.users.admin, { name: 'Pat Contact' });
    await tenants.owner
      .updateTable('brokers')
      .set({ companyName: 'Lane Brokerage', phone: '+1 555 010 0199' })
      .where('id', '=', brokerId)
      .execute();
    const loadId = await createLoad(db, company.users.dispatcher, { driverId, status: 'assigned' });
    await withCompany(db, company.users.dispatcher, (tx) =>
      tx
        .updateTable('loads')
        .set({ brokerId, referenceNumber: 'PO-7781', pickupNotes: 'Dock 4, appointment 08:00', pickupDate: '2026-12-01' })
        .where('id', '=', loadId)
        .execute(),
    );
    const portal = await (await as('driver')).portal.driver();
    const load = portal.loads.find((row) => row.id === loadId);
    expect(load).toMatchObject({
      referenceNumber: 'PO-7781',
      pickupLocation: '1200 Industrial Pkwy',
      pickupCity: 'Dallas',
      pickupState: 'TX',
      pickupNotes: 'Dock 4, appointment 08:00',
      pickupDate: '2026-12-01',
      deliveryLocation: '88 Harbor Rd',
      deliveryCity: 'Atlanta',
      deliveryState: 'GA',
      brokerName: 'Lane Brokerage',
      brokerPhone: '+1 555 010 0199',
    });
    expect(load?.pickupPoint?.lat).toBeCloseTo(32.8, 0);
    expect(load?.deliveryPoint?.lat).toBeCloseTo(33.8, 0);
    // A load written with only its lane: its two ends as stops, the pickup's notes on the first.
    expect(load?.stops.map((stop) => [stop.type, stop.city, stop.notes])).toEqual([
      ['pickup', 'Dallas', 'Dock 4, appointment 08:00'],
      ['drop', 'Atlanta', null],
    ]);
  });

  it('carry every stop of a multi-stop load in order, with its facility, window, references and contact', async () => {
    const company = tenants.companyA;
    const driverId = await linkDriverAccount(tenants.services, company);
    const stop = (type: 'pickup' | 'drop', city: string, state: string, extra: Record<string, unknown> = {}) => ({
      type,
      facilityName: `${city} Warehouse`,
      address: `1 ${city} Rd`,
      city,
      state,
      zip: '75201',
      contactName: 'Pat Dock',
      contactPhone: '555-010-2020',
      date: '2026-12-01',
      fromTime: '08:00',
      toTime: '10:00',
      firstComeFirstServed: false,
      poNumber: 'PO-1',
      pickupNumber: 'PU-1',
      notes: 'Call ahead',
      ...extra,
    });
    const dispatcher = await as('dispatcher');
    const created = await dispatcher.loads.create({
      loadNumber: `PORTAL-STOPS-${Date.now()}`,
      driverId,
      stops: [
        stop('pickup', 'Dallas', 'TX'),
        stop('drop', 'Memphis', 'TN', { date: '2026-12-02', fromTime: null, toTime: null, firstComeFirstServed: true }),
        stop('drop', 'Atlanta', 'GA', { date: '2026-12-03', fromTime: '14:00', toTime: '16:30', notes: 'Dock 9' }),
      ],
    });
    const portal = await (await as('driver')).portal.driver();
    const load = portal.loads.find((row) => row.id === created.id);
    expect(load?.stops).toHaveLength(3);
    expect(load?.stops[1]).toMatchObject({ type: 'drop', facilityName: 'Memphis Warehouse', city: 'Memphis', firstComeFirstServed: true });
    expect(load?.stops[2]).toMatchObject({
      fromTime: '14:00',
      toTime: '16:30',
      notes: 'Dock 9',
      poNumber: 'PO-1',
      contactPhone: '555-010-2020',
    });
  });
});

describe('portal.undoLoadStatus', () => {
  it('takes back the driver’s own step within the minute, exactly one step', async () => {
    const company = tenants.companyA;
    const driverId = await linkDriverAccount(tenants.services, company);
    const loadId = await createLoad(tenants.services.db, company.users.dispatcher, { driverId, status: 'assigned' });
    const driver = await as('driver');
    await driver.portal.setLoadStatus({ loadId, status: 'picked' });
    expect(await driver.portal.undoLoadStatus({ loadId, status: 'picked' })).toEqual({ id: loadId, status: 'assigned' });
    for (const status of ['picked', 'in_transit', 'delivered'] as const) await driver.portal.setLoadStatus({ loadId, status });
    expect(await driver.portal.undoLoadStatus({ loadId, status: 'delivered' })).toEqual({ id: loadId, status: 'in_transit' });
    const row = await tenants.owner.selectFrom('loads').select('status').where('id', '=', loadId).executeTakeFirstOrThrow();
    expect(row.status).toBe('in_transit');
    // One step only: the undo is not a step of the driver's to take back again.
    const again = await settle(driver.portal.undoLoadStatus({ loadId, status: 'in_transit' }));
    expect({ code: again?.code, message: again?.message }).toEqual({ code: 'CONFLICT', message: PORTAL_TEXTS.undoNotYours });
    // A status the load is not at is refused as such.
    const wrong = await settle(driver.portal.undoLoadStatus({ loadId, status: 'delivered' }));
    expect(wrong?.code).toBe('BAD_REQUEST');
  });

  it('refuses once the minute has passed', async () => {
    const company = tenants.companyA;
    const driverId = await linkDriverAccount(tenants.services, company);
    const loadId = await createLoad(tenants.services.db, company.users.dispatcher, { driverId, status: 'assigned' });
    const driver = await as('driver');
    await driver.portal.setLoadStatus({ loadId, status: 'picked' });
    // The step was made 61 seconds ago.
    await tenants.owner
      .updateTable('auditLogs')
      .set({ createdAt: sql<Date>`created_at - interval '61 seconds'` })
      .where('entityType', '=', 'loads')
      .where('entityId', '=', loadId)
      .execute();
    const late = await settle(driver.portal.undoLoadStatus({ loadId, status: 'picked' }));
    expect({ code: late?.code, message: late?.message }).toEqual({ code: 'CONFLICT', message: PORTAL_TEXTS.undoExpired });
    const row = await tenants.owner.selectFrom('loads').select('status').where('id', '=', loadId).executeTakeFirstOrThrow();
    expect(row.status).toBe('picked');
  });

  it('refuses a change someone else made, and finds no other driver’s load', async () => {
    const company = tenants.companyA;
    const db = tenants.services.db;
    const driverId = await linkDriverAccount(tenants.services, company);
    const loadId = await createLoad(db, company.users.dispatcher, { driverId, status: 'assigned' });
    // The dispatcher moved it, a moment ago: not the driver's to take back.
    await setLoadStatus(db, company.users.dispatcher, loadId, 'picked');
    const driver = await as('driver');
    const theirs = await settle(driver.portal.undoLoadStatus({ loadId, status: 'picked' }));
    expect({ code: theirs?.code, message: theirs?.message }).toEqual({ code: 'CONFLICT', message: PORTAL_TEXTS.undoNotYours });

    // Another driver's load (stepped by that driver's account just now) and another company's: not found, alike.
    const other = await createMember(tenants.services, company.companyId, { role: null });
    const otherDriver = await linkDriverAccount(tenants.services, company, { userId: other.userId });
    const notMine = await createLoad(db, company.users.dispatcher, { driverId: otherDriver, status: 'assigned' });
    await (await callerFor(tenants.services, other)).portal.setLoadStatus({ loadId: notMine, status: 'picked' });
    const foreignDriver = await linkDriverAccount(tenants.services, tenants.companyB);
    const foreign = await createLoad(db, tenants.companyB.users.dispatcher, { driverId: foreignDriver, status: 'picked' });
    const a = await settle(driver.portal.undoLoadStatus({ loadId: notMine, status: 'picked' }));
    const b = await settle(driver.portal.undoLoadStatus({ loadId: foreign, status: 'picked' }));
    expect({ code: a?.code, message: a?.message }).toEqual({ code: 'NOT_FOUND', message: 'Load not found' });
    expect({ code: b?.code, message: b?.message }).toEqual({ code: 'NOT_FOUND', message: 'Load not found' });
    const row = await tenants.owner.selectFrom('loads').select('status').where('id', '=', notMine).executeTakeFirstOrThrow();
    expect(row.status).toBe('picked');
  });
});

describe('portal.carrier', () => {
  it('shows a carrier user its carrier, that carrier’s drivers and their loads, nothing else', async () => {
    const company = tenants.companyA;
    const db = tenants.services.db;
    const carrierId = await createCarrier(db, company.users.admin, { name: 'Portal Carrier' });
    await withCompany(db, company.users.admin, (tx) =>
      tx.updateTable('carriers').set({ contractSigned: true }).where('id', '=', carrierId).execute(),
    );
    const user = await createMember(tenants.services, company.companyId, { role: null });
    await linkCarrierUser(tenants.services, company, carrierId, user.userId);
    const [first, fellow] = [
      await createDriver(db, company.users.admin),
      await createDriver(db, company.users.admin, { firstName: 'Fellow' }),
    ];
    await withCompany(db, company.users.admin, (tx) =>
      tx.updateTable('drivers').set({ carrierId }).where('id', 'in', [first, fellow]).execute(),
    );
    const outsider = await createDriver(db, company.users.admin, { firstName: 'Outsider' });
    const fellowLoad = await createLoad(db, company.users.dispatcher, { driverId: fellow });
    const firstLoad = await createLoad(db, company.users.dispatcher, { driverId: first });
    const outsiderLoad = await createLoad(db, company.users.dispatcher, { driverId: outsider });

    const carrierUser = await callerFor(tenants.services, user);
    expect(await carrierUser.auth.session()).toMatchObject({ role: null, portal: 'carrier' });
    const portal = await carrierUser.portal.carrier();
    expect(portal.carrier).toMatchObject({ id: carrierId, name: 'Portal Carrier', contractSigned: true });
    // A carrier user is not a driver: no driver record of theirs, nothing a driver does.
    expect((await carrierUser.portal.driver()).driver).toBeNull();
    expect((await settle(carrierUser.portal.setConsent({ consent: true })))?.code).toBe('FORBIDDEN');
    expect(portal.drivers.map((driver) => driver.id).sort()).toEqual([first, fellow].sort());
    const loadIds = portal.loads.map((load) => load.id);
    expect(loadIds).toEqual(expect.arrayContaining([fellowLoad, firstLoad]));
    expect(loadIds).not.toContain(outsiderLoad);
  });

  it('refuses a driver whose record has a carrier: no carrier, no colleagues, no loads with rates (issue 24, item 3)', async () => {
    const company = tenants.companyB;
    const db = tenants.services.db;
    const carrierId = await createCarrier(db, company.users.admin, { name: 'Colleagues Carrier' });
    const ownDriver = await linkDriverAccount(tenants.services, company, { carrierId });
    const colleague = await createDriver(db, company.users.admin, { firstName: 'Colleague' });
    await withCompany(db, company.users.admin, (tx) => tx.updateTable('drivers').set({ carrierId }).where('id', '=', colleague).execute());
    const colleagueLoad = await createLoad(db, company.users.dispatcher, { driverId: colleague, rate: '4200.00' });
    const ownLoad = await createLoad(db, company.users.dispatcher, { driverId: ownDriver });

    const driver = await as('driver', company);
    expect(await driver.auth.session()).toMatchObject({ role: null, portal: 'driver' });
    expect(await driver.portal.carrier()).toEqual({ carrier: null, drivers: [], loads: [] });
    // Their own portal is the driver's, with their own load only.
    const own = await driver.portal.driver();
    expect(own.driver?.id).toBe(ownDriver);
    expect(own.loads.map((load) => load.id)).toEqual([ownLoad]);
    expect(own.loads.map((load) => load.id)).not.toContain(colleagueLoad);
  });

  it('answers no carrier to a driver without one and to staff', async () => {
    await linkDriverAccount(tenants.services, tenants.companyB, { carrierId: null });
    expect(await (await as('driver', tenants.companyB)).portal.carrier()).toEqual({ carrier: null, drivers: [], loads: [] });
    expect(await (await as('admin')).portal.carrier()).toEqual({ carrier: null, drivers: [], loads: [] });
  });
});

describe('the demo fleet seed', () => {
  it('links the driver account to a driver with loads, consent and a track, and a carrier user to a carrier’s driver, once', async () => {
    const services = tenants.services;
    const company = await createTestCompany(services);
    const admin = company.users.admin;
    const hauler = await createDriver(services.db, admin, { firstName: 'Hauler' });
    await withCompany(services.db, admin, (tx) =>
      tx
        .updateTable('drivers')
        .set({ currentLocationLat: '35.000000', currentLocationLng: '-90.000000' })
        .where('id', '=', hauler)
        .execute(),
    );
    await createLoad(services.db, admin, { driverId: hauler, status: 'delivered', rate: '800.00' });
    await createLoad(services.db, admin, { driverId: hauler, status: 'in_transit' });
    const carrierId = await createCarrier(services.db, admin);
    const carrierDriver = await createDriver(services.db, admin, { firstName: 'Carrier' });
    await withCompany(services.db, admin, (tx) => tx.updateTable('drivers').set({ carrierId }).where('id', '=', carrierDriver).execute());
    const carrier = { email: uniqueEmail('carrier'), firstName: 'Carla', lastName: 'Reyes', phone: '+1 555 010 0106' };
    const accounts = { driverEmail: company.users.driver.email, carrier };
    await seedDemoFleet(services.db, company.companyId, TEST_PASSWORD, accounts);
    await seedDemoFleet(services.db, company.companyId, TEST_PASSWORD, accounts);

    const portal = await (await as('driver', company)).portal.driver();
    // Places, not coordinates: the driver (who may not ask geo.describe) gets the place from the server, as staff get it from geo.describe.
    expect(portal.driver).toMatchObject({ id: hauler, gpsConsent: true, lat: 35, lng: -90, place: 'Southaven, MS' });
    expect((await (await as('dispatcher', company)).geo.describe({ points: [{ lat: 35, lng: -90 }] })).places).toEqual(['Southaven, MS']);
    expect(portal.stats).toMatchObject({ earnings: '800.00', activeLoads: 1 });
    // One name per person (issue 27, item 3): the record and its loads carry the account's name.
    const session = await (await as('driver', company)).auth.session();
    expect(portal.driver).toMatchObject({ firstName: session?.user.firstName, lastName: session?.user.lastName });
    const names = await tenants.owner.selectFrom('loads').select('driverName').where('driverId', '=', hauler).execute();
    expect(new Set(names.map((row) => row.driverName))).toEqual(new Set([`${session?.user.firstName} ${session?.user.lastName}`]));
    const track = await tenants.owner.selectFrom('positions').select('idempotencyKey').where('driverId', '=', hauler).execute();
    expect(track).toHaveLength(24);
    const carrierUser = await tenants.owner.selectFrom('users').select('id').where('email', '=', carrier.email).executeTakeFirstOrThrow();
    const carrierCaller = await callerFor(services, {
      userId: carrierUser.id,
      email: carrier.email,
      companyId: company.companyId,
      role: null,
    });
    expect((await carrierCaller.portal.carrier()).carrier).toMatchObject({ id: carrierId, contractSigned: true });
    // The demo carrier user is the carrier's user, not one of its drivers (issue 24, item 3).
    expect(await carrierCaller.auth.session()).toMatchObject({ portal: 'carrier' });
    expect(await tenants.owner.selectFrom('drivers').select('id').where('userId', '=', carrierUser.id).execute()).toEqual([]);
    // The record it was "invited through" carries its address, so the carrier's invite dialog lists it as the carrier's user.
    expect(await tenants.owner.selectFrom('drivers').select('carrierId').where('email', '=', carrier.email).execute()).toEqual([
      { carrierId },
    ]);
    expect(await tenants.owner.selectFrom('carrierUsers').select('carrierId').where('userId', '=', carrierUser.id).execute()).toEqual([
      { carrierId },
    ]);
  });
});
