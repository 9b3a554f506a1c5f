import { sql, type RawBuilder } from 'kysely';
import { haversineMiles } from '#shared/rules/geo.js';
import { addMember } from '../auth/accounts.js';
import { hashPassword } from '../auth/password.js';
import type { Db, Tx } from '../db/database.js';
import { withCompany } from '../db/with-company.js';
import { AT_RISK_MPH, isAtRisk } from '../domains/loads/loads.repository.js';
import { loadGazetteer } from '../services/geo/gazetteer.js';
import { pointAlong } from './demo-simulator.js';

/**
 * Live work in the demo (issue 26, item 8), relative to when it is seeded:
 * - a few more drivers on the road get a portal account of their own (driver2@summit.demo, ...),
 *   since only a driver's own account may report its positions: the demo simulation
 *   (demo-simulator.ts) moves them along their lanes while a development server runs;
 * - late loads: in transit past their delivery date, and pending past their pickup date;
 * - at-risk loads: on the road, due today, their driver farther from the delivery city than the
 *   hours left allow at 50 mph.
 * Only dates, statuses' dates and driver positions change; the loads themselves are the operation's.
 * Idempotent: each part adds only what is missing.
 */

/** Drivers on the road, besides driver@summit.demo, who report positions in the demo. */
const MOVING_DRIVER_ACCOUNTS = ['driver2@summit.demo', 'driver3@summit.demo', 'driver4@summit.demo'] as const;
/** At least this many of each kind of late load, and of loads at risk. */
const LATE_IN_TRANSIT = 2;
const LATE_PENDING = 2;
const AT_RISK = 2;

const DAY = 86_400_000;
const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);

export async function seedDemoLiveWork(db: Db, companyId: string, password: string, now = Date.now()): Promise<void> {
  await linkMovingDrivers(db, companyId, password);
  await seedLateAndAtRisk(db, companyId, now);
}

/** Portal accounts for on-route drivers without one (no carrier's), sharing their location. */
async function linkMovingDrivers(db: Db, companyId: string, password: string): Promise<void> {
  const existing = new Set(
    (await db.selectFrom('users').select('email').where('email', 'in', MOVING_DRIVER_ACCOUNTS).execute()).map((row) => row.email),
  );
  const missing = MOVING_DRIVER_ACCOUNTS.filter((email) => !existing.has(email));
  if (missing.length === 0) return;
  const picks = await withCompany(db, { companyId, userId: null }, (tx) =>
    tx
      .selectFrom('drivers')
      .innerJoin('loads', (join) => join.onRef('loads.companyId', '=', 'drivers.companyId').onRef('loads.driverId', '=', 'drivers.id'))
      .select(['drivers.id', 'drivers.firstName', 'drivers.lastName', 'drivers.phone'])
      .where('drivers.companyId', '=', companyId)
      .where('drivers.userId', 'is', null)
      .where('drivers.carrierId', 'is', null)
      .where('drivers.gpsConsent', '=', true)
      .where('drivers.currentLocationLat', 'is not', null)
      .where('loads.status', '=', 'in_transit')
      .groupBy('drivers.id')
      .orderBy('drivers.lastName')
      .orderBy('drivers.id')
      .limit(missing.length)
      .execute(),
  );
  if (picks.length === 0) return;
  const passwordHash = await hashPassword(password);
  for (const [index, pick] of picks.entries()) {
    const email = missing[index];
    if (!email) break;
    const { userId } = await addMember(db, companyId, {
      email,
      firstName: pick.firstName,
      lastName: pick.lastName,
      phone: pick.phone,
      password,
      passwordHash,
      role: null,
      emailVerified: true,
    });
    await withCompany(db, { companyId, userId: null }, (tx) =>
      tx
        .updateTable('drivers')
        .set({ userId, email, lastLocationUpdate: new Date() })
        .where('companyId', '=', companyId)
        .where('id', '=', pick.id)
        .execute(),
    );
  }
}

/** A load's pickup and delivery dates, and its first and last stop's appointment dates with them. */
async function reschedule(tx: Tx, companyId: string, loadId: string, pickupDate: string, deliveryDate: string): Promise<void> {
  await tx.updateTable('loads').set({ pickupDate, deliveryDate }).where('companyId', '=', companyId).where('id', '=', loadId).execute();
  await sql`update load_stops s set appointment_date = case when s.position = 0 then ${pickupDate}::date else ${deliveryDate}::date end
    where s.company_id = ${companyId}::uuid and s.load_id = ${loadId}::uuid
      and (s.position = 0 or s.position = (select max(last.position) from load_stops last
        where last.company_id = s.company_id and last.load_id = s.load_id))`.execute(tx);
}

