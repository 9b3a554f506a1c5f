import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { addMember } from '../auth/accounts.js';
import type { Db } from '../db/database.js';
import { withCompany } from '../db/with-company.js';

/** The demo carrier user: the user of a carrier (carrier_users), invited through one of its driver records (docs/fleet.md). */
export const DEMO_CARRIER_ACCOUNT = {
  email: 'carrier@summit.demo',
  firstName: 'Carla',
  lastName: 'Reyes',
  phone: '+1 555 010 0106',
} as const;
const DEMO_DRIVER_EMAIL = 'driver@summit.demo';
/** Positions of the demo driver's track, one every 10 minutes up to the driver's current position. */
const TRACK_POINTS = 24;

async function userIdOf(db: Db, email: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return row?.id ?? null;
}

/**
 * The demo workspace's driver and carrier accounts (issue 14), once: driver@summit.demo is linked
 * to the driver hauling the most loads (delivered ones for earnings, an active one) with location
 * sharing on and a track of positions; carrier@summit.demo (created here) is the user of a carrier
 * (carrier_users), as if invited through one of its drivers' records (that record carries its email).
 * Idempotent: an account already linked is left as it is.
 */
export async function seedDemoFleet(
  db: Db,
  companyId: string,
  password: string,
  accounts: { driverEmail: string; carrier: { email: string; firstName: string; lastName: string; phone: string } } = {
    driverEmail: DEMO_DRIVER_EMAIL,
    carrier: DEMO_CARRIER_ACCOUNT,
  },
): Promise<void> {
  const driverUser = await userIdOf(db, accounts.driverEmail);
  let carrierUser = await userIdOf(db, accounts.carrier.email);
  if (!carrierUser) {
    ({ userId: carrierUser } = await addMember(db, companyId, { ...accounts.carrier, password, role: null, emailVerified: true }));
  }

  if (driverUser) {
    const linked = await withCompany(db, { companyId, userId: null }, async (tx) => {
      const already = await tx
        .selectFrom('drivers')
        .select('id')
        .where('companyId', '=', companyId)
        .where('userId', '=', driverUser)
        .executeTakeFirst();
      if (already) return null;
      // The driver with an active load and the most delivered ones.
      const pick = await tx
        .selectFrom('loads')
        .innerJoin('drivers', 'drivers.id', 'loads.driverId')
        .select(['drivers.id', 'drivers.currentLocationLat as lat', 'drivers.currentLocationLng as lng'])
        .where('loads.companyId', '=', companyId)
        .where('drivers.userId', 'is', null)
        .where('drivers.carrierId', 'is', null)
        .where('drivers.currentLocationLat', 'is not', null)
        .groupBy('drivers.id')
        .having(sql<boolean>`bool_or(loads.status in ('assigned', 'picked', 'in_transit'))`)
        .orderBy(sql`count(*) filter (where loads.status = 'delivered')`, 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!pick) return null;
      const dispatcher = await tx
        .selectFrom('userRoles')
        .select('userId')
        .where('companyId', '=', companyId)
        .where('role', '=', 'dispatcher')
        .executeTakeFirst();
      // One name per person (issue 27, item 3): the record takes the account's name and address, so
      // the sidebar, the portal's welcome and every load it hauls say the same.
      const profile = await tx.selectFrom('profiles').select(['firstName', 'lastName']).where('userId', '=', driverUser).executeTakeFirst();
      const name = profile ? { firstName: profile.firstName, lastName: profile.lastName, email: accounts.driverEmail } : {};
      await tx
        .updateTable('drivers')
        .set({ userId: driverUser, gpsConsent: true, dispatcherId: dispatcher?.userId ?? null, lastLocationUpdate: new Date(), ...name })
        .where('companyId', '=', companyId)
        .where('id', '=', pick.id)
        .execute();
      if (profile) {
        // Loads keep the name they were assigned with (the assignment trigger sets driver_name, so
        // the typed schema offers no update of it): these were assigned to this record before it
        // took the account's name.
        await sql`update loads set driver_name = ${`${profile.firstName} ${profile.lastName}`}
          where company_id = ${companyId} and driver_id = ${pick.id}`.execute(tx);
      }
      return { id: pick.id, lat: Number(pick.lat), lng: Number(pick.lng) };
    });
    if (linked) {
      // The driver's own track (positions are inserted only as the driver's own account), ending where the driver is now.
      await withCompany(db, { companyId, userId: driverUser }, (tx) =>
        tx
          .insertInto('positions')
          .values(
            Array.from({ length: TRACK_POINTS }, (_, index) => {
              const stepsBack = TRACK_POINTS - 1 - index;
              return {
                companyId,
                driverId: linked.id,
                idempotencyKey: randomUUID(),
                recordedAt: new Date(Date.now() - stepsBack * 10 * 60_000),
                lat: (linked.lat - stepsBack * 0.02).toFixed(6),
                lng: (linked.lng - stepsBack * 0.03).toFixed(6),
                accuracy: 8,
              };
            }),
          )
          .execute(),
      );
    }
  }

  const carrierUserId = carrierUser;
  await withCompany(db, { companyId, userId: null }, async (tx) => {
    const already = await tx
      .selectFrom('carrierUsers')
      .select('userId')
      .where('companyId', '=', companyId)
      .where('userId', '=', carrierUserId)
      .executeTakeFirst();
    if (already) return;
    const pick = await tx
      .selectFrom('drivers')
      .select(['id', 'carrierId'])
      .where('companyId', '=', companyId)
      .where('carrierId', 'is not', null)
      .where('userId', 'is', null)
      .orderBy('createdAt')
      .limit(1)
      .executeTakeFirst();
    if (!pick?.carrierId) return;
    // As an accepted carrier invitation leaves it: the invitation named this record (its email), and
    // the account is the user of the record's carrier, not linked to the record (issue 24, item 3).
    await tx
      .updateTable('drivers')
      .set({ email: accounts.carrier.email })
      .where('companyId', '=', companyId)
      .where('id', '=', pick.id)
      .execute();
    await tx.insertInto('carrierUsers').values({ companyId, userId: carrierUserId, carrierId: pick.carrierId }).execute();
    await tx
      .updateTable('carriers')
      .set({ contractSigned: true })
      .where('companyId', '=', companyId)
      .where('id', '=', pick.carrierId)
      .execute();
  });
}
