import { sql, type Kysely, type Selectable } from 'kysely';
import type { LoadStatus } from '#shared/constants.js';
import type { SessionOutput } from '#shared/schemas/auth.js';
import type { CreateLoadValues, LoadDetail, LoadListItem, LoadStatusFilter, PickOption } from '#shared/schemas/loads.js';
import type { Database, LoadsTable } from '../../db/schema.js';

/** The tenant-scoped transaction a procedure hands in (ctx.db); every function takes it first. */
export type LoadsDb = Kysely<Database>;

/**
 * Who is asking, and so which loads they may see: a master admin every company's (on the
 * read path), staff their own company's, and a sales user only their own loads, those whose
 * sales_user_id or created_by is them (docs/permissions.md).
 */
export interface Viewer {
  userId: string;
  companyId: string;
  isMasterAdmin: boolean;
  seesOnlyOwn: boolean;
}

export function viewerOf(session: SessionOutput): Viewer {
  return {
    userId: session.user.id,
    companyId: session.company.id,
    isMasterAdmin: session.isMasterAdmin,
    seesOnlyOwn: !session.isMasterAdmin && session.role === 'sales',
  };
}

const LIST_COLUMNS = [
  'id',
  'companyId',
  'loadNumber',
  'pickupCity',
  'pickupState',
  'pickupDate',
  'deliveryCity',
  'deliveryState',
  'deliveryDate',
  'commodity',
  'status',
  'rate',
  'driverName',
  'brokerName',
  'carrierName',
  'createdAt',
] as const;

const DETAIL_COLUMNS = [
  ...LIST_COLUMNS,
  'referenceNumber',
  'pickupLocation',
  'pickupNotes',
  'deliveryLocation',
  'deliveryNotes',
  'weight',
  'distance',
  'driverId',
  'brokerId',
  'carrierId',
  'createdBy',
  'salesUserId',
  'salesPercentage',
  'factoring',
  'notes',
  'statusUpdatedAt',
  'updatedAt',
] as const;

type LoadRow = Selectable<LoadsTable>;
type ListRow = Pick<LoadRow, (typeof LIST_COLUMNS)[number]>;
type DetailRow = Pick<LoadRow, (typeof DETAIL_COLUMNS)[number]>;

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

function toListItem(row: ListRow): LoadListItem {
  return {
    id: row.id,
    companyId: row.companyId,
    loadNumber: row.loadNumber,
    pickupCity: row.pickupCity,
    pickupState: row.pickupState,
    pickupDate: row.pickupDate,
    deliveryCity: row.deliveryCity,
    deliveryState: row.deliveryState,
    deliveryDate: row.deliveryDate,
    commodity: row.commodity,
    status: row.status,
    rate: row.rate,
    driverName: row.driverName,
    brokerName: row.brokerName,
    carrierName: row.carrierName,
    createdAt: iso(row.createdAt),
  };
}

function toDetail(row: DetailRow): LoadDetail {
  return {
    ...toListItem(row),
    referenceNumber: row.referenceNumber,
    pickupLocation: row.pickupLocation,
    pickupNotes: row.pickupNotes,
    deliveryLocation: row.deliveryLocation,
    deliveryNotes: row.deliveryNotes,
    weight: row.weight,
    distance: row.distance,
    driverId: row.driverId,
    brokerId: row.brokerId,
    carrierId: row.carrierId,
    createdBy: row.createdBy,
    salesUserId: row.salesUserId,
    salesPercentage: row.salesPercentage,
    factoring: row.factoring,
    notes: row.notes,
    statusUpdatedAt: row.statusUpdatedAt ? iso(row.statusUpdatedAt) : null,
    updatedAt: iso(row.updatedAt),
  };
}

/** The loads this viewer may see: their company's (every company's for a master admin), a sales user's own. */
function visibleLoads(db: LoadsDb, viewer: Viewer) {
  let query = db.selectFrom('loads');
  if (!viewer.isMasterAdmin) query = query.where('loads.companyId', '=', viewer.companyId);
  if (viewer.seesOnlyOwn) {
    query = query.where((eb) => eb.or([eb('loads.salesUserId', '=', viewer.userId), eb('loads.createdBy', '=', viewer.userId)]));
  }
  return query;
}

/**
 * The loads this viewer may change: only their own company's, whoever they are (a master
 * admin writes like any admin), a sales user's own.
 */
function writableLoads(db: LoadsDb, viewer: Viewer) {
  let query = db.updateTable('loads').where('loads.companyId', '=', viewer.companyId);
  if (viewer.seesOnlyOwn) {
    query = query.where((eb) => eb.or([eb('loads.salesUserId', '=', viewer.userId), eb('loads.createdBy', '=', viewer.userId)]));
  }
  return query;
}

/** LIKE's wildcards in a search are literal characters. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

export interface LoadPageCursor {
  createdAt: string;
  id: string;
}

export interface LoadListQuery {
  search: string;
  status: LoadStatusFilter;
  cursor: LoadPageCursor | null;
  limit: number;
}

/**
 * Newest first, keyset paged on (created_at desc, id desc) with the microseconds kept in the
 * cursor, so no load is skipped or repeated however many share a millisecond. The search
 * runs over the generated search_text column (trigram index).
 */
