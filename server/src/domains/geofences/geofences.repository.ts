import { sql, type Kysely } from 'kysely';
import { detentionOf, type StopVisit } from '#shared/schemas/geofences.js';
import type { Database } from '../../db/schema.js';
import { readable, writable, type Scope } from '../../db/scope.js';
import { isoTimestampOrNull } from '../../db/sql.js';

type Db = Kysely<Database>;

/** A stop with what its visit and detention are read from. */
export interface StopRowForVisit {
  id: string;
  loadId: string;
  position: number;
  last: boolean;
  city: string;
  state: string;
  lat: string | null;
  lng: string | null;
  radiusMiles: string;
  arrivedAt: string | null;
  departedAt: string | null;
  autoStatusFrom: string | null;
  freeHours: string;
  rate: string | null;
  timeZone: string;
  loadStatus: string;
}

function stopsQuery(db: Db) {
  return db
    .selectFrom('loadStops as s')
    .innerJoin('loads as l', (join) => join.onRef('l.companyId', '=', 's.companyId').onRef('l.id', '=', 's.loadId'))
    .innerJoin('companies as c', 'c.id', 's.companyId')
    .leftJoin('brokers as b', (join) => join.onRef('b.companyId', '=', 'l.companyId').onRef('b.id', '=', 'l.brokerId'))
    .select([
      's.id',
      's.loadId',
      's.position',
      sql<boolean>`not exists (select 1 from load_stops n where n.company_id = s.company_id and n.load_id = s.load_id and n.position > s.position)`.as(
        'last',
      ),
      's.city',
      's.state',
      sql<string | null>`s.lat::text`.as('lat'),
      sql<string | null>`s.lng::text`.as('lng'),
      sql<string>`coalesce(s.geofence_radius_miles, c.geofence_radius_miles)::text`.as('radiusMiles'),
      isoTimestampOrNull('s.arrivedAt').as('arrivedAt'),
      isoTimestampOrNull('s.departedAt').as('departedAt'),
      's.autoStatusFrom',
      sql<string>`coalesce(b.detention_free_hours, c.detention_free_hours)::text`.as('freeHours'),
      sql<string | null>`b.detention_rate::text`.as('rate'),
      'c.timeZone',
      sql<string>`l.status`.as('loadStatus'),
    ]);
}

/** The stops of a load the scope may read, in order. */
export function readLoadStops(db: Db, scope: Scope, loadId: string): Promise<StopRowForVisit[]> {
  return stopsQuery(db)
    .where(readable(scope, 'loads', 'l'))
    .where('s.loadId', '=', loadId)
    .orderBy('s.position')
    .execute() as Promise<StopRowForVisit[]>;
}

/** One stop whose load the scope may change, locked for the write. */
export function findWritableStop(db: Db, scope: Scope, stopId: string): Promise<StopRowForVisit | undefined> {
  return stopsQuery(db)
    .where(writable(scope, 'loads', 'l'))
    .where('s.id', '=', stopId)
    .forUpdate('s')
    .executeTakeFirst() as Promise<StopRowForVisit | undefined>;
}

export const roleOf = (stop: { position: number; last: boolean }) => (stop.position === 0 ? 'pickup' : stop.last ? 'delivery' : 'stop');

/** How a detention line's description starts for a stop: the key that finds it again on the load's charges. */
export const detentionKey = (stop: { position: number; city: string; state: string }) =>
  `Stop ${stop.position + 1} (${stop.city}, ${stop.state.trim()})`;

/** An instant as the API writes it: ISO 8601 in UTC, ending in Z (PostgreSQL's JSON writes +00:00). */
const utcIso = (value: string | null): string | null => (value === null ? null : new Date(value).toISOString());

export function visitOf(stop: StopRowForVisit, now: number, invoicedKeys: ReadonlySet<string>): StopVisit {
  const detention = detentionOf({
    arrivedAt: stop.arrivedAt,
    departedAt: stop.departedAt,
    now,
    freeHours: stop.freeHours,
    rate: stop.rate,
  });
  return {
    id: stop.id,
    position: stop.position,
    role: roleOf(stop),
    city: stop.city,
    state: stop.state.trim(),
    lat: stop.lat,
    lng: stop.lng,
    radiusMiles: stop.radiusMiles,
    arrivedAt: utcIso(stop.arrivedAt),
    departedAt: utcIso(stop.departedAt),
    minutesAtStop: detention.minutesAtStop,
    freeHours: stop.freeHours,
    detentionMinutes: detention.detentionMinutes,
    detentionHours: detention.detentionHours,
    detentionRate: stop.rate,
    detentionAmount: detention.detentionAmount,
    detentionInvoiced: invoicedKeys.has(detentionKey(stop)),
  };
}

/** The detention lines already on the load's charges, by their stop key. */
export async function detentionKeysOf(db: Db, loadId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('loadAccessorials')
    .select(['description'])
    .where('loadId', '=', loadId)
    .where('chargeType', '=', 'detention')
    .execute();
  const keys = new Set<string>();
  for (const { description } of rows) {
    const match = description?.match(/^Detention at (Stop \d+ \([^)]*\))/);
    if (match?.[1]) keys.add(match[1]);
  }
  return keys;
}

/** A stop's place as the load's audit trail names it (as the load_stops_visit trigger does, so the history can name the stop). */
const auditedPlace = (stop: StopRowForVisit) => ({
  position: stop.position,
  city: stop.city,
  state: stop.state.trim(),
  last: stop.last,
});

/**
 * A change of a stop's fence (its point or its radius) in the load's audit trail, by the caller
 * (entity 'loads', changed_fields naming the stop, as an arrival's entry is), and the load
 * touched: its live notice re-reads the open load screens (and, with them, the stops' visits).
 */
export async function recordFenceChange(
  db: Db,
  scope: Scope,
  stop: StopRowForVisit,
  changed: Record<string, { old: unknown; new: unknown }>,
): Promise<void> {
  await db
    .insertInto('auditLogs')
    .values({
      companyId: scope.companyId,
      entityType: 'loads',
      entityId: stop.loadId,
      action: 'updated',
      userId: scope.userId,
      changes: JSON.stringify({ changed_fields: { ...changed, stop: { old: null, new: auditedPlace(stop) } } }),
    })
    .execute();
  await db
    .updateTable('loads')
    .set({ updatedAt: sql`now()` })
    .where('id', '=', stop.loadId)
    .execute();
}

/** The stop's address parts the offline point is found from (its ZIP code, else its city). */
export function stopAddressOf(db: Db, stopId: string) {
  return db.selectFrom('loadStops').select(['zip', 'city', 'state']).where('id', '=', stopId).executeTakeFirstOrThrow();
}

/**
 * Moves a stop's point: the detector's state for the stop is dropped (a run of positions measured
 * against the old point means nothing against the new one), and the change is audited.
 */
export async function moveStopPoint(db: Db, scope: Scope, stop: StopRowForVisit, point: { lat: number; lng: number }): Promise<void> {
  const lat = point.lat.toFixed(6);
  const lng = point.lng.toFixed(6);
  await db.updateTable('loadStops').set({ lat, lng }).where('id', '=', stop.id).execute();
  await db.deleteFrom('stopGeofenceStates').where('stopId', '=', stop.id).execute();
  const was = (value: string | null) => (value === null ? null : Number(value).toFixed(6));
  await recordFenceChange(db, scope, stop, {
    stop_lat: { old: was(stop.lat), new: lat },
    stop_lng: { old: was(stop.lng), new: lng },
  });
}
