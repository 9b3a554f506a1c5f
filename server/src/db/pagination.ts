import { sql, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { z } from 'zod';
import type { SortDirection } from '#shared/schemas/load-board.js';
import type { Page, PageRequest } from '#shared/schemas/pagination.js';
import { AppError } from '../errors.js';

/**
 * The one pagination contract, server side (the wire side, `pageInput` and `pageOutput`, is in
 * shared/src/schemas/pagination.ts): every list is keyset paged, newest first, on a timestamp
 * column and the row id, with an opaque cursor.
 *
 * Use it as:
 *   keysetPage(query, { sortedBy: 'loads.createdAt', id: 'loads.id' }, input)
 * where `query` is the list's select with its scope and filters (no order, no limit): the
 * helper adds the cursor condition, the order (sortedBy desc, id desc) and limit + 1, and
 * answers `{ items, nextCursor }`. Keep an index that starts with company_id and ends with
 * (sortedBy desc, id desc) for every list. A list with several sorts (the loads board) names the
 * sort, its direction, type and whether it may be null (KeysetColumns); its index is
 * (company_id, sort, id), walked either way.
 */
export {
  PAGE_SIZE,
  pageInput,
  pageOnlyInput,
  pageOutput,
  type Page,
  type PageInput,
  type PageRequest,
} from '#shared/schemas/pagination.js';

/**
 * The position after the last row of a page: the sort's name (a list with several sorts), the sort
 * column's exact text (a timestamp as ISO 8601 with PostgreSQL's microseconds, so rows sharing a
 * millisecond are neither skipped nor repeated; null for a row without a value) and the row's id.
 */
export interface Keyset {
  sort?: string | undefined;
  value: string | null;
  id: string;
}

/** The SQL type of a sort's values: the cursor's value is checked against it, then cast to it. */
export type KeysetType = 'timestamptz' | 'date' | 'text' | 'numeric' | 'integer';

const VALUE_SHAPES: Record<KeysetType, z.ZodType<string>> = {
  timestamptz: z.iso.datetime({ offset: true }),
  date: z.iso.date(),
  text: z.string().max(1000),
  numeric: z.string().regex(/^-?\d{1,20}(\.\d{1,20})?$/),
  integer: z.string().regex(/^-?\d{1,9}$/),
};

const keysetShape = z.tuple([z.iso.datetime({ offset: true }), z.uuid()]);

const invalidCursor = () => new AppError('BAD_REQUEST', 'Invalid cursor', { field: 'cursor' });

/**
 * Opaque to the client: base64url of [at, id] for a list with one order (newest first), of
 * [sort, value, id] for a list that names its sort (KeysetColumns.sort).
 */
export const encodeCursor = (keyset: Keyset): string =>
  Buffer.from(JSON.stringify(keyset.sort === undefined ? [keyset.value, keyset.id] : [keyset.sort, keyset.value, keyset.id])).toString(
    'base64url',
  );

/**
 * The keyset a cursor names; a cursor we did not make, or one made for another sort of the list
 * (`columns.sort`), is a BAD_REQUEST naming the cursor.
 */
export function decodeCursor(cursor: string, columns?: Pick<KeysetColumns, 'sort' | 'type' | 'nullable'>): Keyset {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (columns?.sort === undefined) {
      const [at, id] = keysetShape.parse(parsed);
      return { value: at, id };
    }
    const value = VALUE_SHAPES[columns.type ?? 'timestamptz'];
    const [sort, at, id] = z.tuple([z.literal(columns.sort), columns.nullable ? value.nullable() : value, z.uuid()]).parse(parsed);
    return { sort, value: at, id };
  } catch {
    throw invalidCursor();
  }
}

/**
 * The sort and tie-break columns as Kysely names them ('loads.createdAt', 'loads.id'). A list
 * with one order (every list but the loads board) gives those two: newest first, a timestamp that
 * is never null. A list with several sorts names each one (`sort`, carried in its cursors), gives
 * its direction, its values' type, and whether rows may have none (`nullable`): those come last
 * in either direction, after every row with a value (see KeysetPart). `sortedBy` may be an
 * expression ('round(rate / nullif(distance, 0), 2)'), written exactly as its index is.
 */
export interface KeysetColumns {
  sortedBy: string | RawBuilder<unknown>;
  id: string;
  sort?: string | undefined;
  direction?: SortDirection | undefined;
  type?: KeysetType | undefined;
  nullable?: boolean | undefined;
}

/**
 * Which rows of a sort a query reads: those with a value ('values'), or those without ('nulls').
 * A nullable sort is read as two walks of the same index, (company_id, sort, id): the rows with a
 * value in the sort's direction, then, when the page is not full, the rows without one in id order
 * (keysetPage and readKeyset do both). One walk with `nulls last` in both directions would need
 * an index per direction.
 */
