import { sql } from 'kysely';
import type { SessionOutput } from '#shared/schemas/auth.js';
import type { ListCursor } from '#shared/schemas/people-fields.js';

/**
 * Which driver or carrier rows a user may reach, on top of row-level security (which already
 * keeps them inside their company): `companyId` null means every company (a master admin's
 * audited read path, reads only); `ownerId` set means only rows whose sales_agent_id is that
 * user (sales, docs/permissions.md). Filtering on company_id explicitly as well keeps a row
 * readable through another policy (a driver's own record) out of staff lists.
 */
export interface RecordScope {
  companyId: string | null;
  ownerId: string | null;
}

export function recordScope(session: SessionOutput, mode: 'read' | 'write'): RecordScope {
  return {
    companyId: mode === 'read' && session.isMasterAdmin ? null : session.company.id,
    ownerId: !session.isMasterAdmin && session.role === 'sales' ? session.user.id : null,
  };
}

/** A timestamp as ISO 8601 text with PostgreSQL's full microsecond precision, so a keyset cursor built from it is exact. */
export const isoTimestamp = (column: string) => sql<string>`to_json(${sql.ref(column)}) #>> '{}'`;

/** Newest first: rows strictly after the cursor in (created_at desc, id desc) order. */
export const olderThan = (table: string, cursor: ListCursor) =>
  sql<boolean>`(${sql.ref(`${table}.created_at`)}, ${sql.ref(`${table}.id`)}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`;

/** One page of rows fetched with limit + 1: the page, and the cursor after it when more rows follow. */
export function toPage<Row extends { id: string; createdAt: string }>(
  rows: Row[],
  limit: number,
): { items: Row[]; nextCursor: ListCursor | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? { createdAt: last.createdAt, id: last.id } : null };
}
