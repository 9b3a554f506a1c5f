import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stopPoints } from '../../../server/src/domains/geofences/stop-points.js';
import { expectTrpcError, userFacingError } from '../../support/http.js';
import { useTenants } from '../../support/tenants.js';
import { ATLANTA, loadWithStops } from './fixtures.js';

/**
 * Issue 31, item 2: "A dispatcher can ... move the point on the Map tab". geofences.setStopPoint
 * moves a stop's fence to a point in the US (field-named errors otherwise), drops the detector's
 * state for that stop only, is audited on the load by the dispatcher and touches the load (its live
 * notice re-reads open load screens); geofences.resetStopPoint puts it back at the ZIP's or city's
 * centre; a departed stop's point stays. Who may call them, and a foreign stop answering as a
 * missing one, is the authorization matrix's (matrix/geofences.ts). stopVisits' times end in Z.
 */
const tenants = useTenants();
const { as } = tenants;

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

async function fieldError(call: Promise<unknown>, path: string) {
  const error = await expectTrpcError(call, 'BAD_REQUEST');
  const shown = userFacingError(error, path);
  return { message: shown.message, field: shown.data.field };
}

const statesOf = (stopIds: string[]) =>
  tenants.owner.selectFrom('stopGeofenceStates').select('stopId').where('stopId', 'in', stopIds).orderBy('stopId').execute();
const pointOf = async (stopId: string) =>
  tenants.owner.selectFrom('loadStops').select(['lat', 'lng']).where('id', '=', stopId).executeTakeFirstOrThrow();
const touchedAt = async (loadId: string) =>
  (await tenants.owner.selectFrom('loads').select('updatedAt').where('id', '=', loadId).executeTakeFirstOrThrow()).updatedAt.getTime();

