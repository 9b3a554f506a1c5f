import { sql, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { z } from 'zod';
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
 * (sortedBy desc, id desc) for every list.
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
 * The position after the last row of a page: the sort column's exact text (ISO 8601 with
 * PostgreSQL's microseconds, so rows sharing a millisecond are neither skipped nor repeated)
 * and the row's id.
 */
export interface Keyset {
  at: string;
  id: string;
}

const keysetShape = z.tuple([z.iso.datetime({ offset: true }), z.uuid()]);

const invalidCursor = () => new AppError('BAD_REQUEST', 'Invalid cursor', { field: 'cursor' });

/** Opaque to the client: base64url of [at, id]. */
export const encodeCursor = (keyset: Keyset): string => Buffer.from(JSON.stringify([keyset.at, keyset.id])).toString('base64url');

/** The keyset a cursor names; a cursor we did not make is a BAD_REQUEST naming the cursor. */
export function decodeCursor(cursor: string): Keyset {
  try {
    const [at, id] = keysetShape.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    return { at, id };
  } catch {
    throw invalidCursor();
  }
}

/** The sort and tie-break columns as Kysely names them ('loads.createdAt', 'loads.id'). */
export interface KeysetColumns {
  sortedBy: string;
  id: string;
}

/** One page of the query's rows, newest first (see above). */
export async function keysetPage<DB, TB extends keyof DB, Row extends object>(
  query: SelectQueryBuilder<DB, TB, Row>,
  columns: KeysetColumns,
  page: PageRequest,
): Promise<Page<Row>> {
  const after = page.cursor ? decodeCursor(page.cursor) : null;
  const rows = await keysetQuery(query, columns, after, page.limit + 1).execute();
  return keysetAnswer(rows, page.limit);
}

/** A keyset row: the list's columns and the position it was read at. */
export type KeysetRow<Row> = Row & { keysetAt: string; keysetId: string };

/**
 * keysetPage's query, for a list that builds its own query (loads.repository.ts): the list's
 * select with the position columns, the rows after `after` when given, newest first, `limitPlusOne` rows.
 */
export function keysetQuery<DB, TB extends keyof DB, Row extends object>(
  query: SelectQueryBuilder<DB, TB, Row>,
  columns: KeysetColumns,
  after: Keyset | null,
  limitPlusOne: number,
): SelectQueryBuilder<DB, TB, KeysetRow<Row>> {
  const sortedBy = sql.ref(columns.sortedBy);
  const id = sql.ref(columns.id);
  let paged = query.select([
    sql<string>`to_json(${sortedBy}) #>> '{}'`.as('keysetAt'),
    sql<string>`${id}::text`.as('keysetId'),
  ]) as unknown as SelectQueryBuilder<DB, TB, KeysetRow<Row>>;
  if (after) paged = paged.where(sql<SqlBool>`(${sortedBy}, ${id}) < (${after.at}::timestamptz, ${after.id}::uuid)`);
  return paged.orderBy(sortedBy, 'desc').orderBy(id, 'desc').limit(limitPlusOne);
}

/** keysetPage's answer from keysetQuery's rows (up to limit + 1 of them). */
export function keysetAnswer<Row extends object>(rows: KeysetRow<Row>[], limit: number): Page<Row> {
  const items = rows.slice(0, limit).map(({ keysetAt: _at, keysetId: _id, ...row }) => row as unknown as Row);
  const last = rows.length > limit ? rows[limit - 1] : undefined;
  return { items, nextCursor: last ? encodeCursor({ at: last.keysetAt, id: last.keysetId }) : null };
}
