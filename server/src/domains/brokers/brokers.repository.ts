import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { Broker } from '#shared/schemas/brokers.js';
import type { ListCursor } from '#shared/schemas/people-fields.js';
import type { Database } from '../../db/schema.js';
import { isoTimestamp, olderThan, toPage } from '../drivers/record-scope.js';

type Db = Kysely<Database>;

/** Brokers belong to a company, not to a person: the scope is a company, or every company (null) for a master admin's reads. */
export type BrokerScope = { companyId: string | null };

/** What may be written: the form's fields (undefined leaves a field as it is). */
export interface BrokerValues {
  name?: string | undefined;
  companyName?: string | null | undefined;
  email?: string | null | undefined;
  phone?: string | null | undefined;
  address?: string | null | undefined;
  paymentTerms?: string | null | undefined;
  notes?: string | null | undefined;
}

const inScope = (scope: BrokerScope) => (eb: ExpressionBuilder<Database, 'brokers'>) => {
  const conditions: Expression<SqlBool>[] = [];
  if (scope.companyId !== null) conditions.push(eb('brokers.companyId', '=', scope.companyId));
  return eb.and(conditions);
};

const selectBroker = (db: Db) =>
  db
    .selectFrom('brokers')
    .select([
      'brokers.id',
      'brokers.companyId',
      'brokers.name',
      'brokers.companyName',
      'brokers.email',
      'brokers.phone',
      'brokers.address',
      'brokers.paymentTerms',
      'brokers.notes',
      isoTimestamp('brokers.createdAt').as('createdAt'),
      isoTimestamp('brokers.updatedAt').as('updatedAt'),
    ]);

export async function listBrokers(db: Db, scope: BrokerScope, page: { cursor?: ListCursor | null | undefined; limit: number }) {
  let query = selectBroker(db).where(inScope(scope));
  if (page.cursor) query = query.where(olderThan('brokers', page.cursor));
  const rows = await query
    .orderBy('brokers.createdAt', 'desc')
    .orderBy('brokers.id', 'desc')
    .limit(page.limit + 1)
    .execute();
  return toPage<Broker>(rows, page.limit);
}

export function findBroker(db: Db, scope: BrokerScope, id: string): Promise<Broker | undefined> {
  return selectBroker(db).where(inScope(scope)).where('brokers.id', '=', id).executeTakeFirst();
}

export async function insertBroker(db: Db, row: BrokerValues & { name: string; companyId: string }) {
  const { id } = await db.insertInto('brokers').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Updates a broker of the scope; undefined when there is none. */
export async function updateBroker(db: Db, scope: BrokerScope, id: string, values: BrokerValues): Promise<string | undefined> {
  // Kysely leaves undefined values out of the SET list; with none left there is nothing to write.
  if (Object.values(values).every((value) => value === undefined)) return (await findBroker(db, scope, id))?.id;
  const updated = await db.updateTable('brokers').set(values).where('id', '=', id).where(inScope(scope)).returning('id').executeTakeFirst();
  return updated?.id;
}

export async function deleteBroker(db: Db, scope: BrokerScope, id: string): Promise<boolean> {
  const deleted = await db.deleteFrom('brokers').where('id', '=', id).where(inScope(scope)).returning('id').executeTakeFirst();
  return deleted !== undefined;
}
