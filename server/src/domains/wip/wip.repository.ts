import { sql, type Kysely } from 'kysely';
import { UNKNOWN_USER, type WipAssignment, type WipStatus } from '#shared/schemas/wip.js';
import { keysetPage, type Page, type PageRequest } from '../../db/pagination.js';
import type { Database } from '../../db/schema.js';
import { readable, writable, type Scope } from '../../db/scope.js';
import { isoTimestamp, isoTimestampOrNull } from '../../db/sql.js';

type Db = Kysely<Database>;

const fullName = (alias: 'requester' | 'decider') =>
  sql<string | null>`nullif(trim(${sql.ref(`${alias}.first_name`)} || ' ' || ${sql.ref(`${alias}.last_name`)}), '')`;

/** Requests with the requester's and the deciding admin's names, as the panel shows them. */
const selectAssignments = (db: Db) =>
  db
    .selectFrom('wipAssignments as wip')
    .leftJoin('profiles as requester', 'requester.userId', 'wip.userId')
    .leftJoin('profiles as decider', 'decider.userId', 'wip.assignedBy')
    .select([
      'wip.id',
      'wip.userId',
      sql<string>`coalesce(${fullName('requester')}, ${UNKNOWN_USER})`.as('userName'),
      'wip.status',
      isoTimestamp('wip.requestedAt').as('requestedAt'),
      isoTimestampOrNull('wip.assignedAt').as('assignedAt'),
      fullName('decider').as('assignedByName'),
      'wip.notes',
    ]);

/** Newest requested first, a page at a time: every request of the company for admins, one's own for other staff. */
export function listAssignments(db: Db, scope: Scope, page: PageRequest): Promise<Page<WipAssignment>> {
  return keysetPage(
    selectAssignments(db).where(readable(scope, 'wipAssignments', 'wip')),
    { sortedBy: 'wip.requestedAt', id: 'wip.id' },
    page,
  );
}

export function findAssignment(db: Db, scope: Scope, id: string): Promise<WipAssignment | undefined> {
  return selectAssignments(db)
    .where(readable(scope, 'wipAssignments', 'wip'))
    .where('wip.id', '=', id)
    .executeTakeFirst();
}

/**
 * Decides a pending request in one statement, so two admins deciding at once cannot both win.
 * The admin's notes replace the request's when given; without any (empty, null or left out) the
 * request's notes stay. Returns false when no pending request of the company has this id.
 */
export async function decidePending(
  db: Db,
  scope: Scope,
  decision: { id: string; status: Exclude<WipStatus, 'pending'>; notes: string | null | undefined },
): Promise<boolean> {
  const row = await db
    .updateTable('wipAssignments')
    .set((eb) => ({
      status: decision.status,
      assignedAt: sql<Date>`now()`,
      assignedBy: scope.userId,
      notes: decision.notes ?? eb.ref('notes'),
    }))
    .where(writable(scope, 'wipAssignments'))
    .where('id', '=', decision.id)
    .where('status', '=', 'pending')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
