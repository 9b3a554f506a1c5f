import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Driver, DriverLocation, DriverStatus } from '#shared/schemas/drivers.js';
import type { ListCursor } from '#shared/schemas/people-fields.js';
import type { Database } from '../../db/schema.js';
import { isoTimestamp, olderThan, toPage, type RecordScope } from './record-scope.js';

type Db = Kysely<Database>;

/** What may be written: the form's fields (undefined leaves a field as it is). */
export interface DriverValues {
  firstName?: string | undefined;
  lastName?: string | undefined;
  email?: string | null | undefined;
  phone?: string | null | undefined;
  licenseNumber?: string | null | undefined;
  licenseExpiry?: string | null | undefined;
  status?: DriverStatus | undefined;
  notes?: string | null | undefined;
  carrierId?: string | null | undefined;
}

/** The rows the scope reaches (see RecordScope). */
const inScope = (scope: RecordScope) => (eb: ExpressionBuilder<Database, 'drivers'>) => {
  const conditions: Expression<SqlBool>[] = [];
  if (scope.companyId !== null) conditions.push(eb('drivers.companyId', '=', scope.companyId));
  if (scope.ownerId !== null) conditions.push(eb('drivers.salesAgentId', '=', scope.ownerId));
  return eb.and(conditions);
};

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

export async function listDrivers(db: Db, scope: RecordScope, page: { cursor?: ListCursor | null | undefined; limit: number }) {
  let query = selectDriver(db).where(inScope(scope));
  if (page.cursor) query = query.where(olderThan('drivers', page.cursor));
  const rows = await query
    .orderBy('drivers.createdAt', 'desc')
    .orderBy('drivers.id', 'desc')
    .limit(page.limit + 1)
    .execute();
  return toPage<Driver>(rows, page.limit);
}

export function findDriver(db: Db, scope: RecordScope, id: string): Promise<Driver | undefined> {
  return selectDriver(db).where(inScope(scope)).where('drivers.id', '=', id).executeTakeFirst();
}

/** The last known position; lat and lng are exact numeric strings in the table, numbers on the wire. */
export async function findDriverLocation(db: Db, scope: RecordScope, id: string): Promise<DriverLocation | undefined> {
  const row = await db
    .selectFrom('drivers')
    .select([
      'drivers.id',
      sql<string>`drivers.first_name || ' ' || drivers.last_name`.as('name'),
      'drivers.currentLocationLat',
      'drivers.currentLocationLng',
      sql<string | null>`to_json(drivers.last_location_update) #>> '{}'`.as('lastLocationUpdate'),
    ])
    .where(inScope(scope))
    .where('drivers.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const hasPosition = row.currentLocationLat !== null && row.currentLocationLng !== null;
  return {
    id: row.id,
    name: row.name,
    lat: hasPosition ? Number(row.currentLocationLat) : null,
    lng: hasPosition ? Number(row.currentLocationLng) : null,
    lastLocationUpdate: row.lastLocationUpdate,
  };
}

export async function insertDriver(
  db: Db,
  row: DriverValues & { firstName: string; lastName: string; companyId: string; salesAgentId: string | null },
) {
  const { id } = await db.insertInto('drivers').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Updates a driver the scope reaches; undefined when there is none. */
export async function updateDriver(db: Db, scope: RecordScope, id: string, values: DriverValues): Promise<string | undefined> {
  // Kysely leaves undefined values out of the SET list; with none left there is nothing to write.
  if (Object.values(values).every((value) => value === undefined)) return (await findDriver(db, scope, id))?.id;
  const updated = await db.updateTable('drivers').set(values).where('id', '=', id).where(inScope(scope)).returning('id').executeTakeFirst();
  return updated?.id;
}

export async function deleteDriver(db: Db, scope: RecordScope, id: string): Promise<boolean> {
  const deleted = await db.deleteFrom('drivers').where('id', '=', id).where(inScope(scope)).returning('id').executeTakeFirst();
  return deleted !== undefined;
}
