import { sql, type Kysely } from 'kysely';
import type { PositionReport, PositionsReportOutput } from '#shared/schemas/positions.js';
import type { Database } from '../../db/schema.js';
import { runGeofences, watchedStopsSql, type WatchedRow, type WatchSettings } from '../geofences/ingest.js';
import { queueIftaRollupSql } from '../ifta/rollup-tasks.js';

type Db = Kysely<Database>;

export type StoreOutcome = { kind: 'stored'; output: PositionsReportOutput } | { kind: 'not-a-driver' } | { kind: 'consent-off' };

/**
 * Stores a batch of the signed-in driver's own positions in ONE statement (one round trip):
 * - the user's own driver record (the newest linked to the account in the company, as
 *   findOwnDriver reads it) is locked, so a report and a consent change do not cross; with
 *   consent off nothing is inserted (and the caller refuses the call, rolling back);
 * - the batch travels as five arrays (one bind parameter each, whatever its size, so the
 *   statement's text never changes) and goes in as one multi-row `insert ... select from
 *   unnest(...) on conflict do nothing`: a position already stored (same key and time, the
 *   partitioned table's primary key) is skipped, so a batch sent twice stores each position once;
 * - the driver's latest position moves to the newest of the batch unless a newer one is already
 *   there (positions queued offline arrive late), and the latest is answered.
 */
export async function storeOwnPositions(
  db: Db,
  scope: { companyId: string; userId: string },
  positions: readonly PositionReport[],
  /** An integration's batch for this driver record of the company (the REST API with an API key; the database checks the key). */
  driverId?: string,
): Promise<StoreOutcome> {
  const keys = positions.map((position) => position.idempotencyKey);
  const times = positions.map((position) => position.recordedAt);
  const lats = positions.map((position) => position.lat.toFixed(6));
  const lngs = positions.map((position) => position.lng.toFixed(6));
  const accuracies = positions.map((position) => position.accuracy ?? null);
  const { rows } = await sql<{
    consent: boolean;
    stored: number;
    lat: string | null;
    lng: string | null;
    at: string | null;
    stops: WatchedRow[] | null;
    settings: WatchSettings | null;
  }>`
    with me as (
      select id, company_id, gps_consent, current_location_lat, current_location_lng, last_location_update
      from drivers
      where company_id = ${scope.companyId}::uuid and ${driverId === undefined ? sql`user_id = ${scope.userId}::uuid` : sql`id = ${driverId}::uuid`}
      order by created_at desc, id desc
      limit 1
      for update
    ),
    batch as (
      select * from unnest(${keys}::uuid[], ${times}::timestamptz[], ${lats}::numeric[], ${lngs}::numeric[], ${accuracies}::real[])
        as b (idempotency_key, recorded_at, lat, lng, accuracy)
    ),
    stored as (
      insert into positions (company_id, driver_id, idempotency_key, recorded_at, lat, lng, accuracy)
      select me.company_id, me.id, batch.idempotency_key, batch.recorded_at, batch.lat, batch.lng, batch.accuracy
      from batch cross join me
      where me.gps_consent
      on conflict (company_id, driver_id, recorded_at, idempotency_key) do nothing
      returning 1
    ),
    newest as (select lat, lng, recorded_at from batch order by recorded_at desc limit 1),
    moved as (
      update drivers
      set current_location_lat = newest.lat, current_location_lng = newest.lng, last_location_update = newest.recorded_at
      from newest, me
      where drivers.company_id = me.company_id and drivers.id = me.id and me.gps_consent
        and (drivers.last_location_update is null or drivers.last_location_update < newest.recorded_at)
      returning drivers.current_location_lat, drivers.current_location_lng, drivers.last_location_update
    ),
    watched as (${watchedStopsSql}),
    -- IFTA (issue 31): one roll-up job per driver, shared by its batches for a few seconds (ifta/rollup-tasks.ts).
    ifta_rollup as (${queueIftaRollupSql})
    select me.gps_consent as consent, watched.stops, watched.settings,
      (select count(*) from stored)::int as stored,
      (select count(*) from ifta_rollup)::int as ifta_queued,
      coalesce(m.current_location_lat, me.current_location_lat)::text as lat,
      coalesce(m.current_location_lng, me.current_location_lng)::text as lng,
      to_json(coalesce(m.last_location_update, me.last_location_update)) #>> '{}' as at
    from me left join moved m on true left join watched on true`.execute(db);
  const row = rows[0];
  if (!row) return { kind: 'not-a-driver' };
  if (!row.consent) return { kind: 'consent-off' };
  // Geofences (issue 31): the driver's active stops came with the statement; detection writes only when something changed.
  if (row.stops && row.stops.length > 0) {
    const fixes = positions.map((position) => ({ at: Date.parse(position.recordedAt), lat: position.lat, lng: position.lng }));
    await runGeofences(db, scope, row.stops, row.settings, fixes);
  }
  // Positions repeated inside one batch count once.
  const distinct = new Set(positions.map((position) => `${position.idempotencyKey}@${Date.parse(position.recordedAt)}`)).size;
  return {
    kind: 'stored',
    output: {
      stored: row.stored,
      duplicates: distinct - row.stored,
      latest:
        row.lat !== null && row.lng !== null && row.at !== null ? { lat: Number(row.lat), lng: Number(row.lng), recordedAt: row.at } : null,
    },
  };
}
