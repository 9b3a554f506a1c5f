import { sql, type Kysely } from 'kysely';
import type { LoadStatus } from '#shared/constants.js';
import type { Database } from '../../db/schema.js';
import type { Scope } from '../../db/scope.js';
import { updateRecord } from '../../db/records.js';
import { detect, needsWrite, type Fix, type WatchedStop } from './detect.js';
import { queueDetentionChecks } from './detention-tasks.js';

type Db = Kysely<Database>;

/**
 * The stops a driver's batch is compared with, as the ingest statement reads them (one CTE of
 * storeOwnPositions, no round trip of its own): the not-yet-departed stops with a point of the
 * driver's active loads, each with its fence and the detector's state, and the company's settings.
 */
export interface WatchedRow {
  id: string;
  loadId: string;
  position: number;
  last: boolean;
  lat: string | number;
  lng: string | number;
  radius: string | number;
  arrivedAt: string | null;
  departedAt: string | null;
  runStartedAt: string | null;
  lastAt: string | null;
}

export interface WatchSettings {
  arrivalDwellMinutes: number;
  departureDwellMinutes: number;
  autoStatus: boolean;
}

/** The SQL of the CTE (kept here beside its reader): `me` is the ingest's driver row. */
export const watchedStopsSql = sql`
  select coalesce(jsonb_agg(jsonb_build_object(
      'id', s.id, 'loadId', s.load_id, 'position', s.position,
      'last', not exists (select 1 from load_stops n where n.company_id = s.company_id and n.load_id = s.load_id and n.position > s.position),
      'lat', s.lat, 'lng', s.lng, 'radius', coalesce(s.geofence_radius_miles, c.geofence_radius_miles),
      'arrivedAt', s.arrived_at, 'departedAt', s.departed_at, 'runStartedAt', g.run_started_at, 'lastAt', g.last_at)), '[]'::jsonb) as stops,
    jsonb_build_object('arrivalDwellMinutes', min(c.geofence_arrival_dwell_minutes),
      'departureDwellMinutes', min(c.geofence_departure_dwell_minutes), 'autoStatus', bool_or(c.geofence_auto_status)) as settings
  from me
  join loads l on l.company_id = me.company_id and l.driver_id = me.id and l.status in ('assigned', 'picked', 'in_transit')
  join load_stops s on s.company_id = l.company_id and s.load_id = l.id and s.departed_at is null and s.lat is not null
  join companies c on c.id = me.company_id
  left join stop_geofence_states g on g.company_id = s.company_id and g.stop_id = s.id
  where me.gps_consent`;

const time = (value: string | null): number | null => (value === null ? null : Date.parse(value));
const iso = (value: number | null): string | null => (value === null ? null : new Date(value).toISOString());

/**
 * Runs the detector over a stored batch and writes what it found, in the ingest's transaction.
 * Nothing is written when no state changed (a truck driving between stops, or waiting at one);
 * otherwise one statement writes the states, and each arrival or departure (rare) is written
 * through the stops (their trigger audits it for the load, "by System") and, with the company's
 * auto status on, a departure moves the load's status through updateRecord, as the status selector
 * does.
 */
export async function runGeofences(
  db: Db,
  tenant: { companyId: string; userId: string },
  rows: readonly WatchedRow[],
  settings: WatchSettings | null,
  fixes: readonly Fix[],
): Promise<void> {
  if (rows.length === 0 || settings === null || fixes.length === 0) return;
  const scope: Scope = {
    companyId: tenant.companyId,
    userId: tenant.userId,
    role: null,
    isMasterAdmin: false,
    readsCompanyId: tenant.companyId,
  };
  const watched: WatchedStop[] = rows.map((row) => ({
    id: row.id,
    lat: Number(row.lat),
    lng: Number(row.lng),
    radiusMiles: Number(row.radius),
    arrivedAt: time(row.arrivedAt),
    departedAt: time(row.departedAt),
    runStartedAt: time(row.runStartedAt),
    lastAt: time(row.lastAt),
  }));
  const result = detect(watched, fixes, {
    arrivalDwellMs: settings.arrivalDwellMinutes * 60_000,
    departureDwellMs: settings.departureDwellMinutes * 60_000,
  });
  const before = new Map(watched.map((stop) => [stop.id, stop]));
  const toWrite = result.changed.filter((stop) => needsWrite(before.get(stop.id), stop));
  if (toWrite.length === 0) return;
  await sql`
    insert into stop_geofence_states (company_id, stop_id, run_started_at, last_at)
    select ${scope.companyId}::uuid, s.stop_id, s.run_started_at, s.last_at
    from unnest(${toWrite.map((stop) => stop.id)}::uuid[], ${toWrite.map((stop) => iso(stop.runStartedAt))}::timestamptz[],
                ${toWrite.map((stop) => iso(stop.lastAt))}::timestamptz[]) as s (stop_id, run_started_at, last_at)
    on conflict (company_id, stop_id) do update set run_started_at = excluded.run_started_at, last_at = excluded.last_at`.execute(db);
  if (result.events.length === 0) return;

  // The arrivals and departures are the system's, not the reporting driver's: no user for the rest of the work.
  const { rows: saved } = await sql<{ before: string | null }>`
    select current_setting('app.user_id', true) as before, set_config('app.user_id', '', true)`.execute(db);
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const event of result.events) {
    const row = byId.get(event.stopId);
    if (!row) continue;
    const at = new Date(event.at).toISOString();
    if (event.kind === 'arrived') {
      await db.updateTable('loadStops').set({ arrivedAt: at }).where('id', '=', row.id).where('arrivedAt', 'is', null).execute();
      await queueDetentionChecks(db, scope.companyId, row.id, event.at);
      continue;
    }
    const load = await db.selectFrom('loads').select(['status']).where('id', '=', row.loadId).executeTakeFirst();
    const target = settings.autoStatus && load ? autoStatusAfterDeparture(load.status as LoadStatus, row) : null;
    await db
      .updateTable('loadStops')
      .set({ departedAt: at, autoStatusFrom: target === null || !load ? null : load.status })
      .where('id', '=', row.id)
      .where('departedAt', 'is', null)
      .execute();
    if (target !== null) await updateRecord(db, scope, 'loads', row.loadId, { status: target });
  }
  await sql`select set_config('app.user_id', ${saved[0]?.before ?? ''}, true)`.execute(db);
}

/** With auto status on: departing the pickup marks an assigned load picked up; departing the last stop marks it delivered. */
export function autoStatusAfterDeparture(status: LoadStatus, stop: { position: number; last: boolean }): LoadStatus | null {
  if (stop.last) return status === 'delivered' || status === 'cancelled' ? null : 'delivered';
  if (stop.position === 0) return status === 'assigned' ? 'picked' : null;
  return null;
}
