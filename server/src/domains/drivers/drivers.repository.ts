import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { Driver, DriverLocation } from '#shared/schemas/drivers.js';
import { keysetPage, type PageInput } from '../../db/pagination.js';
import type { Database, DriversTable } from '../../db/schema.js';
import { readable, writable, type Scope } from '../../db/scope.js';
import { isoTimestamp, isoTimestampOrNull } from '../../db/sql.js';

type Db = Kysely<Database>;

/** What the form writes: undefined leaves a column as it is (see shared/src/schemas/fields.ts). */
export type DriverValues = Updateable<
  Pick<DriversTable, 'firstName' | 'lastName' | 'email' | 'phone' | 'licenseNumber' | 'licenseExpiry' | 'status' | 'notes' | 'carrierId'>
>;

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
export function listDrivers(db: Db, scope: Scope, page: Required<Pick<PageInput, 'limit'>> & PageInput) {
  return keysetPage<Database, 'drivers', Driver>(
    selectDriver(db).where(readable(scope, 'drivers')),
    { sortedBy: 'drivers.createdAt', id: 'drivers.id' },
    page,
  );
}

export function findDriver(db: Db, scope: Scope, id: string): Promise<Driver | undefined> {
  return selectDriver(db).where(readable(scope, 'drivers')).where('drivers.id', '=', id).executeTakeFirst();
}

/** A driver the scope may change (its own company; a sales user's own). */
export function findWritableDriver(db: Db, scope: Scope, id: string): Promise<Driver | undefined> {
  return selectDriver(db).where(writable(scope, 'drivers')).where('drivers.id', '=', id).executeTakeFirst();
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

export async function insertDriver(db: Db, values: Insertable<DriversTable>): Promise<string> {
  const { id } = await db.insertInto('drivers').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Updates a driver the scope may change; undefined when there is none. */
export async function updateDriver(db: Db, scope: Scope, id: string, values: DriverValues): Promise<string | undefined> {
  // Kysely leaves undefined values out of the SET list; with none left there is nothing to write.
  if (Object.values(values).every((value) => value === undefined)) return (await findWritableDriver(db, scope, id))?.id;
  const updated = await db
    .updateTable('drivers')
    .set(values)
    .where('drivers.id', '=', id)
    .where(writable(scope, 'drivers'))
    .returning('drivers.id')
    .executeTakeFirst();
  return updated?.id;
}

export async function deleteDriver(db: Db, scope: Scope, id: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('drivers')
    .where('drivers.id', '=', id)
    .where(writable(scope, 'drivers'))
    .returning('drivers.id')
    .executeTakeFirst();
  return deleted !== undefined;
}