async function seedLateAndAtRisk(db: Db, companyId: string, now: number): Promise<void> {
  const today = isoDate(now);
  const dispatcher = await withCompany(db, { companyId, userId: null }, (tx) =>
    tx.selectFrom('userRoles').select('userId').where('companyId', '=', companyId).where('role', '=', 'dispatcher').executeTakeFirst(),
  );
  // As the dispatcher who rescheduled them: audited like any edit.
  await withCompany(db, { companyId, userId: dispatcher?.userId ?? null }, async (tx) => {
    const count = async (condition: RawBuilder<boolean>) => {
      const row = await sql<{ count: number }>`select count(*)::int as count from loads
        where company_id = ${companyId}::uuid and ${condition}`.execute(tx);
      return row.rows[0]?.count ?? 0;
    };
    /** Open loads of drivers nobody's account moves (the simulation moves the others), newest first. */
    const candidates = (statuses: readonly string[], limit: number) =>
      sql<{ id: string }>`select l.id from loads l left join drivers d on d.company_id = l.company_id and d.id = l.driver_id
        where l.company_id = ${companyId}::uuid and l.status in (${sql.join(statuses)}) and d.user_id is null
          and (l.delivery_date is null or l.delivery_date >= ${today}::date)
          and (l.pickup_date is null or l.pickup_date >= ${today}::date or l.status not in ('pending', 'assigned'))
        order by l.created_at desc, l.id limit ${limit}`
        .execute(tx)
        .then((result) => result.rows.map((row) => row.id));

    // In transit past the delivery date.
    const lateInTransit = await count(sql<boolean>`status = 'in_transit' and delivery_date < ${today}::date`);
    for (const id of await candidates(['in_transit'], Math.max(0, LATE_IN_TRANSIT - lateInTransit))) {
      await reschedule(tx, companyId, id, isoDate(now - 4 * DAY), isoDate(now - DAY));
    }
    // Pending past the pickup date.
    const latePending = await count(sql<boolean>`status = 'pending' and pickup_date < ${today}::date`);
    for (const id of await candidates(['pending'], Math.max(0, LATE_PENDING - latePending))) {
      await reschedule(tx, companyId, id, isoDate(now - DAY), isoDate(now + DAY));
    }
  });
  await seedAtRisk(db, companyId, dispatcher?.userId ?? null, now);
}

/**
 * Loads on the road due today whose driver is too far from the delivery city: the driver is
 * placed on the lane that far out. The longest lanes first (the hours left today may ask for
 * more than a thousand miles); a lane too short for it is skipped.
 */
async function seedAtRisk(db: Db, companyId: string, dispatcherId: string | null, now: number): Promise<void> {
  const today = isoDate(now);
  const hoursLeft = (Date.parse(`${today}T00:00:00Z`) + DAY - now) / 3_600_000;
  const wanted = hoursLeft * AT_RISK_MPH * 1.3 + 40;
  const gazetteer = await loadGazetteer();
  await withCompany(db, { companyId, userId: dispatcherId }, async (tx) => {
    // The loads already at risk: due today, on the road, their driver too far out. A load due today
    // whose driver is close enough is not one (the demo's own dates put some there, by the hour).
    const dueToday = await tx
      .selectFrom('loads')
      .innerJoin('drivers', (join) => join.onRef('drivers.companyId', '=', 'loads.companyId').onRef('drivers.id', '=', 'loads.driverId'))
      .select([
        'loads.status',
        'loads.deliveryCity',
        'loads.deliveryState',
        'drivers.currentLocationLat as lat',
        'drivers.currentLocationLng as lng',
      ])
      .where('loads.companyId', '=', companyId)
      .where('loads.status', 'in', ['picked', 'in_transit'])
      .where('loads.deliveryDate', '=', today)
      .execute();
    const atRiskAlready = dueToday.filter(
      (load) =>
        load.lat !== null &&
        load.lng !== null &&
        isAtRisk({ ...load, deliveryDate: today }, { lat: Number(load.lat), lng: Number(load.lng) }, gazetteer, now),
    ).length;
    if (atRiskAlready >= AT_RISK) return;
    const loads = await tx
      .selectFrom('loads')
      .innerJoin('drivers', (join) => join.onRef('drivers.companyId', '=', 'loads.companyId').onRef('drivers.id', '=', 'loads.driverId'))
      .select(['loads.id', 'loads.driverId', 'loads.pickupCity', 'loads.pickupState', 'loads.deliveryCity', 'loads.deliveryState'])
      .where('loads.companyId', '=', companyId)
      .where('loads.status', '=', 'in_transit')
      .where('drivers.userId', 'is', null)
      .where('drivers.gpsConsent', '=', true)
      .where((eb) => eb.or([eb('loads.deliveryDate', 'is', null), eb('loads.deliveryDate', '>', today)]))
      .orderBy('loads.createdAt', 'desc')
      .execute();
    const lanes = loads
      .map((load) => {
        const from = gazetteer.locate(load.pickupCity, load.pickupState);
        const to = gazetteer.locate(load.deliveryCity, load.deliveryState);
        return from && to ? { ...load, from, to, miles: haversineMiles(from, to) } : null;
      })
      .filter((lane) => lane !== null && lane.miles * 0.95 > wanted)
      .sort((a, b) => (b?.miles ?? 0) - (a?.miles ?? 0));
    const used = new Set<string>();
    for (const lane of lanes.slice(0, AT_RISK + 2)) {
      if (!lane?.driverId || used.has(lane.driverId) || used.size >= AT_RISK - atRiskAlready) continue;
      used.add(lane.driverId);
      const position = pointAlong(lane.from, lane.to, 1 - wanted / lane.miles);
      await reschedule(tx, companyId, lane.id, isoDate(now - DAY), today);
      await tx
        .updateTable('drivers')
        .set({
          currentLocationLat: position.lat.toFixed(6),
          currentLocationLng: position.lng.toFixed(6),
          lastLocationUpdate: new Date(now - 3 * 60_000),
          status: 'on_route',
        })
        .where('companyId', '=', companyId)
        .where('id', '=', lane.driverId)
        .execute();
    }
  });
}
