import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { ACTIVE_LOAD_STATUSES, LOAD_STATUSES, type LoadStatus } from '#shared/constants.js';
import { haversineMiles, type LatLng } from '#shared/rules/geo.js';
import type { LoadSort, SortDirection } from '#shared/schemas/load-board.js';
import {
  DRIVER_CHOICES_LIMIT,
  type DriverChoicesOutput,
  type EquipmentType,
  type LoadDetail,
  type LoadListItem,
  type LoadStatusFilter,
  type PickOption,
} from '#shared/schemas/loads.js';
import {
  decodeCursor,
  encodeCursor,
  keysetNextCursor,
  keysetQuery,
  readKeyset,
  type Keyset,
  type KeysetColumns,
  type KeysetPart,
  type Page,
  type PageRequest,
} from '../../db/pagination.js';
import type { Database } from '../../db/schema.js';
import { OWNERSHIP, readable, seesOnlyOwn, writable, type Scope } from '../../db/scope.js';
import { containsPattern, isoTimestamp, isoTimestampOrNull } from '../../db/sql.js';
import { loadGazetteer, type Gazetteer } from '../../services/geo/gazetteer.js';
import { dispatcherOptions } from './load-dispatcher.js';
import { ACCESSORIALS_JSON, STOPS_JSON, withStops } from './load-stops.js';

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
  'loads.dispatcherId',
  'loads.dispatcherName',
  'loads.truckId',
  'loads.trailerId',
  'loads.truckUnit',
  'loads.trailerUnit',
  'loads.salesPercentage',
  'loads.factoring',
  'loads.notes',
  isoTimestampOrNull('loads.statusUpdatedAt').as('statusUpdatedAt'),
  isoTimestamp('loads.updatedAt').as('updatedAt'),
  'loads.lineHaul',
  sql<EquipmentType | null>`loads.equipment_type`.as('equipmentType'),
  'loads.temperature',
  STOPS_JSON.as('stops'),
  ACCESSORIALS_JSON.as('accessorials'),
] as const;

/** The list's filters: the search and status of the cards, and the board's (shared/src/schemas/load-board.ts), all optional. */
export interface LoadFilters {
  search: string;
  status: LoadStatusFilter;
  statuses?: readonly LoadStatus[] | undefined;
  pickupFrom?: string | null | undefined;
  pickupTo?: string | null | undefined;
  deliveryFrom?: string | null | undefined;
  deliveryTo?: string | null | undefined;
  driverId?: string | null | undefined;
  brokerId?: string | null | undefined;
  carrierId?: string | null | undefined;
  dispatcherId?: string | null | undefined;
  /** The caller's own loads to dispatch (their id is the scope's). */
  mine?: boolean | undefined;
  unassigned?: boolean | undefined;
  late?: boolean | undefined;
  atRisk?: boolean | undefined;
  today?: string | null | undefined;
  sort?: LoadSort | undefined;
  direction?: SortDirection | undefined;
}

/**
 * Each sort's column (or expression) as its index in migrations/2026-11-28T2000_load_board_indexes.ts
 * has it, word for word: (company_id, <sort>, id) for every sort but createdAt, whose index is the
 * list's own (company_id, created_at desc, id desc). Status sorts in the order of the work
 * (pending first), not alphabetically.
 */
const STATUS_ORDER = sql.raw(`(case loads.status ${LOAD_STATUSES.map((status, index) => `when '${status}' then ${index}`).join(' ')} end)`);
const RATE_PER_MILE = sql.raw('round(loads.rate / nullif(loads.distance, 0), 2)');

