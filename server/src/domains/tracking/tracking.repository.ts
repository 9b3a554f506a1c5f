import { sql, type Kysely } from 'kysely';
import { TRACK_MAX_POINTS, type LoadTrack, type TrackingLinkItem, type TrackingPositionPrecision } from '#shared/schemas/tracking.js';
import type { Database } from '../../db/schema.js';
import { readable, writable, type Scope } from '../../db/scope.js';
import { isoTimestamp } from '../../db/sql.js';

type Db = Kysely<Database>;

/** The load as the scope may read it, with what its track's window needs; undefined for a foreign or missing id. */
export function findTrackedLoad(db: Db, scope: Scope, loadId: string) {
  const window = (bound: 'starts_at' | 'ends_at') =>
    sql<string>`(select to_json(w.${sql.raw(bound)}) #>> '{}'
      from load_track_window(loads.status, loads.pickup_date, loads.created_at, loads.status_updated_at) w)`;
  return db
    .selectFrom('loads')
    .select(['loads.id', 'loads.companyId', 'loads.driverId', window('starts_at').as('startsAt'), window('ends_at').as('endsAt')])
    .where(readable(scope, 'loads'))
    .where('loads.id', '=', loadId)
    .executeTakeFirst();
}

/**
 * The positions of the load's driver inside the load's window (load_track_window in
 * migrations/2026-11-25T1800_tracking_links.ts), oldest first. More than TRACK_MAX_POINTS are
 * thinned in SQL to every n-th position, the first and the last always kept, so the answer stays
 * bounded however long the load ran. Reads on the positions key (company, driver, recorded_at).
 */
export async function readTrack(
  db: Db,
  load: { companyId: string; driverId: string | null; startsAt: string; endsAt: string },
): Promise<LoadTrack> {
  const empty: LoadTrack = {
    driverId: load.driverId,
    startsAt: load.startsAt,
    endsAt: load.endsAt,
    points: [],
    totalPoints: 0,
    last: null,
  };
  if (!load.driverId) return empty;
  const max = TRACK_MAX_POINTS;
  const { rows } = await sql<{ lat: number; lng: number; recordedAt: string; total: number }>`
    select lat, lng, recorded_at, total from (
      select p.lat::double precision as lat, p.lng::double precision as lng, to_json(p.recorded_at) #>> '{}' as recorded_at,
             p.recorded_at as at, row_number() over (order by p.recorded_at, p.idempotency_key) as n, count(*) over ()::int as total
      from positions p
      where p.company_id = ${load.companyId} and p.driver_id = ${load.driverId}
        and p.recorded_at >= ${load.startsAt}::timestamptz and p.recorded_at <= ${load.endsAt}::timestamptz
    ) track
    where total <= ${max} or (n - 1) % ceil((total - 1)::numeric / ${max - 1})::int = 0 or n = total
    order by at, n`.execute(db);
  const points = rows.map(({ lat, lng, recordedAt }) => ({ lat, lng, recordedAt }));
  return { ...empty, points, totalPoints: rows[0]?.total ?? 0, last: points.at(-1) ?? null };
}

const LINK_COLUMNS = [
  'trackingLinks.id',
  'trackingLinks.loadId',
  isoTimestamp('trackingLinks.expiresAt').as('expiresAt'),
  isoTimestamp('trackingLinks.createdAt').as('createdAt'),
  'trackingLinks.positionPrecision',
] as const;

/** The load's links that still work (not expired), newest first; a revoked one no longer exists. */
export async function listActiveLinks(db: Db, scope: Scope, loadId: string): Promise<TrackingLinkItem[]> {
  return db
    .selectFrom('trackingLinks')
    .leftJoin('profiles', 'profiles.userId', 'trackingLinks.createdBy')
    .select([
      ...LINK_COLUMNS,
      sql<string | null>`nullif(trim(concat_ws(' ', profiles.first_name, profiles.last_name)), '')`.as('createdByName'),
    ])
    .where(readable(scope, 'trackingLinks'))
    .where('trackingLinks.loadId', '=', loadId)
    .where('trackingLinks.expiresAt', '>', sql<Date>`now()`)
    .orderBy('trackingLinks.createdAt', 'desc')
    .orderBy('trackingLinks.id', 'desc')
    .execute();
}

export async function countActiveLinks(db: Db, scope: Scope, loadId: string): Promise<number> {
  const row = await db
    .selectFrom('trackingLinks')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(writable(scope, 'trackingLinks'))
    .where('trackingLinks.loadId', '=', loadId)
    .where('trackingLinks.expiresAt', '>', sql<Date>`now()`)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function insertLink(
  db: Db,
  values: {
    companyId: string;
    loadId: string;
    tokenHash: string;
    expiresAt: Date;
    createdBy: string;
    positionPrecision: TrackingPositionPrecision;
  },
) {
  return db.insertInto('trackingLinks').values(values).returning(LINK_COLUMNS).executeTakeFirstOrThrow();
}

/** Revokes (deletes) a link the scope may change; undefined when there is none by that id. */
export function deleteLink(db: Db, scope: Scope, id: string) {
  return db
    .deleteFrom('trackingLinks')
    .where(writable(scope, 'trackingLinks'))
    .where('trackingLinks.id', '=', id)
    .returning('id')
    .executeTakeFirst();
}

/**
 * What a link's public page shows, through the one narrow path (a security-definer function by the
 * token's hash). The last position is exact here; view-tracking-link.ts snaps it for a city-level link.
 */
export async function viewLink(db: Db, tokenHash: string) {
  const { rows } = await sql<{
    companyName: string;
    companyPhone: string | null;
    companyEmail: string | null;
    loadNumber: string;
    pickupCity: string;
    pickupState: string;
    deliveryCity: string;
    deliveryState: string;
    status: string;
    expiresAt: string;
    positionPrecision: TrackingPositionPrecision;
    lastLat: number | null;
    lastLng: number | null;
    lastRecordedAt: string | null;
  }>`select company_name, company_phone, company_email, load_number, pickup_city, pickup_state, delivery_city, delivery_state,
            status, to_json(expires_at) #>> '{}' as expires_at, position_precision, last_lat, last_lng,
            to_json(last_recorded_at) #>> '{}' as last_recorded_at
     from app_tracking_link_view(${tokenHash})`.execute(db);
  return rows[0];
}
