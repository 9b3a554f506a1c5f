import { sql, type Kysely } from 'kysely';
import { UNKNOWN_USER, type WipAssignment, type WipStatus } from '#shared/schemas/wip.js';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database>;

/** The newest requests shown in the panel; older decided ones are history nobody reviews. */
export const WIP_LIST_LIMIT = 200;

const fullName = (alias: 'requester' | 'decider') =>
  sql<string | null>`nullif(trim(${sql.ref(`${alias}.first_name`)} || ' ' || ${sql.ref(`${alias}.last_name`)}), '')`;

function assignmentsOf(db: Db, companyId: string) {
  return db
    .selectFrom('wipAssignments as wip')
    .leftJoin('profiles as requester', 'requester.userId', 'wip.userId')
    .leftJoin('profiles as decider', 'decider.userId', 'wip.assignedBy')
    .select([
      'wip.id',
      'wip.userId',
      'wip.status',
      'wip.requestedAt',
      'wip.assignedAt',
      'wip.notes',
      fullName('requester').as('requesterName'),
      fullName('decider').as('deciderName'),
    ])
    .where('wip.companyId', '=', companyId);
}

type AssignmentRow = Awaited<ReturnType<ReturnType<typeof assignmentsOf>['executeTakeFirstOrThrow']>>;

function toAssignment(row: AssignmentRow): WipAssignment {
  return {
    id: row.id,
    userId: row.userId,
    userName: row.requesterName ?? UNKNOWN_USER,
    status: row.status,
    requestedAt: row.requestedAt.toISOString(),
    assignedAt: row.assignedAt ? row.assignedAt.toISOString() : null,
    assignedByName: row.deciderName,
    notes: row.notes,
  };
}

/** Requests newest first, with the requester's and the deciding admin's names; only one user's own when `requesterId` is given. */
export async function listAssignments(db: Db, scope: { companyId: string; requesterId: string | null }): Promise<WipAssignment[]> {
  let query = assignmentsOf(db, scope.companyId).orderBy('wip.requestedAt', 'desc').orderBy('wip.id', 'desc').limit(WIP_LIST_LIMIT);
  if (scope.requesterId) query = query.where('wip.userId', '=', scope.requesterId);
  return (await query.execute()).map(toAssignment);
}

export async function findAssignment(db: Db, companyId: string, id: string): Promise<WipAssignment | null> {
  const row = await assignmentsOf(db, companyId).where('wip.id', '=', id).executeTakeFirst();
  return row ? toAssignment(row) : null;
}

export async function insertRequest(db: Db, values: { companyId: string; userId: string; notes: string | null }): Promise<string> {
  const row = await db
    .insertInto('wipAssignments')
    .values({ companyId: values.companyId, userId: values.userId, notes: values.notes })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Decides a pending request in one statement, so two admins deciding at once cannot both win.
 * The admin's notes replace the request's when given; otherwise the request's notes stay.
 * Returns null when no pending request of the company has this id.
 */
export async function decidePending(
  db: Db,
  decision: { companyId: string; id: string; status: Exclude<WipStatus, 'pending'>; adminUserId: string; notes: string | null },
): Promise<string | null> {
  const row = await db
    .updateTable('wipAssignments')
    .set((eb) => ({
      status: decision.status,
      assignedAt: sql<Date>`now()`,
      assignedBy: decision.adminUserId,
      notes: decision.notes === null ? eb.ref('notes') : decision.notes,
    }))
    .where('companyId', '=', decision.companyId)
    .where('id', '=', decision.id)
    .where('status', '=', 'pending')
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The status of a request of the company, or null when there is none with this id. */
export async function statusOf(db: Db, companyId: string, id: string): Promise<WipStatus | null> {
  const row = await db
    .selectFrom('wipAssignments')
    .select('status')
    .where('companyId', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.status ?? null;
}