const SORTS: Record<LoadSort, Pick<KeysetColumns, 'sortedBy' | 'type' | 'nullable'>> = {
  createdAt: { sortedBy: 'loads.createdAt', type: 'timestamptz' },
  loadNumber: { sortedBy: 'loads.loadNumber', type: 'text' },
  status: { sortedBy: STATUS_ORDER, type: 'integer' },
  pickupDate: { sortedBy: 'loads.pickupDate', type: 'date', nullable: true },
  deliveryDate: { sortedBy: 'loads.deliveryDate', type: 'date', nullable: true },
  pickupCity: { sortedBy: 'loads.pickupCity', type: 'text' },
  deliveryCity: { sortedBy: 'loads.deliveryCity', type: 'text' },
  driverName: { sortedBy: 'loads.driverName', type: 'text', nullable: true },
  brokerName: { sortedBy: 'loads.brokerName', type: 'text', nullable: true },
  carrierName: { sortedBy: 'loads.carrierName', type: 'text', nullable: true },
  dispatcherName: { sortedBy: 'loads.dispatcherName', type: 'text', nullable: true },
  rate: { sortedBy: 'loads.rate', type: 'numeric', nullable: true },
  ratePerMile: { sortedBy: RATE_PER_MILE, type: 'numeric', nullable: true },
};

/**
 * The keyset of a sort. createdAt's cursor keeps the list's original form ([at, id]), so a
 * cursor of any other sort (which names its sort) is refused by it, and the other way round.
 */
export function sortColumns(sort: LoadSort = 'createdAt', direction: SortDirection = 'desc'): KeysetColumns {
  return { ...SORTS[sort], id: 'loads.id', sort: sort === 'createdAt' ? undefined : sort, direction };
}

/**
 * A load's stops between its pickup and its delivery (the lane's "+N stops"), counted for the
 * page's rows only through load_stops' key (company_id, load_id, position); 0 for a load without
 * stop rows (its two ends are its pickup and delivery columns).
 */
const EXTRA_STOPS = sql<number>`(select greatest(count(*) - 2, 0)::integer from load_stops stop
  where stop.company_id = loads.company_id and stop.load_id = loads.id)`;

/** What the board shows that the card list does not: ids, dispatcher, equipment, extra stops, distance, rate per mile, and whether it is late. */
const BOARD_COLUMNS = [
  'loads.driverId',
  'loads.brokerId',
  'loads.carrierId',
  'loads.dispatcherId',
  'loads.dispatcherName',
  sql<EquipmentType | null>`loads.equipment_type`.as('equipmentType'),
  'loads.temperature',
  EXTRA_STOPS.as('extraStops'),
  'loads.distance',
  sql<string | null>`${RATE_PER_MILE}::text`.as('ratePerMile'),
  'loads.truckId',
  'loads.truckUnit',
] as const;

/**
 * The driver's last known position ([lat, lng]) of a load that may be at risk (on the road, with a
 * driver and a delivery date), read with the row: a look-up by key for those rows of the page only.
 */
const DRIVER_POSITION = sql<[number, number] | null>`case when loads.status in ('picked', 'in_transit') and loads.driver_id is not null
    and loads.delivery_date is not null then (select json_build_array(d.current_location_lat, d.current_location_lng) from drivers d
    where d.company_id = loads.company_id and d.id = loads.driver_id
      and d.current_location_lat is not null and d.current_location_lng is not null) end`;

/** The viewer's date (the server's when not given). */
const todayOf = (filters: LoadFilters) => sql`coalesce(${filters.today ?? null}::date, current_date)`;

/**
 * Late (shared/src/schemas/load-board.ts): past its delivery date and not delivered or cancelled,
 * or past its pickup date and still pending or assigned.
 */
const lateCondition = (filters: LoadFilters) =>
  sql<SqlBool>`((loads.delivery_date < ${todayOf(filters)} and loads.status not in ('delivered', 'cancelled'))
    or (loads.pickup_date < ${todayOf(filters)} and loads.status in ('pending', 'assigned')))`;
/** The same as a flag (false, not null, without a date). As a filter the condition itself, whose arms each walk a partial index. */
const lateOf = (filters: LoadFilters) => sql<boolean>`coalesce(${lateCondition(filters)}, false)`;

/**
 * The late filter within a company: the ids of its late loads, read first through the partial
 * indexes of the loads still open (one per arm of the condition), then the page among them in the
 * sort's order. Left to itself, the planner walked the sort's index and filtered, which read every
 * load of the company when few are late (117 ms at 100,000 loads, bench/board.ts). The late loads
 * are among the open ones, a company's current work, so the list of ids stays short.
 */
