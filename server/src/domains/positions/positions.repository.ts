import { sql, type Kysely } from 'kysely';
import type { PositionReport, PositionsReportOutput } from '#shared/schemas/positions.js';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database>;

/**
 * Stores a batch of one driver's positions in ONE statement: the batch travels as five arrays
 * (one bind parameter each, whatever its size, so the statement's text never changes) and goes in
 * as one multi-row `insert ... select from unnest(...) on conflict do nothing`; a position already
 * stored (same key and time: the primary key of the partitioned table) is skipped, so a batch sent
 * twice stores each position once. The same statement moves the driver's latest position to the
 * newest of the batch, unless a newer one is already there (positions queued offline arrive
 * late), and answers the driver's latest position. The caller holds the driver's row lock.
 */
export async function storePositions(
  db: Db,
  driver: { id: string; companyId: string },
  positions: readonly PositionReport[],
): Promise<PositionsReportOutput> {
  const keys = positions.map((position) => position.idempotencyKey);
  const times = positions.map((position) => position.recordedAt);
  const lats = positions.map((position) => position.lat.toFixed(6));
  const lngs = positions.map((position) => position.lng.toFixed(6));
  const accuracies = positions.map((position) => position.accuracy ?? null);
  const { rows } = await sql<{ stored: number; lat: string | null; lng: string | null; at: string | null }>`
    with batch as (
      select * from unnest(${keys}::uuid[], ${times}::timestamptz[], ${lats}::numeric[], ${lngs}::numeric[], ${accuracies}::real[])
        as b (idempotency_key, recorded_at, lat, lng, accuracy)
    ),
    stored as (
      insert into positions (company_id, driver_id, idempotency_key, recorded_at, lat, lng, accuracy)
      select ${driver.companyId}::uuid, ${driver.id}::uuid, idempotency_key, recorded_at, lat, lng, accuracy from batch
      on conflict (company_id, driver_id, recorded_at, idempotency_key) do nothing
      returning 1
    ),
    newest as (select lat, lng, recorded_at from batch order by recorded_at desc limit 1),
    moved as (
      update drivers
      set current_location_lat = newest.lat, current_location_lng = newest.lng, last_location_update = newest.recorded_at
      from newest
      where drivers.company_id = ${driver.companyId}::uuid and drivers.id = ${driver.id}::uuid
        and (drivers.last_location_update is null or drivers.last_location_update < newest.recorded_at)
      returning current_location_lat, current_location_lng, last_location_update
    )
    select (select count(*) from stored)::int as stored,
      coalesce(m.current_location_lat, d.current_location_lat)::text as lat,
      coalesce(m.current_location_lng, d.current_location_lng)::text as lng,
      to_json(coalesce(m.last_location_update, d.last_location_update)) #>> '{}' as at
    from drivers d left join moved m on true
    where d.company_id = ${driver.companyId}::uuid and d.id = ${driver.id}::uuid`.execute(db);
  const latest = rows[0];
  const stored = latest?.stored ?? 0;
  // Keys repeated inside one batch count once.
  const distinct = new Set(positions.map((position) => `${position.idempotencyKey}@${Date.parse(position.recordedAt)}`)).size;
  return {
    stored,
    duplicates: distinct - stored,
    latest:
      latest && latest.lat !== null && latest.lng !== null && latest.at !== null
        ? { lat: Number(latest.lat), lng: Number(latest.lng), recordedAt: latest.at }
        : null,
  };
}
