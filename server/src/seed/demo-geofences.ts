import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { withCompany } from '../db/with-company.js';
import { stopPoints } from '../domains/geofences/stop-points.js';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Demo geofences (issue 31, items 2-4): every stop gets its point (the ZIP's or city's centre, as
 * the app writes it), the brokers a detention rate ($75/h; the first one 1.5 free hours), the
 * loads under way an arrival and departure at their pickup (three hours there: an hour of
 * detention), and one assigned load a truck at its pickup for 2.5 hours now (detention running).
 * Written by the system (no user): the history says "by System". Idempotent.
 */
export async function seedDemoGeofences(db: Db, companyId: string): Promise<void> {
  await withCompany(db, { companyId, userId: null }, async (tx) => {
    const done = await tx.selectFrom('loadStops').select('id').where('arrivedAt', 'is not', null).limit(1).executeTakeFirst();
    if (done) return;
    const stops = await tx.selectFrom('loadStops').select(['id', 'zip', 'city', 'state']).where('lat', 'is', null).limit(5000).execute();
    const points = await stopPoints(stops);
    const located = stops.flatMap((stop, index) => {
      const point = points[index];
      return point ? [{ id: stop.id, lat: point.lat.toFixed(6), lng: point.lng.toFixed(6) }] : [];
    });
    if (located.length > 0) {
      await sql`
        update load_stops s set lat = p.lat, lng = p.lng
        from unnest(${located.map((row) => row.id)}::uuid[], ${located.map((row) => row.lat)}::numeric[], ${located.map((row) => row.lng)}::numeric[])
          as p (id, lat, lng)
        where s.id = p.id`.execute(tx);
    }
    await tx.updateTable('brokers').set({ detentionRate: '75.00' }).where('detentionRate', 'is', null).execute();
    const first = await tx.selectFrom('brokers').select('id').orderBy('createdAt').orderBy('id').limit(1).executeTakeFirst();
    if (first) await tx.updateTable('brokers').set({ detentionFreeHours: '1.50' }).where('id', '=', first.id).execute();

    const now = Date.now();
    const underWay = await tx
      .selectFrom('loadStops as s')
      .innerJoin('loads as l', (join) => join.onRef('l.companyId', '=', 's.companyId').onRef('l.id', '=', 's.loadId'))
      .select(['s.id'])
      .where('s.position', '=', 0)
      .where('l.status', 'in', ['picked', 'in_transit'])
      .orderBy('l.createdAt', 'desc')
      .limit(8)
      .execute();
    for (const [index, stop] of underWay.entries()) {
      const arrived = now - (26 + index) * HOUR_MS;
      await tx
        .updateTable('loadStops')
        .set({ arrivedAt: new Date(arrived).toISOString(), departedAt: new Date(arrived + 3 * HOUR_MS).toISOString() })
        .where('id', '=', stop.id)
        .execute();
    }
    const waiting = await tx
      .selectFrom('loadStops as s')
      .innerJoin('loads as l', (join) => join.onRef('l.companyId', '=', 's.companyId').onRef('l.id', '=', 's.loadId'))
      .select(['s.id'])
      .where('s.position', '=', 0)
      .where('l.status', '=', 'assigned')
      .orderBy('l.createdAt', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (waiting) {
      await tx
        .updateTable('loadStops')
        .set({ arrivedAt: new Date(now - 2.5 * HOUR_MS).toISOString() })
        .where('id', '=', waiting.id)
        .execute();
    }
  });
}