const lateIds = (filters: LoadFilters, companyId: string) =>
  sql<SqlBool>`loads.id = any(array(
    select late.id from loads late where late.company_id = ${companyId}::uuid
      and late.delivery_date < ${todayOf(filters)} and late.status not in ('delivered', 'cancelled')
    union
    select late.id from loads late where late.company_id = ${companyId}::uuid
      and late.pickup_date < ${todayOf(filters)} and late.status in ('pending', 'assigned')))`;

/** What may be at risk: on the road (picked or in transit) with a driver and a delivery date, and not late. */
const AT_RISK_STATUSES = ['picked', 'in_transit'] as const satisfies readonly LoadStatus[];

/** The board's filters as conditions (AND), none for a filter left out. */
function boardConditions(filters: LoadFilters, scope: Scope): RawBuilder<SqlBool>[] {
  const companyId = scope.readsCompanyId;
  const conditions: RawBuilder<SqlBool>[] = [];
  const statuses = filters.statuses ?? [];
  if (statuses.length > 0) conditions.push(sql<SqlBool>`loads.status in (${sql.join(statuses)})`);
  const range = (column: string, from: string | null | undefined, to: string | null | undefined) => {
    if (from) conditions.push(sql<SqlBool>`${sql.ref(column)} >= ${from}::date`);
    if (to) conditions.push(sql<SqlBool>`${sql.ref(column)} <= ${to}::date`);
  };
  range('loads.pickupDate', filters.pickupFrom, filters.pickupTo);
  range('loads.deliveryDate', filters.deliveryFrom, filters.deliveryTo);
  if (filters.driverId) conditions.push(sql<SqlBool>`loads.driver_id = ${filters.driverId}::uuid`);
  if (filters.brokerId) conditions.push(sql<SqlBool>`loads.broker_id = ${filters.brokerId}::uuid`);
  if (filters.carrierId) conditions.push(sql<SqlBool>`loads.carrier_id = ${filters.carrierId}::uuid`);
  // Through (company_id, dispatcher_id, created_at desc, id desc), as the driver filter through its own.
  if (filters.dispatcherId) conditions.push(sql<SqlBool>`loads.dispatcher_id = ${filters.dispatcherId}::uuid`);
  if (filters.mine) conditions.push(sql<SqlBool>`loads.dispatcher_id = ${scope.userId}::uuid`);
  if (filters.unassigned) conditions.push(sql<SqlBool>`loads.driver_id is null`);
  if (filters.late) conditions.push(companyId === null ? lateCondition(filters) : lateIds(filters, companyId));
  if (filters.atRisk) {
    conditions.push(
      sql<SqlBool>`loads.status in (${sql.join(AT_RISK_STATUSES)}) and loads.driver_id is not null
        and loads.delivery_date is not null and not ${lateOf(filters)}`,
    );
  }
  return conditions;
}

const allOf = (conditions: RawBuilder<SqlBool>[]) => sql<SqlBool>`(${sql.join(conditions, sql` and `)})`;

/**
 * The list's query, for one part of the sort (KeysetPart: the rows with a value, then those without).
 *
 * A user who sees only their own loads (sales: sold or created by them) gets one ordered, limited
 * branch per owner column, each walking its own index (company, owner, newest first), and the page
 * is the newest of their ids. Written as one `(sales_user_id = $me or created_by = $me)` filter,
 * the planner, which under row-level security underestimates how many rows match, took all of a
 * user's loads through a bitmap and sorted them: 12 to 40 ms for a first page of a sales user
 * with 10,000 loads at 1,000,000 loads in the table (bench/run.ts), where each branch reads a page.
 * Another sort keeps the branches, each ordered by the sort (a sales user's own loads, sorted).
 */
