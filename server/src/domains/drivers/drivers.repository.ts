import { sql, type Kysely } from 'kysely';
import type { DispatcherOption, Driver, DriverLocation } from '#shared/schemas/drivers.js';
import { keysetPage, type PageRequest } from '../../db/pagination.js';
import type { Database } from '../../db/schema.js';
import { readable, type Scope } from '../../db/scope.js';
import { isoTimestamp, isoTimestampOrNull } from '../../db/sql.js';

export type DriversDb = Kysely<Database>;
type Db = DriversDb;

const selectDriver = (db: Db) =>
  db.selectFrom('drivers').select([
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
    'drivers.dispatcherId',
    sql<string | null>`(select nullif(trim(p.first_name || ' ' || p.last_name), '') from profiles p
        where p.user_id = drivers.dispatcher_id and p.company_id = drivers.company_id)`.as('dispatcherName'),
    sql<boolean>`drivers.user_id is not null`.as('hasAccount'),
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

/** The company's dispatchers and admins, by name: whom a driver may be assigned to. */
export function dispatcherOptions(db: Db, companyId: string, onlyId?: string): Promise<DispatcherOption[]> {
  let query = db
    .selectFrom('userRoles')
    .innerJoin('profiles', (join) =>
      join.onRef('profiles.userId', '=', 'userRoles.userId').onRef('profiles.companyId', '=', 'userRoles.companyId'),
    )
    .select([
      'userRoles.userId as id',
      sql<string>`trim(profiles.first_name || ' ' || profiles.last_name)`.as('name'),
      sql<'dispatcher' | 'admin'>`user_roles.role`.as('role'),
    ])
    .where('userRoles.companyId', '=', companyId)
    .where('userRoles.role', 'in', ['dispatcher', 'admin']);
  if (onlyId) query = query.where('userRoles.userId', '=', onlyId);
  return query.orderBy('profiles.firstName').orderBy('profiles.lastName').limit(500).execute();
}
