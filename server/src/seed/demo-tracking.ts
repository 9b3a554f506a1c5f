import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { trackingPath } from '#shared/schemas/tracking.js';
import type { Db } from '../db/database.js';
import { withCompany } from '../db/with-company.js';
import { hashTrackingToken } from '../domains/tracking/tracking-token.js';
import { loadGazetteer } from '../services/geo/gazetteer.js';

/**
 * The demo's public tracking link: a fixed token, so the page can be opened from the README and
 * the docs. Only in the demo workspace, which is never seeded in production (its accounts share a
 * public password too).
 */
export const DEMO_TRACKING_TOKEN = 'summit-demo-in-transit-track';
export const DEMO_TRACKING_PATH = trackingPath(DEMO_TRACKING_TOKEN);

const MINUTE = 60_000;
/** Positions of the lane before the demo driver's own recent ones: one every 10 minutes. */
const LANE_POINTS = 36;
const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Tracks and tracking links in the demo (issue 14), once: the demo driver's active load is in
 * transit, with a track along its lane (from the pickup city to the recent positions demo-fleet
 * gave the driver), so its Map tab draws a line, and an active tracking link made by the
 * dispatcher (30 days). Positions go in as the driver's own account, as the database demands.
 */
export async function seedDemoTracking(db: Db, companyId: string, driverEmail = 'driver@summit.demo'): Promise<void> {
  const driverUser = await db.selectFrom('users').select('id').where('email', '=', driverEmail).executeTakeFirst();
  if (!driverUser) return;
  const dispatcher = await withCompany(db, { companyId, userId: null }, (tx) =>
    tx.selectFrom('userRoles').select('userId').where('companyId', '=', companyId).where('role', '=', 'dispatcher').executeTakeFirst(),
  );
  if (!dispatcher) return;
  const now = Date.now();

  const plan = await withCompany(db, { companyId, userId: dispatcher.userId }, async (tx) => {
    const linked = await tx.selectFrom('trackingLinks').select('id').where('companyId', '=', companyId).limit(1).executeTakeFirst();
    if (linked) return null;
    const driver = await tx
      .selectFrom('drivers')
      .select(['id', 'currentLocationLat', 'currentLocationLng'])
      .where('companyId', '=', companyId)
      .where('userId', '=', driverUser.id)
      .executeTakeFirst();
    if (!driver) return null;
    const load = await tx
      .selectFrom('loads')
      .select(['id', 'pickupCity', 'pickupState', 'pickupDate', 'status'])
      .where('companyId', '=', companyId)
      .where('driverId', '=', driver.id)
      .where('status', 'in', ['assigned', 'picked', 'in_transit'])
      .orderBy(sql`status = 'in_transit'`, 'desc')
      .orderBy('createdAt', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!load) return null;
    // Picked up this morning and on the road now: its window (load_track_window) holds the track below.
    const pickupDate = isoDate(new Date(now - 12 * 60 * MINUTE));
    if (load.status !== 'in_transit' || !load.pickupDate || load.pickupDate > pickupDate) {
      await tx
        .updateTable('loads')
        .set({ status: 'in_transit', pickupDate })
        .where('companyId', '=', companyId)
        .where('id', '=', load.id)
        .execute();
    }
    // The lane's track ends where the driver's own recent positions begin (or where the driver is).
    const first = await tx
      .selectFrom('positions')
      .select(['lat', 'lng', 'recordedAt'])
      .where('companyId', '=', companyId)
      .where('driverId', '=', driver.id)
      .orderBy('recordedAt', 'asc')
      .limit(1)
      .executeTakeFirst();
    const end = first
      ? { lat: Number(first.lat), lng: Number(first.lng), at: new Date(first.recordedAt).getTime() }
      : driver.currentLocationLat !== null && driver.currentLocationLng !== null
        ? { lat: Number(driver.currentLocationLat), lng: Number(driver.currentLocationLng), at: now }
        : null;
    if (!end) return null;
    const origin = (await loadGazetteer()).locate(load.pickupCity, load.pickupState) ?? { lat: end.lat - 1.5, lng: end.lng - 2 };
    await tx
      .insertInto('trackingLinks')
      .values({
        companyId,
        loadId: load.id,
        tokenHash: hashTrackingToken(DEMO_TRACKING_TOKEN),
        expiresAt: new Date(now + 30 * 24 * 60 * MINUTE),
        createdBy: dispatcher.userId,
      })
      .execute();
    return { driverId: driver.id, origin, end };
  });
  if (!plan) return;

  const { driverId, origin, end } = plan;
  await withCompany(db, { companyId, userId: driverUser.id }, (tx) =>
    tx
      .insertInto('positions')
      .values(
        Array.from({ length: LANE_POINTS }, (_, index) => {
          const progress = index / LANE_POINTS;
          // A road is never a straight line: a gentle, repeatable sway across the lane.
          const sway = Math.sin(index / 3) * 0.04;
          return {
            companyId,
            driverId,
            idempotencyKey: randomUUID(),
            recordedAt: new Date(end.at - (LANE_POINTS - index) * 10 * MINUTE),
            lat: (origin.lat + (end.lat - origin.lat) * progress + sway).toFixed(6),
            lng: (origin.lng + (end.lng - origin.lng) * progress - sway).toFixed(6),
            accuracy: 12,
          };
        }),
      )
      .execute(),
  );
}