function listLoadsQuery(
  db: LoadsDb,
  scope: Scope,
  filters: LoadFilters,
  columns: KeysetColumns,
  after: Keyset | null,
  limitPlusOne: number,
  part: KeysetPart,
) {
  const status = filters.status === 'all' ? null : filters.status;
  const conditions = boardConditions(filters, scope);
  const filtered = <Q extends SelectQueryBuilder<Database, 'loads', object>>(query: Q): Q => {
    let narrowed = status === null ? query : (query.where('loads.status', '=', status) as Q);
    if (conditions.length > 0) narrowed = narrowed.where(allOf(conditions)) as Q;
    return narrowed;
  };
  const listed = (query: SelectQueryBuilder<Database, 'loads', object>) =>
    query
      .select(LIST_COLUMNS)
      .select(BOARD_COLUMNS)
      .select([lateOf(filters).as('late'), DRIVER_POSITION.as('driverPosition')]);
  const ownOnly = seesOnlyOwn(scope, 'loads');
  if (!ownOnly) {
    return keysetQuery(filtered(listed(db.selectFrom('loads').where(readable(scope, 'loads')))), columns, after, limitPlusOne, part);
  }
  // Each owner's branch: the company's rows this owner column names, filtered and paged as the list.
  const company = { ...scope, role: null };
  const branch = (owner: (typeof OWNERSHIP.loads.owners)[number]) =>
    keysetQuery(
      filtered(db.selectFrom('loads').select('loads.id').where(readable(company, 'loads')).where(`loads.${owner}`, '=', scope.userId)),
      columns,
      after,
      limitPlusOne,
      part,
    );
  const [first, ...others] = OWNERSHIP.loads.owners.map((owner, index) =>
    db.selectFrom(branch(owner).as(`own${index}`)).select(`own${index}.id`),
  );
  if (!first) throw new Error('loads has no owner column');
  const ownIds = others.reduce((union, other) => union.unionAll(other), first);
  const query = listed(db.selectFrom('loads').where(readable(company, 'loads')).where('loads.id', 'in', ownIds));
  // The branches read one part already: the page is their ids in the sort's order.
  return keysetQuery(query, { ...columns, nullable: false }, null, limitPlusOne);
}

/**
 * A search: the page's ids through app_search_loads (migrations/2026-11-28T1300_search_without_leakproof.ts,
 * 2026-11-28T1620_search_common_words.ts), a function that filters by the caller's company explicitly
 * (with the same status, owner and keyset filters): from the company's newest 2,000 loads when they
 * hold a page of matches (a common word), otherwise through the trigram index; the rows themselves
 * are read here, under row-level security, with the same filters again. Under row-level security
 * the app role's own LIKE could not use the index.
 *
 * The page's ids come as one array (`loads.id = any(array(...))`): each row is then read by its key,
 * whatever the planner believes of the company's size. As `in (select ...)` it could hash-join the
 * ids against a scan of every load of the company when the statistics lagged (a company that grew
 * fast since the last ANALYZE: 5 ms and growing under `make soak`).
 *
 * The function pages newest first only, so a search keeps that order's pages and cursor: the
 * board's filters are applied to each page found (a page may come short, its cursor still leads
 * on), and the page is shown in the chosen sort (`boardRank`).
 */
function searchLoadsQuery(db: LoadsDb, scope: Scope, filters: LoadFilters, after: Keyset | null, limitPlusOne: number) {
  const status = filters.status === 'all' ? null : filters.status;
  const ownOnly = seesOnlyOwn(scope, 'loads');
  const found = sql<SqlBool>`loads.id = any(array(select found.id from app_search_loads(lower(${containsPattern(filters.search)}),
    ${scope.readsCompanyId}::uuid, ${status}::text, ${ownOnly ? scope.userId : null}::uuid,
    ${after?.value ?? null}::timestamptz, ${after?.id ?? null}::uuid, ${limitPlusOne}::integer) as found))`;
  const conditions = boardConditions(filters, scope);
  const board = sortColumns(filters.sort, filters.direction);
  const direction = sql.raw(board.direction ?? 'desc');
  const sortedBy = typeof board.sortedBy === 'string' ? sql.ref(board.sortedBy) : board.sortedBy;
  let query = db
    .selectFrom('loads')
    .select(LIST_COLUMNS)
    .select(BOARD_COLUMNS)
    .select([lateOf(filters).as('late'), DRIVER_POSITION.as('driverPosition')])
    .select([
      (conditions.length > 0 ? sql<boolean>`${allOf(conditions)}` : sql<boolean>`true`).as('matches'),
      sql<string>`row_number() over (order by ${sortedBy} ${direction} nulls last, loads.id ${direction})`.as('boardRank'),
    ])
    .where(readable(scope, 'loads'))
    .where(found);
  if (status !== null) query = query.where('loads.status', '=', status);
  return keysetQuery(query, { sortedBy: 'loads.createdAt', id: 'loads.id' }, after, limitPlusOne);
}

