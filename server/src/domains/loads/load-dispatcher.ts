import { sql } from 'kysely';
import { DISPATCHER_CHOICES_LIMIT, DISPATCHER_ROLES, DISPATCHER_TEXTS } from '#shared/schemas/loads-dispatcher.js';
import type { PickOption } from '#shared/schemas/loads.js';
import type { Scope } from '../../db/scope.js';
import { AppError } from '../../errors.js';
import type { LoadsDb } from './loads.repository.js';

/**
 * A load's dispatcher (issue 26, item 2; shared/src/schemas/loads-dispatcher.ts): a member of the
 * load's company whose role dispatches (an admin or a dispatcher). The database keeps the id
 * (loads.dispatcher_id, referencing users) and, by trigger, the name as when assigned
 * (migrations/2026-11-29T0210_load_dispatcher.ts); membership and role are checked here, as the
 * sales agent's are (server/src/domains/team/sales-agents.ts).
 */

/** The company's members who may dispatch, by name (all of them, at most DISPATCHER_CHOICES_LIMIT, or the one named by `onlyId`). */
export function dispatcherOptions(db: LoadsDb, companyId: string, onlyId?: string): Promise<PickOption[]> {
  let query = db
    .selectFrom('userRoles')
    .innerJoin('profiles', (join) =>
      join.onRef('profiles.userId', '=', 'userRoles.userId').onRef('profiles.companyId', '=', 'userRoles.companyId'),
    )
    .select(['userRoles.userId as id', sql<string>`trim(profiles.first_name || ' ' || profiles.last_name)`.as('name')])
    .where('userRoles.companyId', '=', companyId)
    .where('userRoles.role', 'in', DISPATCHER_ROLES);
  if (onlyId) query = query.where('userRoles.userId', '=', onlyId);
  return query
    .orderBy('profiles.firstName')
    .orderBy('profiles.lastName')
    .orderBy('userRoles.userId')
    .limit(DISPATCHER_CHOICES_LIMIT)
    .execute();
}

/** Refuses, beside the field, anyone but a member of the company who may dispatch: another company's user answers like nobody. */
export async function assertDispatcher(db: LoadsDb, companyId: string, field: string, userId: string): Promise<void> {
  const [found] = await dispatcherOptions(db, companyId, userId);
  if (!found) throw new AppError('NOT_FOUND', DISPATCHER_TEXTS.notFound, { field });
}

/** Whether the caller's own role dispatches (a new load they create is theirs to dispatch). */
const dispatches = (scope: Scope) => scope.role !== null && (DISPATCHER_ROLES as readonly string[]).includes(scope.role);

/**
 * The dispatcher a new load gets: the one chosen (checked), none when the form cleared it, and
 * when left out the creator if their role dispatches (an admin or a dispatcher), none otherwise.
 */
export async function dispatcherOfNew(db: LoadsDb, scope: Scope, chosen: string | null | undefined): Promise<string | null> {
  if (chosen === undefined) return dispatches(scope) ? scope.userId : null;
  if (chosen === null) return null;
  await assertDispatcher(db, scope.companyId, 'dispatcherId', chosen);
  return chosen;
}

/**
 * The dispatcher an edit writes: undefined (left as it is) when not given; the chosen one
 * otherwise, checked unless the load already has it (a dispatcher who has since left the team or
 * the role does not stop an edit of something else).
 */
export async function dispatcherOfEdit(
  db: LoadsDb,
  scope: Scope,
  chosen: string | null | undefined,
  current: string | null,
): Promise<string | null | undefined> {
  if (chosen === undefined) return undefined;
  if (chosen !== null && chosen !== current) await assertDispatcher(db, scope.companyId, 'dispatcherId', chosen);
  return chosen;
}