export async function listLoads(
  db: LoadsDb,
  viewer: Viewer,
  query: LoadListQuery,
): Promise<{ items: LoadListItem[]; next: LoadPageCursor | null }> {
  let select = visibleLoads(db, viewer)
    .select([
      ...LIST_COLUMNS,
      sql<string>`to_char(loads.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`.as('cursorCreatedAt'),
    ])
    .orderBy('loads.createdAt', 'desc')
    .orderBy('loads.id', 'desc')
    .limit(query.limit + 1);
  if (query.status !== 'all') select = select.where('loads.status', '=', query.status);
  if (query.search) select = select.where(sql<boolean>`loads.search_text like lower(${`%${escapeLike(query.search)}%`})`);
  if (query.cursor) {
    const { createdAt, id } = query.cursor;
    select = select.where(sql<boolean>`(loads.created_at, loads.id) < ((${createdAt}::timestamp at time zone 'UTC'), ${id}::uuid)`);
  }
  const rows = await select.execute();
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toListItem),
    next: rows.length > query.limit && last ? { createdAt: last.cursorCreatedAt, id: last.id } : null,
  };
}

export async function findLoad(db: LoadsDb, viewer: Viewer, id: string): Promise<LoadDetail | null> {
  const row = await visibleLoads(db, viewer).select(DETAIL_COLUMNS).where('loads.id', '=', id).executeTakeFirst();
  return row ? toDetail(row) : null;
}

/** The load as this viewer may change it (own company, a sales user's own), or null. */
export async function findWritableLoad(db: LoadsDb, viewer: Viewer, id: string): Promise<LoadDetail | null> {
  return findLoad(db, { ...viewer, isMasterAdmin: false }, id);
}

type LoadFields = Omit<CreateLoadValues, 'loadNumber'> & { loadNumber: string };

export async function insertLoad(
  db: LoadsDb,
  values: LoadFields & { companyId: string; createdBy: string; salesUserId: string | null },
): Promise<LoadDetail> {
  const row = await db
    .insertInto('loads')
    .values({ ...values, status: 'pending' })
    .returning(DETAIL_COLUMNS)
    .executeTakeFirstOrThrow();
  return toDetail(row);
}

export async function updateLoadFields(db: LoadsDb, viewer: Viewer, id: string, values: LoadFields): Promise<LoadDetail | null> {
  const row = await writableLoads(db, viewer).set(values).where('loads.id', '=', id).returning(DETAIL_COLUMNS).executeTakeFirst();
  return row ? toDetail(row) : null;
}

/** Sets the status (the trigger stamps status_updated_at when it changes); null when the viewer may not change this load. */
export async function setLoadStatus(db: LoadsDb, viewer: Viewer, id: string, status: LoadStatus): Promise<LoadDetail | null> {
  const row = await writableLoads(db, viewer).set({ status }).where('loads.id', '=', id).returning(DETAIL_COLUMNS).executeTakeFirst();
  return row ? toDetail(row) : null;
}

/** A pick list stops here: a dropdown of more is of no use to anyone, and the query stays bounded. */
const PICK_LIST_LIMIT = 1000;

/**
 * Drivers a viewer may assign to a load: their company's, a sales user's own (sales_agent_id).
 * Always the viewer's own company, also for a master admin: loads are written only there.
 */
function assignableDrivers(db: LoadsDb, viewer: Viewer) {
  let query = db.selectFrom('drivers').where('drivers.companyId', '=', viewer.companyId);
  if (viewer.seesOnlyOwn) query = query.where('drivers.salesAgentId', '=', viewer.userId);
  return query;
}

function assignableBrokers(db: LoadsDb, viewer: Viewer) {
  return db.selectFrom('brokers').where('brokers.companyId', '=', viewer.companyId);
}

function assignableCarriers(db: LoadsDb, viewer: Viewer) {
  let query = db.selectFrom('carriers').where('carriers.companyId', '=', viewer.companyId);
  if (viewer.seesOnlyOwn) query = query.where('carriers.salesAgentId', '=', viewer.userId);
  return query;
}

export async function isAssignable(db: LoadsDb, viewer: Viewer, kind: 'driver' | 'broker' | 'carrier', id: string): Promise<boolean> {
  const query =
    kind === 'driver'
      ? assignableDrivers(db, viewer).select('drivers.id').where('drivers.id', '=', id)
      : kind === 'broker'
        ? assignableBrokers(db, viewer).select('brokers.id').where('brokers.id', '=', id)
        : assignableCarriers(db, viewer).select('carriers.id').where('carriers.id', '=', id);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function formOptions(
  db: LoadsDb,
  viewer: Viewer,
): Promise<{ drivers: PickOption[]; brokers: PickOption[]; carriers: PickOption[] }> {
  // One after the other: a transaction is one connection.
  const drivers = await assignableDrivers(db, viewer)
    .select(['drivers.id', sql<string>`drivers.first_name || ' ' || drivers.last_name`.as('name')])
    .orderBy('drivers.firstName')
    .orderBy('drivers.lastName')
    .orderBy('drivers.id')
    .limit(PICK_LIST_LIMIT)
    .execute();
  const brokers = await assignableBrokers(db, viewer)
    .select(['brokers.id', 'brokers.name'])
    .orderBy('brokers.name')
    .orderBy('brokers.id')
    .limit(PICK_LIST_LIMIT)
    .execute();
  const carriers = await assignableCarriers(db, viewer)
    .select(['carriers.id', 'carriers.name'])
    .orderBy('carriers.name')
    .orderBy('carriers.id')
    .limit(PICK_LIST_LIMIT)
    .execute();
  return { drivers, brokers, carriers };
}