/** At most this many loads are read for a page of the "at risk" filter (each is weighed here, by the gazetteer). */
export const AT_RISK_SCAN = 1000;

/** Miles an hour a load may still make (shared/src/schemas/load-board.ts, atRisk). */
export const AT_RISK_MPH = 50;

/**
 * Whether a load on the road is at risk: its driver's last known position is farther from the
 * delivery city than the hours left before the end of its delivery date (UTC) allow at 50 mph.
 * False when anything is unknown (no position, no delivery date, a city the gazetteer does not know).
 */
export function isAtRisk(
  load: { status: LoadStatus; deliveryDate: string | null; deliveryCity: string; deliveryState: string },
  position: LatLng | null,
  gazetteer: Pick<Gazetteer, 'locate'>,
  now = Date.now(),
): boolean {
  if (!position || !load.deliveryDate || !(AT_RISK_STATUSES as readonly LoadStatus[]).includes(load.status)) return false;
  const destination = gazetteer.locate(load.deliveryCity, load.deliveryState);
  if (!destination) return false;
  const endOfDay = Date.parse(`${load.deliveryDate}T00:00:00Z`) + 24 * 3600 * 1000;
  const hoursLeft = Math.max(0, (endOfDay - now) / 3600_000);
  return haversineMiles(position, destination) > hoursLeft * AT_RISK_MPH;
}

type ListedRow = LoadListItemRow & { late: boolean; driverPosition: [number, number] | null };
type LoadListItemRow = Omit<LoadListItem, 'flag'>;

/** Whether each row is at risk (never when late). The gazetteer is loaded only when a row has a position to weigh. */
async function atRiskFlags(rows: readonly ListedRow[]): Promise<boolean[]> {
  const weighs = rows.some((row) => row.driverPosition !== null && !row.late);
  const gazetteer = weighs ? await loadGazetteer() : null;
  const now = Date.now();
  return rows.map((row) => {
    if (gazetteer === null || row.late || row.driverPosition === null) return false;
    const [lat, lng] = row.driverPosition;
    return isAtRisk(row, { lat: Number(lat), lng: Number(lng) }, gazetteer, now);
  });
}

/**
 * A row as the list answers it: its flag (late, else at risk, else none) set on the row read. The
 * columns only the query needed (late, driverPosition, the keyset's and the search's) stay on it:
 * the one caller, the procedure, answers through its output validator (wireOutput: zod's parse),
 * which keeps the schema's keys only. Copying each row without them (a rest copy of ~35 keys)
 * was 2 to 4% of the server's CPU under `make soak`.
 */
const toItem = (row: ListedRow, atRisk: boolean): LoadListItem =>
  Object.assign(row as LoadListItemRow, { flag: row.late ? ('late' as const) : atRisk ? ('atRisk' as const) : null });

/**
 * The list (server/src/db/pagination.ts): newest first by default, or by any of the board's sorts,
 * keyset paged on (sort, id), rows without a value last. With the "at risk" filter at most
 * AT_RISK_SCAN loads are weighed a page: a page may come short, its cursor leading on from the
 * last load weighed. The search runs over the generated search_text column (trigram index,
 * through app_search_loads).
 */