export type KeysetPart = 'values' | 'nulls';

/** One page of the query's rows, newest first (see above), or in the order `columns` give. */
export async function keysetPage<DB, TB extends keyof DB, Row extends object>(
  query: SelectQueryBuilder<DB, TB, Row>,
  columns: KeysetColumns,
  page: PageRequest,
): Promise<Page<Row>> {
  const after = page.cursor ? decodeCursor(page.cursor, columns) : null;
  const rows = await readKeyset(columns, after, page.limit + 1, (part, limit) => keysetQuery(query, columns, after, limit, part).execute());
  return keysetAnswer(rows, page.limit, columns);
}

/**
 * Reads a page of a sort: its rows with a value, then (a nullable sort, the page not full) its
 * rows without one. `read` runs the list's keysetQuery for one part with the rows still wanted.
 */
export async function readKeyset<Row>(
  columns: KeysetColumns,
  after: Keyset | null,
  limitPlusOne: number,
  read: (part: KeysetPart, limit: number) => Promise<Row[]>,
): Promise<Row[]> {
  const afterNull = after !== null && after.value === null;
  const values = afterNull ? [] : await read('values', limitPlusOne);
  if (!columns.nullable || values.length >= limitPlusOne) return values;
  return [...values, ...(await read('nulls', limitPlusOne - values.length))];
}

/** A keyset row: the list's columns and the position it was read at. */
export type KeysetRow<Row> = Row & { keysetAt: string | null; keysetId: string };

const sortRef = (columns: KeysetColumns) => (typeof columns.sortedBy === 'string' ? sql.ref(columns.sortedBy) : columns.sortedBy);

/**
 * keysetPage's query, for a list that builds its own query (loads.repository.ts): the list's
 * select with the position columns, the rows after `after` when given, in the sort's order
 * (newest first by default), `limitPlusOne` rows; of a nullable sort, the part asked for.
 */
export function keysetQuery<DB, TB extends keyof DB, Row extends object>(
  query: SelectQueryBuilder<DB, TB, Row>,
  columns: KeysetColumns,
  after: Keyset | null,
  limitPlusOne: number,
  part: KeysetPart = 'values',
): SelectQueryBuilder<DB, TB, KeysetRow<Row>> {
  const sortedBy = sortRef(columns);
  const id = sql.ref(columns.id);
  const direction = columns.direction ?? 'desc';
  const type = sql.raw(columns.type ?? 'timestamptz');
  const beyond = sql.raw(direction === 'desc' ? '<' : '>');
  let paged = query.select([
    sql<string | null>`to_json(${sortedBy}) #>> '{}'`.as('keysetAt'),
    sql<string>`${id}::text`.as('keysetId'),
  ]) as unknown as SelectQueryBuilder<DB, TB, KeysetRow<Row>>;
  if (part === 'nulls') {
    paged = paged.where(sql<SqlBool>`${sortedBy} is null`);
    // After a row with a value, every row without one is still to come.
    if (after && after.value === null) paged = paged.where(sql<SqlBool>`${id} ${beyond} ${after.id}::uuid`);
  } else {
    if (columns.nullable) paged = paged.where(sql<SqlBool>`${sortedBy} is not null`);
    if (after) paged = paged.where(sql<SqlBool>`(${sortedBy}, ${id}) ${beyond} (${after.value}::${type}, ${after.id}::uuid)`);
  }
  // The nulls part orders by the sort too (all null): the same index's order, so it walks it.
  return paged.orderBy(sortedBy, direction).orderBy(id, direction).limit(limitPlusOne);
}

/** keysetPage's answer from keysetQuery's rows (up to limit + 1 of them). */
export function keysetAnswer<Row extends object>(rows: KeysetRow<Row>[], limit: number, columns?: KeysetColumns): Page<Row> {
  const items = rows.slice(0, limit).map(({ keysetAt: _at, keysetId: _id, ...row }) => row as unknown as Row);
  return { items, nextCursor: keysetNextCursor(rows, limit, columns) };
}

/** The cursor after a page of `limit` rows read with one more (null on the last page), for a caller that makes its own items. */
export function keysetNextCursor(
  rows: readonly { keysetAt: string | null; keysetId: string }[],
  limit: number,
  columns?: KeysetColumns,
): string | null {
  const last = rows.length > limit ? rows[limit - 1] : undefined;
  return last ? encodeCursor({ sort: columns?.sort, value: last.keysetAt, id: last.keysetId }) : null;
}