describe('geofences.setStopPoint and resetStopPoint', () => {
  it('a dispatcher moves the delivery point, which clears only its detector state, is audited and touches the load; reset puts it back', async () => {
    const company = tenants.companyA;
    const { loadId, pickupId, deliveryId } = await loadWithStops(tenants.services.db, company.users.sales);
    // The detector had runs going at both stops.
    await tenants.owner
      .insertInto('stopGeofenceStates')
      .values(
        [pickupId, deliveryId].map((stopId) => ({
          companyId: company.companyId,
          stopId,
          runStartedAt: hoursAgo(1),
          lastAt: hoursAgo(0.5),
        })),
      )
      .execute();
    const before = await touchedAt(loadId);
    const dispatcher = await as('dispatcher');

    // As the form sends it: text typed in the fields.
    expect(await dispatcher.geofences.setStopPoint({ stopId: deliveryId, lat: ' 33.80123456 ', lng: '-84.3' })).toEqual({ ok: true });
    expect(await pointOf(deliveryId)).toEqual({ lat: '33.801235', lng: '-84.300000' });
    const visit = (await dispatcher.geofences.stopVisits({ loadId })).stops[1];
    expect(visit).toMatchObject({ role: 'delivery', lat: '33.801235', lng: '-84.300000', radiusMiles: '1.00' });
    // Only the moved stop's run is forgotten.
    expect(await statesOf([pickupId, deliveryId])).toEqual([{ stopId: pickupId }]);
    expect(await touchedAt(loadId)).toBeGreaterThan(before);
    const audit = await tenants.owner
      .selectFrom('auditLogs')
      .select(['userId', 'action', 'changes'])
      .where('entityType', '=', 'loads')
      .where('entityId', '=', loadId)
      .where(sql<boolean>`changes -> 'changed_fields' ? 'stop_lat'`)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ userId: company.users.dispatcher.userId, action: 'updated' });
    const fields = (audit[0]?.changes as { changedFields: Record<string, { old: unknown; new: unknown }> }).changedFields;
    expect(fields.stopLat).toEqual({ old: ATLANTA.lat.toFixed(6), new: '33.801235' });
    expect(fields.stopLng).toEqual({ old: ATLANTA.lng.toFixed(6), new: '-84.300000' });
    expect(fields.stop?.new).toMatchObject({ position: 1, city: 'Atlanta', state: 'GA', last: true });

    // Numbers are taken as well (the REST API, a script).
    await dispatcher.geofences.setStopPoint({ stopId: pickupId, lat: 32.8, lng: -96.8 });
    expect(await pointOf(pickupId)).toEqual({ lat: '32.800000', lng: '-96.800000' });
    expect(await statesOf([pickupId, deliveryId])).toEqual([]);

    // Back to the city's centre from the offline gazetteer (the fixture's stops have no ZIP).
    const [atlanta] = await stopPoints([{ zip: null, city: 'Atlanta', state: 'GA' }]);
    expect(await dispatcher.geofences.resetStopPoint({ stopId: deliveryId })).toEqual({ ok: true });
    expect(await pointOf(deliveryId)).toEqual({ lat: atlanta?.lat.toFixed(6), lng: atlanta?.lng.toFixed(6) });

    // A ZIP code known offline wins over the city.
    await tenants.owner.updateTable('loadStops').set({ zip: '30303' }).where('id', '=', deliveryId).execute();
    const [zip] = await stopPoints([{ zip: '30303', city: 'Atlanta', state: 'GA' }]);
    await dispatcher.geofences.resetStopPoint({ stopId: deliveryId });
    expect(await pointOf(deliveryId)).toEqual({ lat: zip?.lat.toFixed(6), lng: zip?.lng.toFixed(6) });

    // A stop whose ZIP and city are unknown offline has nothing to go back to.
    await tenants.owner.updateTable('loadStops').set({ zip: null, city: 'Qqzzxville' }).where('id', '=', deliveryId).execute();
    expect(await fieldError(dispatcher.geofences.resetStopPoint({ stopId: deliveryId }), 'geofences.resetStopPoint')).toEqual({
      message: 'No ZIP code or city point is known for this stop',
      field: 'stopId',
    });
    expect(await pointOf(deliveryId)).toEqual({ lat: zip?.lat.toFixed(6), lng: zip?.lng.toFixed(6) });
  });

  it('a changed radius is audited on the load and touches it too', async () => {
    const { loadId, pickupId } = await loadWithStops(tenants.services.db, tenants.companyA.users.sales);
    const before = await touchedAt(loadId);
    const dispatcher = await as('dispatcher');
    await dispatcher.geofences.setStopRadius({ stopId: pickupId, radiusMiles: '2.5' });
    expect(await touchedAt(loadId)).toBeGreaterThan(before);
    const rows = await tenants.owner
      .selectFrom('auditLogs')
      .select(['changes'])
      .where('entityId', '=', loadId)
      .where(sql<boolean>`changes -> 'changed_fields' ? 'stop_geofence_radius_miles'`)
      .execute();
    expect(rows.map((row) => (row.changes as { changedFields: Record<string, unknown> }).changedFields.stopGeofenceRadiusMiles)).toEqual([
      { old: null, new: '2.50' },
    ]);
    // The same radius again changes nothing, and writes nothing.
    await dispatcher.geofences.setStopRadius({ stopId: pickupId, radiusMiles: '2.50' });
    const again = await tenants.owner
      .selectFrom('auditLogs')
      .select('id')
      .where('entityId', '=', loadId)
      .where(sql<boolean>`changes -> 'changed_fields' ? 'stop_geofence_radius_miles'`)
      .execute();
    expect(again).toHaveLength(1);
  });

  it('refuses a point outside the US, blank or not a number, naming the field, and writes nothing', async () => {
    const { deliveryId } = await loadWithStops(tenants.services.db, tenants.companyA.users.sales);
    const dispatcher = await as('dispatcher');
    const path = 'geofences.setStopPoint';
    const set = (lat: unknown, lng: unknown) => dispatcher.geofences.setStopPoint({ stopId: deliveryId, lat, lng } as never);
    // London.
    expect(await fieldError(set('51.5072', '-0.1276'), path)).toEqual({ message: 'Pick a point in the United States', field: 'lng' });
    // South of the Florida Keys and of Hawaii.
    expect(await fieldError(set(10.5, -84.3), path)).toEqual({ message: 'Pick a point in the United States', field: 'lat' });
    expect(await fieldError(set('', '-84.3'), path)).toEqual({ message: 'Latitude is required', field: 'lat' });
    expect(await fieldError(set('33.7', 'west'), path)).toEqual({ message: 'Longitude must be a number', field: 'lng' });
    expect(await fieldError(set('33.7', 'Infinity'), path)).toEqual({ message: 'Longitude must be a number', field: 'lng' });
    expect(await fieldError(set(null, '-84.3'), path)).toEqual({ message: 'Latitude must be a number', field: 'lat' });
    expect(await fieldError(dispatcher.geofences.setStopPoint({ stopId: 'nope', lat: 33, lng: -84 }), path)).toEqual({
      message: 'Stop is invalid',
      field: 'stopId',
    });
    expect(await pointOf(deliveryId)).toEqual({ lat: ATLANTA.lat.toFixed(6), lng: ATLANTA.lng.toFixed(6) });
  });

  it("a departed stop's point can be neither moved nor reset", async () => {
    const { pickupId } = await loadWithStops(tenants.services.db, tenants.companyA.users.sales, {
      pickup: { arrivedAt: hoursAgo(3), departedAt: hoursAgo(1) },
    });
    const dispatcher = await as('dispatcher');
    const message = 'The truck has left this stop: its point can no longer be moved';
    expect(
      await fieldError(dispatcher.geofences.setStopPoint({ stopId: pickupId, lat: 32.9, lng: -96.9 }), 'geofences.setStopPoint'),
    ).toEqual({
      message,
      field: 'stopId',
    });
    expect(await fieldError(dispatcher.geofences.resetStopPoint({ stopId: pickupId }), 'geofences.resetStopPoint')).toEqual({
      message,
      field: 'stopId',
    });
    expect(await pointOf(pickupId)).toEqual({ lat: '32.776700', lng: '-96.797000' });
  });

  it("another company's dispatcher finds no such stop", async () => {
    const { deliveryId } = await loadWithStops(tenants.services.db, tenants.companyA.users.sales);
    const outsider = await as('dispatcher', tenants.companyB);
    await expect(outsider.geofences.setStopPoint({ stopId: deliveryId, lat: 33.9, lng: -84.2 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(outsider.geofences.resetStopPoint({ stopId: deliveryId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await pointOf(deliveryId)).toEqual({ lat: ATLANTA.lat.toFixed(6), lng: ATLANTA.lng.toFixed(6) });
  });

  it('stopVisits writes its times in UTC ending in Z', async () => {
    const arrivedAt = '2026-11-28T14:05:06.789Z';
    const { loadId } = await loadWithStops(tenants.services.db, tenants.companyA.users.sales, {
      pickup: { arrivedAt, departedAt: '2026-11-28T16:00:00.000Z' },
    });
    const [pickup] = (await (await as('dispatcher')).geofences.stopVisits({ loadId })).stops;
    expect(pickup?.arrivedAt).toBe(arrivedAt);
    expect(pickup?.departedAt).toBe('2026-11-28T16:00:00.000Z');
  });

  it('never answers INTERNAL_SERVER_ERROR on arbitrary input (fast-check)', async () => {
    const admin = await as('admin');
    const made = await loadWithStops(tenants.services.db, tenants.companyA.users.sales);
    const anyText = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.constantFrom('', ' ', '1e3', '-1', '1e400', '0x10', '\u0000', 'NaN', '33.7', '-84.4'),
    );
    const anyValue = fc.oneof(anyText, fc.integer(), fc.double(), fc.constant(null), fc.constant(undefined), fc.boolean());
    const anyId = fc.oneof(fc.constantFrom(made.pickupId, made.deliveryId, made.loadId), fc.uuid(), anyText);
    await fc.assert(
      fc.asyncProperty(anyId, anyValue, anyValue, async (id, lat, lng) => {
        for (const call of [
          () => admin.geofences.setStopPoint({ stopId: id, lat, lng } as never),
          () => admin.geofences.resetStopPoint({ stopId: id } as never),
        ]) {
          try {
            await call();
          } catch (error) {
            expect(error).toBeInstanceOf(TRPCError);
            expect((error as TRPCError).code).not.toBe('INTERNAL_SERVER_ERROR');
          }
        }
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
