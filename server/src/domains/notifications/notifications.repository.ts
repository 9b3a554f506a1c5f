import { sql, type Kysely } from 'kysely';
import {
  NOTIFICATION_KINDS,
  type NotificationItem,
  type NotificationKind,
  type NotificationPreference,
} from '#shared/schemas/notifications.js';
import { keysetPage, type Page, type PageRequest } from '../../db/pagination.js';
import type { Database } from '../../db/schema.js';
import type { Scope } from '../../db/scope.js';
import { isoTimestamp } from '../../db/sql.js';

/**
 * The caller's own notifications (row-level security shows nobody else's; the queries say so
 * too, to stay on their indexes). They are made by triggers (migrations/2026-11-25T1300_notifications.ts),
 * never here.
 */
type Db = Kysely<Database>;

const own = (db: Db, scope: Scope) =>
  db.selectFrom('notifications as n').where('n.companyId', '=', scope.companyId).where('n.userId', '=', scope.userId);

export function listNotifications(db: Db, scope: Scope, unreadOnly: boolean, page: PageRequest): Promise<Page<NotificationItem>> {
  let query = own(db, scope).select([
    'n.id',
    'n.kind',
    'n.title',
    'n.body',
    'n.link',
    'n.entityId',
    sql<boolean>`n.read_at is not null`.as('isRead'),
    isoTimestamp('n.createdAt').as('createdAt'),
  ]);
  if (unreadOnly) query = query.where('n.readAt', 'is', null);
  return keysetPage(query, { sortedBy: 'n.createdAt', id: 'n.id' }, page);
}

export async function countUnreadNotifications(db: Db, scope: Scope): Promise<number> {
  const row = await own(db, scope)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('n.readAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Marks one of the caller's notifications read; false when no notification of theirs has this id. */
export async function markNotificationRead(db: Db, scope: Scope, id: string): Promise<boolean> {
  const row = await db
    .updateTable('notifications')
    .set((eb) => ({ readAt: eb.fn.coalesce('readAt', sql<Date>`now()`) }))
    .where('companyId', '=', scope.companyId)
    .where('userId', '=', scope.userId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks every unread notification of the caller read; answers how many. */
export async function markAllNotificationsRead(db: Db, scope: Scope): Promise<number> {
  const rows = await db
    .updateTable('notifications')
    .set({ readAt: sql<Date>`now()` })
    .where('companyId', '=', scope.companyId)
    .where('userId', '=', scope.userId)
    .where('readAt', 'is', null)
    .returning('id')
    .execute();
  return rows.length;
}

/** Every kind with the caller's choice (on unless turned off). */
export async function readPreferences(db: Db, scope: Scope): Promise<NotificationPreference[]> {
  const rows = await db
    .selectFrom('notificationPreferences')
    .select(['kind', 'enabled'])
    .where('companyId', '=', scope.companyId)
    .where('userId', '=', scope.userId)
    .execute();
  const chosen = new Map(rows.map((row) => [row.kind, row.enabled]));
  return NOTIFICATION_KINDS.map((kind) => ({ kind, enabled: chosen.get(kind) ?? true }));
}

export async function savePreference(db: Db, scope: Scope, kind: NotificationKind, enabled: boolean): Promise<void> {
  await db
    .insertInto('notificationPreferences')
    .values({ companyId: scope.companyId, userId: scope.userId, kind, enabled })
    .onConflict((oc) => oc.columns(['companyId', 'userId', 'kind']).doUpdateSet({ enabled, updatedAt: sql<Date>`now()` }))
    .execute();
}
