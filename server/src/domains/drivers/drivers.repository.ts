import { sql, type Kysely } from 'kysely';
import type { Driver, DriverLocation } from '#shared/schemas/drivers.js';
import { keysetPage, type PageRequest } from '../../db/pagination.js';
import type { Database } from '../../db/schema.js';
import { readable, type Scope } from '../../db/scope.js';
import { isoTimestamp, isoTimestampOrNull } from '../../db/sql.js';

export type DriversDb = Kysely<Database>;
type Db = DriversDb;

const selectDriver = (db: Db) =>
  db
    .selectFrom('drivers')
    .select([
      'drivers.id',
      'drivers.companyId',
      'drivers.firstName',
      'drivers.lastName',
      'drivers.email',
      'drivers.phone',
      'drivers.licenseNumber',
      'drivers.licenseExpiry',
      'drivers.status',
      'drivers.notes',
      'drivers.carrierId',
      'drivers.salesAgentId',
      isoTimestamp('drivers.createdAt').as('createdAt'),
      isoTimestamp('drivers.updatedAt').as('updatedAt'),
    ]);

/** The Drivers page: newest first, a page at a time. */
export function listDrivers(db: Db, scope: Scope, page: PageRequest) {
  return keysetPage(selectDriver(db).where(readable(scope, 'drivers')), { sortedBy: 'drivers.createdAt', id: 'drivers.id' }, page);
}

export function findDriver(db: Db, scope: Scope, id: string): Promise<Driver | undefined> {
  return selectDriver(db).where(readable(scope, 'drivers')).where('drivers.id', '=', id).executeTakeFirst();
}

/** The last known position, or nulls when never shared. lat and lng are exact numerics in the table, numbers on the wire. */
export function findDriverLocation(db: Db, scope: Scope, id: string): Promise<DriverLocation | undefined> {
  return db
    .selectFrom('drivers')
    .select([
      'drivers.id',
      sql<string>`drivers.first_name || ' ' || drivers.last_name`.as('name'),
      sql<number | null>`case when drivers.current_location_lng is not null then drivers.current_location_lat::float8 end`.as('lat'),
      sql<number | null>`case when drivers.current_location_lat is not null then drivers.current_location_lng::float8 end`.as('lng'),
      isoTimestampOrNull('drivers.lastLocationUpdate').as('lastLocationUpdate'),
    ])
    .where(readable(scope, 'drivers'))
    .where('drivers.id', '=', id)
    .executeTakeFirst();
}
