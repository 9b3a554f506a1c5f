import type { Kysely } from 'kysely';
import type { Broker } from '#shared/schemas/brokers.js';
import { keysetPage, type PageRequest } from '../../db/pagination.js';
import type { Database } from '../../db/schema.js';
import { readable, type Scope } from '../../db/scope.js';
import { isoTimestamp } from '../../db/sql.js';

type Db = Kysely<Database>;

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
      'brokers.mcNumber',
      isoTimestamp('brokers.createdAt').as('createdAt'),
      isoTimestamp('brokers.updatedAt').as('updatedAt'),
    ]);

/** The Brokers page: newest first, a page at a time. */
export function listBrokers(db: Db, scope: Scope, page: PageRequest) {
  return keysetPage(selectBroker(db).where(readable(scope, 'brokers')), { sortedBy: 'brokers.createdAt', id: 'brokers.id' }, page);
}

export function findBroker(db: Db, scope: Scope, id: string): Promise<Broker | undefined> {
  return selectBroker(db).where(readable(scope, 'brokers')).where('brokers.id', '=', id).executeTakeFirst();
}
