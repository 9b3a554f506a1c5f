import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { ListCursor } from '#shared/schemas/people-fields.js';
import type { Carrier } from '#shared/schemas/carriers.js';
import type { Database } from '../../db/schema.js';
import { isoTimestamp, olderThan, toPage, type RecordScope } from '../drivers/record-scope.js';

type Db = Kysely<Database>;

/** What may be written: the form's fields (undefined leaves a field as it is). */
export interface CarrierValues {
  name?: string | undefined;
  mcNumber?: string | null | undefined;
  dotNumber?: string | null | undefined;
  email?: string | null | undefined;
  phone?: string | null | undefined;
  address?: string | null | undefined;
  insuranceExpiry?: string | null | undefined;
  notes?: string | null | undefined;
  contractSigned?: boolean | undefined;
}

/** The rows the scope reaches (see RecordScope). */
const inScope = (scope: RecordScope) => (eb: ExpressionBuilder<Database, 'carriers'>) => {
  const conditions: Expression<SqlBool>[] = [];
  if (scope.companyId !== null) conditions.push(eb('carriers.companyId', '=', scope.companyId));
  if (scope.ownerId !== null) conditions.push(eb('carriers.salesAgentId', '=', scope.ownerId));
  return eb.and(conditions);
};

const selectCarrier = (db: Db) =>
  db
    .selectFrom('carriers')
    .select([
      'carriers.id',
      'carriers.companyId',
      'carriers.name',
      'carriers.mcNumber',
      'carriers.dotNumber',
      'carriers.email',
      'carriers.phone',
      'carriers.address',
      'carriers.insuranceExpiry',
      'carriers.notes',
      'carriers.contractSigned',
      'carriers.salesAgentId',
      isoTimestamp('carriers.createdAt').as('createdAt'),
      isoTimestamp('carriers.updatedAt').as('updatedAt'),
    ]);

export async function listCarriers(db: Db, scope: RecordScope, page: { cursor?: ListCursor | null | undefined; limit: number }) {
  let query = selectCarrier(db).where(inScope(scope));
  if (page.cursor) query = query.where(olderThan('carriers', page.cursor));
  const rows = await query
    .orderBy('carriers.createdAt', 'desc')
    .orderBy('carriers.id', 'desc')
    .limit(page.limit + 1)
    .execute();
  return toPage<Carrier>(rows, page.limit);
}

export function findCarrier(db: Db, scope: RecordScope, id: string): Promise<Carrier | undefined> {
  return selectCarrier(db).where(inScope(scope)).where('carriers.id', '=', id).executeTakeFirst();
}

/** The pick list for a driver's carrier, by name. */
export function carrierOptions(db: Db, scope: RecordScope, limit: number) {
  return db
    .selectFrom('carriers')
    .select(['carriers.id', 'carriers.name'])
    .where(inScope(scope))
    .orderBy('carriers.name')
    .orderBy('carriers.id')
    .limit(limit)
    .execute();
}

export async function insertCarrier(db: Db, row: CarrierValues & { name: string; companyId: string; salesAgentId: string | null }) {
  const { id } = await db.insertInto('carriers').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Updates a carrier the scope reaches; undefined when there is none. */
export async function updateCarrier(db: Db, scope: RecordScope, id: string, values: CarrierValues): Promise<string | undefined> {
  // Kysely leaves undefined values out of the SET list; with none left there is nothing to write.
  if (Object.values(values).every((value) => value === undefined)) return (await findCarrier(db, scope, id))?.id;
  const updated = await db
    .updateTable('carriers')
    .set(values)
    .where('id', '=', id)
    .where(inScope(scope))
    .returning('id')
    .executeTakeFirst();
  return updated?.id;
}

export async function deleteCarrier(db: Db, scope: RecordScope, id: string): Promise<boolean> {
  const deleted = await db.deleteFrom('carriers').where('id', '=', id).where(inScope(scope)).returning('id').executeTakeFirst();
  return deleted !== undefined;
}
