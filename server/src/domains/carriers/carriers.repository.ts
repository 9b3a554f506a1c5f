import type { Kysely } from 'kysely';
import type { Carrier, CarrierOption } from '#shared/schemas/carriers.js';
import { keysetPage, type PageRequest } from '../../db/pagination.js';
import type { Database } from '../../db/schema.js';
import { readable, writable, type Scope } from '../../db/scope.js';
import { isoTimestamp } from '../../db/sql.js';

type Db = Kysely<Database>;

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

/** The Carriers page: newest first, a page at a time. */
export function listCarriers(db: Db, scope: Scope, page: PageRequest) {
  return keysetPage(selectCarrier(db).where(readable(scope, 'carriers')), { sortedBy: 'carriers.createdAt', id: 'carriers.id' }, page);
}

export function findCarrier(db: Db, scope: Scope, id: string): Promise<Carrier | undefined> {
  return selectCarrier(db).where(readable(scope, 'carriers')).where('carriers.id', '=', id).executeTakeFirst();
}

/** The pick list for a driver's carrier, by name: only carriers the scope may link to. */
export function carrierOptions(db: Db, scope: Scope, limit: number): Promise<CarrierOption[]> {
  return db
    .selectFrom('carriers')
    .select(['carriers.id', 'carriers.name'])
    .where(writable(scope, 'carriers'))
    .orderBy('carriers.name')
    .orderBy('carriers.id')
    .limit(limit)
    .execute();
}
