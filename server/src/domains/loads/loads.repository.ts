import { sql, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { LoadDetail, LoadListItem, LoadStatusFilter, PickOption } from '#shared/schemas/loads.js';
import { decodeCursor, keysetAnswer, keysetQuery, type Keyset, type Page, type PageRequest } from '../../db/pagination.js';
import type { Database } from '../../db/schema.js';
import { OWNERSHIP, readable, seesOnlyOwn, writable, type Scope } from '../../db/scope.js';
import { containsPattern, isoTimestamp, isoTimestampOrNull } from '../../db/sql.js';

/** The tenant-scoped transaction a procedure hands in (ctx.db); every function takes it first. */
export type LoadsDb = Kysely<Database>;

const LIST_COLUMNS = [
  'loads.id',
  'loads.companyId',
  'loads.loadNumber',
  'loads.pickupCity',
  'loads.pickupState',
  'loads.pickupDate',
  'loads.deliveryCity',
  'loads.deliveryState',
  'loads.deliveryDate',
  'loads.commodity',
  'loads.status',
  'loads.rate',
  'loads.driverName',
  'loads.brokerName',
  'loads.carrierName',
  isoTimestamp('loads.createdAt').as('createdAt'),
] as const;

const DETAIL_COLUMNS = [
  ...LIST_COLUMNS,
  'loads.referenceNumber',
  'loads.pickupLocation',
  'loads.pickupNotes',
  'loads.deliveryLocation',
  'loads.deliveryNotes',
  'loads.weight',
  'loads.distance',
  'loads.driverId',
  'loads.brokerId',
  'loads.carrierId',
  'loads.createdBy',
  'loads.salesUserId',
  'loads.salesPercentage',
  'loads.factoring',
  'loads.notes',
  isoTimestampOrNull('loads.statusUpdatedAt').as('statusUpdatedAt'),
  isoTimestamp('loads.updatedAt').as('updatedAt'),
] as const;

export interface LoadFilters {
  search: string;
  status: LoadStatusFilter;
}

/**
 * The list's query.
 *
 * A user who sees only their own loads (sales: sold or created by them) gets one ordered, limited
 * branch per owner column, each walking its own index (company, owner, newest first), and the page
 * is the newest of their ids. Written as one `(sales_user_id = $me or created_by = $me)` filter,
 * the planner, which under row-level security underestimates how many rows match, took all of a
 * user's loads through a bitmap and sorted them: 12 to 40 ms for a first page of a sales user
 * with 10,000 loads at 1,000,000 loads in the table (bench/run.ts), where each branch reads a page.
 *
 * A search goes through app_search_loads (migrations/2026-11-28T1300_search_without_leakproof.ts):
 * the page's ids, found by a function that filters by the caller's company explicitly (with the
 * same status, owner and keyset filters): from the company's newest 2,000 loads when they hold a
 * page of matches (a common word), otherwise through the trigram index (2026-11-28T1620); the rows themselves are read
 * here, under row-level security, with the same filters again. Under row-level security the app
 * role's own LIKE could not use the index.
 */
function listLoadsQuery(db: LoadsDb, scope: Scope, filters: LoadFilters, after: Keyset | null, limitPlusOne: number) {
  const columns = { sortedBy: 'loads.createdAt', id: 'loads.id' } as const;
  const status = filters.status === 'all' ? null : filters.status;
  const filtered = <Q extends SelectQueryBuilder<Database, 'loads', object>>(query: Q): Q =>
    status === null ? query : (query.where('loads.status', '=', status) as Q);
  const ownOnly = seesOnlyOwn(scope, 'loads');
  if (filters.search !== '') {
    // The page's ids through the search function, the rows under row-level security.
    const found = sql<SqlBool>`loads.id in (select found.id from app_search_loads(lower(${containsPattern(filters.search)}),
      ${scope.readsCompanyId}::uuid, ${status}::text, ${ownOnly ? scope.userId : null}::uuid,
      ${after?.at ?? null}::timestamptz, ${after?.id ?? null}::uuid, ${limitPlusOne}::integer) as found)`;
    const query = filtered(db.selectFrom('loads').select(LIST_COLUMNS).where(readable(scope, 'loads')).where(found));
    return keysetQuery(query, columns, after, limitPlusOne);
  }
  if (!ownOnly) {
    return keysetQuery(filtered(db.selectFrom('loads').select(LIST_COLUMNS).where(readable(scope, 'loads'))), columns, after, limitPlusOne);
  }
  // Each owner's branch: the company's rows this owner column names, filtered and paged as the list.
  const company = { ...scope, role: null };
  const branch = (owner: (typeof OWNERSHIP.loads.owners)[number]) =>
    keysetQuery(
      filtered(db.selectFrom('loads').select('loads.id').where(readable(company, 'loads')).where(`loads.${owner}`, '=', scope.userId)),
      columns,
      after,
      limitPlusOne,
    );
  const [first, ...others] = OWNERSHIP.loads.owners.map((owner, index) =>
    db.selectFrom(branch(owner).as(`own${index}`)).select(`own${index}.id`),
  );
  if (!first) throw new Error('loads has no owner column');
  const ownIds = others.reduce((union, other) => union.unionAll(other), first);
  const query = db.selectFrom('loads').select(LIST_COLUMNS).where(readable(company, 'loads')).where('loads.id', 'in', ownIds);
  return keysetQuery(query, columns, null, limitPlusOne);
}

/**
 * Newest first, keyset paged (server/src/db/pagination.ts). The search runs over the generated
 * search_text column (trigram index, through app_search_loads).
 */
export async function listLoads(db: LoadsDb, scope: Scope, filters: LoadFilters, page: PageRequest): Promise<Page<LoadListItem>> {
  const after = page.cursor ? decodeCursor(page.cursor) : null;
  const rows = await listLoadsQuery(db, scope, filters, after, page.limit + 1).execute();
  return keysetAnswer(rows, page.limit);
}

/** One load as the scope may read it. */
export async function findLoad(db: LoadsDb, scope: Scope, id: string): Promise<LoadDetail | undefined> {
  return db.selectFrom('loads').select(DETAIL_COLUMNS).where(readable(scope, 'loads')).where('loads.id', '=', id).executeTakeFirst();
}

/** The load as this scope may change it (own company, a sales user's own), or undefined. */
export function findWritableLoad(db: LoadsDb, scope: Scope, id: string): Promise<LoadDetail | undefined> {
  return db.selectFrom('loads').select(DETAIL_COLUMNS).where(writable(scope, 'loads')).where('loads.id', '=', id).executeTakeFirst();
}

/** A pick list stops here: a dropdown of more is of no use to anyone, and the query stays bounded. */
const PICK_LIST_LIMIT = 1000;

/**
 * What a scope may assign to a load: the drivers, brokers and carriers it may change (always its
 * own company, a master admin's too, since loads are written only there; a sales user's own
 * drivers and carriers).
 */
const assignable = {
  driver: (db: LoadsDb, scope: Scope) =>
    db
      .selectFrom('drivers')
      .select(['drivers.id', sql<string>`drivers.first_name || ' ' || drivers.last_name`.as('name')])
      .where(writable(scope, 'drivers'))
      .orderBy('drivers.firstName')
      .orderBy('drivers.lastName')
      .orderBy('drivers.id'),
  broker: (db: LoadsDb, scope: Scope) =>
    db
      .selectFrom('brokers')
      .select(['brokers.id', 'brokers.name'])
      .where(writable(scope, 'brokers'))
      .orderBy('brokers.name')
      .orderBy('brokers.id'),
  carrier: (db: LoadsDb, scope: Scope) =>
    db
      .selectFrom('carriers')
      .select(['carriers.id', 'carriers.name'])
      .where(writable(scope, 'carriers'))
      .orderBy('carriers.name')
      .orderBy('carriers.id'),
};

export async function formOptions(
  db: LoadsDb,
  scope: Scope,
): Promise<{ drivers: PickOption[]; brokers: PickOption[]; carriers: PickOption[] }> {
  // One after the other: a transaction is one connection.
  const drivers = await assignable.driver(db, scope).limit(PICK_LIST_LIMIT).execute();
  const brokers = await assignable.broker(db, scope).limit(PICK_LIST_LIMIT).execute();
  const carriers = await assignable.carrier(db, scope).limit(PICK_LIST_LIMIT).execute();
  return { drivers, brokers, carriers };
}
