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
    arrivedAt: stop.arrivedAt,
    departedAt: stop.departedAt,
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
