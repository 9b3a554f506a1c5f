import { sql, type Kysely } from 'kysely';
import type { PositionReport, PositionsReportOutput } from '#shared/schemas/positions.js';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database>;

/**
 * Stores a batch of one driver's positions in one multi-row insert; a key already stored is
 * skipped (ON CONFLICT DO NOTHING), so a batch sent twice stores each position once. Then the
 * driver's latest position moves to the newest of the batch, unless a newer one is already there
 * (positions queued offline arrive late), in the same transaction.
 */
export async function storePositions(
  db: Db,
  driver: { id: string; companyId: string },
  positions: readonly PositionReport[],
): Promise<PositionsReportOutput> {
  const stored = await db
    .insertInto('positions')
    .values(
      positions.map((position) => ({
        companyId: driver.companyId,
        driverId: driver.id,
        idempotencyKey: position.idempotencyKey,
        recordedAt: position.recordedAt,
        lat: position.lat.toFixed(6),
        lng: position.lng.toFixed(6),
        accuracy: position.accuracy ?? null,
      })),
    )
    .onConflict((conflict) => conflict.columns(['companyId', 'driverId', 'idempotencyKey']).doNothing())
    .returning('idempotencyKey')
    .execute();
  // Keys repeated inside one batch count once.
  const distinct = new Set(positions.map((position) => position.idempotencyKey)).size;

  const newest = positions.reduce((best, position) => (Date.parse(position.recordedAt) > Date.parse(best.recordedAt) ? position : best));
  await db
    .updateTable('drivers')
    .set({
      currentLocationLat: newest.lat.toFixed(6),
      currentLocationLng: newest.lng.toFixed(6),
      lastLocationUpdate: newest.recordedAt,
    })
    .where('companyId', '=', driver.companyId)
    .where('id', '=', driver.id)
    .where((eb) =>
      eb.or([eb('lastLocationUpdate', 'is', null), eb('lastLocationUpdate', '<', sql<Date>`${newest.recordedAt}::timestamptz`)]),
    )
    .execute();
  const latest = await db
    .selectFrom('drivers')
    .select(['currentLocationLat', 'currentLocationLng', sql<string | null>`to_json(last_location_update) #>> '{}'`.as('at')])
    .where('companyId', '=', driver.companyId)
    .where('id', '=', driver.id)
    .executeTakeFirstOrThrow();
  return {
    stored: stored.length,
    duplicates: distinct - stored.length,
    latest:
      latest.currentLocationLat !== null && latest.currentLocationLng !== null && latest.at !== null
        ? { lat: Number(latest.currentLocationLat), lng: Number(latest.currentLocationLng), recordedAt: latest.at }
        : null,
  };
}
