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
  'company_id',
  'load_number',
  'pickup_city',
  'pickup_state',
  'pickup_date',
  'delivery_city',
  'delivery_state',
  'delivery_date',
  'commodity',
  'status',
  'rate',
  'driver_name',
  'broker_name',
  'carrier_name',
  'created_at',
] as const;

const DETAIL_COLUMNS = [
  ...LIST_COLUMNS,
  'reference_number',
  'pickup_location',
  'pickup_notes',
  'delivery_location',
  'delivery_notes',
  'weight',
  'distance',
  'driver_id',
  'broker_id',
  'carrier_id',
  'created_by',
  'sales_user_id',
  'sales_percentage',
  'factoring',
  'notes',
  'status_updated_at',
  'updated_at',
] as const;

type LoadRow = Selectable<LoadsTable>;
type ListRow = Pick<LoadRow, (typeof LIST_COLUMNS)[number]>;
type DetailRow = Pick<LoadRow, (typeof DETAIL_COLUMNS)[number]>;

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

function toListItem(row: ListRow): LoadListItem {
  return {
    id: row.id,
    company_id: row.company_id,
    load_number: row.load_number,
    pickup_city: row.pickup_city,
    pickup_state: row.pickup_state,
    pickup_date: row.pickup_date,
    delivery_city: row.delivery_city,
    delivery_state: row.delivery_state,
    delivery_date: row.delivery_date,
    commodity: row.commodity,
    status: row.status,
    rate: row.rate,
    driver_name: row.driver_name,
    broker_name: row.broker_name,
    carrier_name: row.carrier_name,
    created_at: iso(row.created_at),
  };
}

function toDetail(row: DetailRow): LoadDetail {
  return {
    ...toListItem(row),
    reference_number: row.reference_number,
    pickup_location: row.pickup_location,
    pickup_notes: row.pickup_notes,
    delivery_location: row.delivery_location,
    delivery_notes: row.delivery_notes,
    weight: row.weight,
    distance: row.distance,
    driver_id: row.driver_id,
    broker_id: row.broker_id,
    carrier_id: row.carrier_id,
    created_by: row.created_by,
    sales_user_id: row.sales_user_id,
    sales_percentage: row.sales_percentage,
    factoring: row.factoring,
    notes: row.notes,
    status_updated_at: row.status_updated_at ? iso(row.status_updated_at) : null,
    updated_at: iso(row.updated_at),
  };
}

/** The loads this viewer may see: their company's (every company's for a master admin), a sales user's own. */
function visibleLoads(db: LoadsDb, viewer: Viewer) {
  let query = db.selectFrom('loads');
  if (!viewer.isMasterAdmin) query = query.where('loads.company_id', '=', viewer.companyId);
  if (viewer.seesOnlyOwn) {
    query = query.where((eb) => eb.or([eb('loads.sales_user_id', '=', viewer.userId), eb('loads.created_by', '=', viewer.userId)]));
  }
  return query;
}

/**
 * The loads this viewer may change: only their own company's, whoever they are (a master
 * admin writes like any admin), a sales user's own.
 */
function writableLoads(db: LoadsDb, viewer: Viewer) {
  let query = db.updateTable('loads').where('loads.company_id', '=', viewer.companyId);
  if (viewer.seesOnlyOwn) {
    query = query.where((eb) => eb.or([eb('loads.sales_user_id', '=', viewer.userId), eb('loads.created_by', '=', viewer.userId)]));
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
      sql<string>`to_char(loads.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`.as('cursor_created_at'),
    ])
    .orderBy('loads.created_at', 'desc')
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
    next: rows.length > query.limit && last ? { createdAt: last.cursor_created_at, id: last.id } : null,
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

type LoadFields = Omit<CreateLoadValues, 'load_number'> & { load_number: string };

export async function insertLoad(
  db: LoadsDb,
  values: LoadFields & { company_id: string; created_by: string; sales_user_id: string | null },
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
  let query = db.selectFrom('drivers').where('drivers.company_id', '=', viewer.companyId);
  if (viewer.seesOnlyOwn) query = query.where('drivers.sales_agent_id', '=', viewer.userId);
  return query;
}

function assignableBrokers(db: LoadsDb, viewer: Viewer) {
  return db.selectFrom('brokers').where('brokers.company_id', '=', viewer.companyId);
}

function assignableCarriers(db: LoadsDb, viewer: Viewer) {
  let query = db.selectFrom('carriers').where('carriers.company_id', '=', viewer.companyId);
  if (viewer.seesOnlyOwn) query = query.where('carriers.sales_agent_id', '=', viewer.userId);
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
    .orderBy('drivers.first_name')
    .orderBy('drivers.last_name')
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