export async function listLoads(db: LoadsDb, scope: Scope, filters: LoadFilters, page: PageRequest): Promise<Page<LoadListItem>> {
  if (filters.search !== '') {
    const after = page.cursor ? decodeCursor(page.cursor) : null;
    const rows = await searchLoadsQuery(db, scope, filters, after, page.limit + 1).execute();
    const matching = rows.slice(0, page.limit).filter((row) => row.matches);
    const flags = await atRiskFlags(matching);
    const kept = matching
      .map((row, index) => ({ row, atRisk: flags[index] ?? false }))
      .filter(({ atRisk }) => !filters.atRisk || atRisk)
      .sort((a, b) => Number(a.row.boardRank) - Number(b.row.boardRank));
    return { items: kept.map(({ row, atRisk }) => toItem(row, atRisk)), nextCursor: keysetNextCursor(rows, page.limit) };
  }
  const columns = sortColumns(filters.sort, filters.direction);
  const after = page.cursor ? decodeCursor(page.cursor, columns) : null;
  const wanted = filters.atRisk ? AT_RISK_SCAN : page.limit + 1;
  const rows = await readKeyset(columns, after, wanted, (part, limit) =>
    listLoadsQuery(db, scope, filters, columns, after, limit, part).execute(),
  );
  if (!filters.atRisk) {
    const shown = rows.slice(0, page.limit);
    const flags = await atRiskFlags(shown);
    return {
      items: shown.map((row, index) => toItem(row, flags[index] ?? false)),
      nextCursor: keysetNextCursor(rows, page.limit, columns),
    };
  }
  const flags = await atRiskFlags(rows);
  const atRisk = rows.filter((_row, index) => flags[index]);
  if (atRisk.length > page.limit)
    return { items: atRisk.slice(0, page.limit).map((row) => toItem(row, true)), ...cursorAfter(atRisk[page.limit - 1], columns) };
  // Every load weighed and none left: the last page. Otherwise lead on from the last one weighed.
  const last = rows.length >= wanted ? rows[rows.length - 1] : undefined;
  return { items: atRisk.map((row) => toItem(row, true)), ...cursorAfter(last, columns) };
}

function cursorAfter(row: { keysetAt: string | null; keysetId: string } | undefined, columns: KeysetColumns) {
  return { nextCursor: row ? encodeCursor({ sort: columns.sort, value: row.keysetAt, id: row.keysetId }) : null };
}

/** One load as the scope may read it, with its stops (two made from its pickup and delivery when it has none) and charges. */
export async function findLoad(db: LoadsDb, scope: Scope, id: string): Promise<LoadDetail | undefined> {
  const row = await db
    .selectFrom('loads')
    .select(DETAIL_COLUMNS)
    .where(readable(scope, 'loads'))
    .where('loads.id', '=', id)
    .executeTakeFirst();
  return row && withStops(row);
}

/** The load as this scope may change it (own company, a sales user's own), or undefined. */
export async function findWritableLoad(db: LoadsDb, scope: Scope, id: string): Promise<LoadDetail | undefined> {
  const row = await db
    .selectFrom('loads')
    .select(DETAIL_COLUMNS)
    .where(writable(scope, 'loads'))
    .where('loads.id', '=', id)
    .executeTakeFirst();
  return row && withStops(row);
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
): Promise<{
  drivers: PickOption[];
  brokers: PickOption[];
  carriers: PickOption[];
  dispatchers: PickOption[];
  trucks: (PickOption & { driverId: string | null })[];
  trailers: PickOption[];
}> {
  // One after the other: a transaction is one connection.
  const drivers = await assignable.driver(db, scope).limit(PICK_LIST_LIMIT).execute();
  const brokers = await assignable.broker(db, scope).limit(PICK_LIST_LIMIT).execute();
  const carriers = await assignable.carrier(db, scope).limit(PICK_LIST_LIMIT).execute();
  const dispatchers = await dispatcherOptions(db, scope.companyId);
  // Issue 31: active equipment by unit; a truck with the driver in it now (the form's default for that driver).
  const trucks = await db
    .selectFrom('trucks')
    .select([
      'trucks.id',
      'trucks.unitNumber as name',
      sql<string | null>`(select a.driver_id from truck_assignments a where a.company_id = trucks.company_id and a.truck_id = trucks.id
        and a.starts_at <= now() and (a.ends_at is null or a.ends_at > now()) order by a.starts_at desc limit 1)`.as('driverId'),
    ])
    .where(writable(scope, 'trucks'))
    .where('trucks.status', '=', 'active')
    .orderBy('trucks.unitNumber')
    .limit(PICK_LIST_LIMIT)
    .execute();
  const trailers = await db
    .selectFrom('trailers')
    .select(['trailers.id', 'trailers.unitNumber as name'])
    .where(writable(scope, 'trailers'))
    .where('trailers.status', '=', 'active')
    .orderBy('trailers.unitNumber')
    .limit(PICK_LIST_LIMIT)
    .execute();
  return { drivers, brokers, carriers, dispatchers, trucks, trailers };
}

