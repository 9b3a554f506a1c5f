import { sql, type Kysely, type SqlBool } from 'kysely';
import type { EquipmentListRequest, Trailer, Truck, TruckAssignment } from '#shared/schemas/equipment.js';
import { TRUCK_ASSIGNMENTS_MAX } from '#shared/schemas/equipment.js';
import { keysetPage, type KeysetColumns, type Page } from '../../db/pagination.js';
import type { Database } from '../../db/schema.js';
import { readable, type Scope } from '../../db/scope.js';
import { isoTimestamp, isoTimestampOrNull } from '../../db/sql.js';

/**
 * Trucks, trailers and drivers' truck assignments (issue 31, item 1): reads in the wire's shape,
 * each confined to the scope's company (row-level security keeps it there too).
 */

export type EquipmentDb = Kysely<Database>;
type Db = EquipmentDb;
type ListRequest = EquipmentListRequest;

/** The assignment of a truck (or of a driver) in force now: started, not ended. */
const CURRENT = sql<SqlBool>`a.starts_at <= now() and (a.ends_at is null or a.ends_at > now())`;

const selectTruck = (db: Db) =>
  db
    .selectFrom('trucks')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('truckAssignments as a')
          .innerJoin('drivers as d', (join) => join.onRef('d.id', '=', 'a.driverId').onRef('d.companyId', '=', 'a.companyId'))
          .select(['a.driverId', sql<string>`d.first_name || ' ' || d.last_name`.as('driverName')])
          .whereRef('a.companyId', '=', 'trucks.companyId')
          .whereRef('a.truckId', '=', 'trucks.id')
          .where(CURRENT)
          .orderBy('a.startsAt', 'desc')
          .limit(1)
          .as('current'),
      (join) => join.onTrue(),
    )
    .select([
      'trucks.id',
      'trucks.companyId',
      'trucks.unitNumber',
      'trucks.vin',
      'trucks.plate',
      'trucks.plateState',
      'trucks.make',
      'trucks.model',
      'trucks.year',
      'trucks.iftaBaseJurisdiction',
      'trucks.status',
      'trucks.notes',
      sql<string | null>`current.driver_id`.as('currentDriverId'),
      sql<string | null>`current.driver_name`.as('currentDriverName'),
      isoTimestamp('trucks.createdAt').as('createdAt'),
      isoTimestamp('trucks.updatedAt').as('updatedAt'),
    ]);

const selectTrailer = (db: Db) =>
  db
    .selectFrom('trailers')
    .select([
      'trailers.id',
      'trailers.companyId',
      'trailers.unitNumber',
      'trailers.trailerType',
      'trailers.plate',
      'trailers.plateState',
      'trailers.status',
      'trailers.notes',
      isoTimestamp('trailers.createdAt').as('createdAt'),
      isoTimestamp('trailers.updatedAt').as('updatedAt'),
    ]);

/** The list's order: newest first (trucks_company_created_idx), or by unit number either way. */
function keysetOf(table: 'trucks' | 'trailers', input: ListRequest): KeysetColumns {
  if (input.sort === 'unit') {
    return { sortedBy: `${table}.unitNumber`, id: `${table}.id`, sort: 'unit', direction: input.sortDirection ?? 'asc', type: 'text' };
  }
  return { sortedBy: `${table}.createdAt`, id: `${table}.id`, direction: input.sortDirection ?? 'desc' };
}

/** Search text as a LIKE pattern: its wildcards are matched literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The Trucks screen: search over unit, VIN, plate, make and model; a status; a sort; a page at a time. */
export function listTrucks(db: Db, scope: Scope, input: ListRequest): Promise<Page<Truck>> {
  let query = selectTruck(db).where(readable(scope, 'trucks'));
  if (input.status) query = query.where('trucks.status', '=', input.status);
  if (input.search) {
    const pattern = likePattern(input.search);
    query = query.where(
      sql<SqlBool>`concat_ws(' ', trucks.unit_number, trucks.vin, trucks.plate, trucks.make, trucks.model) ilike ${pattern}`,
    );
  }
  return keysetPage(query, keysetOf('trucks', input), input);
}

export function findTruck(db: Db, scope: Scope, id: string): Promise<Truck | undefined> {
  return selectTruck(db).where(readable(scope, 'trucks')).where('trucks.id', '=', id).executeTakeFirst();
}

/** The Trailers screen: search over unit and plate; a status; a sort; a page at a time. */
export function listTrailers(db: Db, scope: Scope, input: ListRequest): Promise<Page<Trailer>> {
  let query = selectTrailer(db).where(readable(scope, 'trailers'));
  if (input.status) query = query.where('trailers.status', '=', input.status);
  if (input.search) {
    const pattern = likePattern(input.search);
    query = query.where(sql<SqlBool>`concat_ws(' ', trailers.unit_number, trailers.plate) ilike ${pattern}`);
  }
  return keysetPage(query, keysetOf('trailers', input), input);
}

export function findTrailer(db: Db, scope: Scope, id: string): Promise<Trailer | undefined> {
  return selectTrailer(db).where(readable(scope, 'trailers')).where('trailers.id', '=', id).executeTakeFirst();
}

/** Whether any load of the company names the truck (or trailer): such equipment is deactivated, never deleted. */
export async function onLoads(db: Db, companyId: string, column: 'truckId' | 'trailerId', id: string): Promise<boolean> {
  const found = await db
    .selectFrom('loads')
    .select('loads.id')
    .where('loads.companyId', '=', companyId)
    .where(column, '=', id)
    .limit(1)
    .executeTakeFirst();
  return found !== undefined;
}

/** A truck's assignments, latest first (the truck's detail: its history). */
export function truckAssignments(db: Db, scope: Scope, truckId: string): Promise<TruckAssignment[]> {
  return db
    .selectFrom('truckAssignments as a')
    .innerJoin('drivers as d', (join) => join.onRef('d.id', '=', 'a.driverId').onRef('d.companyId', '=', 'a.companyId'))
    .select([
      'a.id',
      'a.truckId',
      'a.driverId',
      sql<string>`d.first_name || ' ' || d.last_name`.as('driverName'),
      isoTimestamp('a.startsAt').as('startsAt'),
      isoTimestampOrNull('a.endsAt').as('endsAt'),
    ])
    .where(readable(scope, 'truckAssignments', 'a'))
    .where('a.truckId', '=', truckId)
    .orderBy('a.startsAt', 'desc')
    .limit(TRUCK_ASSIGNMENTS_MAX)
    .execute();
}

/** An assignment of the scope's company, by id. */
export function findAssignment(db: Db, scope: Scope, id: string) {
  return db
    .selectFrom('truckAssignments as a')
    .select(['a.id', 'a.truckId', 'a.driverId', 'a.startsAt', 'a.endsAt'])
    .where(readable(scope, 'truckAssignments', 'a'))
    .where('a.id', '=', id)
    .executeTakeFirst();
}

/**
 * The open assignments of the truck or of the driver (at most one each) that are still running at
 * `at` or start after it: what a new assignment from `at` on ends or collides with.
 */
export function openAssignments(db: Db, companyId: string, truckId: string, driverId: string) {
  return db
    .selectFrom('truckAssignments as a')
    .select(['a.id', 'a.truckId', 'a.driverId', 'a.startsAt'])
    .where('a.companyId', '=', companyId)
    .where('a.endsAt', 'is', null)
    .where((eb) => eb.or([eb('a.truckId', '=', truckId), eb('a.driverId', '=', driverId)]))
    .execute();
}