/** The loads among `ids` the scope may change that take `status` (those that had it already are left alone); the ids changed. */
export async function changeStatuses(db: LoadsDb, scope: Scope, ids: readonly string[], status: LoadStatus): Promise<string[]> {
  const changed = await db
    .updateTable('loads')
    .set({ status })
    .where(writable(scope, 'loads'))
    .where('loads.id', '=', sql<string>`any(${[...ids]}::uuid[])`)
    .where('loads.status', '<>', status)
    .returning('loads.id')
    .execute();
  return changed.map((row) => row.id);
}

/**
 * The loads among `ids` the scope may change that take the dispatcher (null: none; those that had
 * it already are left alone), in one statement; the ids changed. The trigger sets each one's
 * dispatcher_name, the audit trigger records each.
 */
export async function changeDispatchers(db: LoadsDb, scope: Scope, ids: readonly string[], dispatcherId: string | null): Promise<string[]> {
  const changed = await db
    .updateTable('loads')
    .set({ dispatcherId })
    .where(writable(scope, 'loads'))
    .where('loads.id', '=', sql<string>`any(${[...ids]}::uuid[])`)
    .where(sql<SqlBool>`loads.dispatcher_id is distinct from ${dispatcherId}::uuid`)
    .returning('loads.id')
    .execute();
  return changed.map((row) => row.id);
}

/**
 * The driver picker: the drivers the scope may assign (as assertAssignable checks them), by name,
 * at most DRIVER_CHOICES_LIMIT; each with the newest of their active loads, their last known
 * position, and whether they are free by `pickupDate`: no active load delivered after it (one
 * without a delivery date keeps them busy); without a pickup date, no active load at all. One
 * statement: each driver's active loads through (company_id, driver_id).
 */
export async function driverChoices(db: LoadsDb, scope: Scope, pickupDate: string | null): Promise<DriverChoicesOutput> {
  const rows = await db
    .selectFrom('drivers')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('loads')
          .select(['loads.id as loadId', 'loads.loadNumber', 'loads.status as loadStatus'])
          .whereRef('loads.companyId', '=', 'drivers.companyId')
          .whereRef('loads.driverId', '=', 'drivers.id')
          .where('loads.status', 'in', ACTIVE_LOAD_STATUSES)
          .orderBy('loads.createdAt', 'desc')
          .limit(1)
          .as('current'),
      (join) => join.onTrue(),
    )
    .select([
      'drivers.id',
      sql<string>`drivers.first_name || ' ' || drivers.last_name`.as('name'),
      'drivers.status',
      'drivers.currentLocationLat as lat',
      'drivers.currentLocationLng as lng',
      sql<string | null>`to_json(drivers.last_location_update) #>> '{}'`.as('at'),
      'current.loadId',
      'current.loadNumber',
      'current.loadStatus',
      sql<boolean>`not exists (select 1 from loads busy where busy.company_id = drivers.company_id and busy.driver_id = drivers.id
        and busy.status in (${sql.join(ACTIVE_LOAD_STATUSES)})
        and (${pickupDate}::date is null or busy.delivery_date is null or busy.delivery_date > ${pickupDate}::date))`.as('freeByPickup'),
    ])
    .where(writable(scope, 'drivers'))
    .orderBy('drivers.firstName')
    .orderBy('drivers.lastName')
    .orderBy('drivers.id')
    .limit(DRIVER_CHOICES_LIMIT + 1)
    .execute();
  return {
    truncated: rows.length > DRIVER_CHOICES_LIMIT,
    drivers: rows.slice(0, DRIVER_CHOICES_LIMIT).map((row) => ({
      id: row.id,
      name: row.name,
      status: row.status,
      currentLoad:
        row.loadId && row.loadNumber && row.loadStatus ? { id: row.loadId, loadNumber: row.loadNumber, status: row.loadStatus } : null,
      lastPosition:
        row.lat !== null && row.lng !== null && row.at !== null ? { lat: Number(row.lat), lng: Number(row.lng), at: row.at } : null,
      freeByPickup: row.freeByPickup,
    })),
  };
}
