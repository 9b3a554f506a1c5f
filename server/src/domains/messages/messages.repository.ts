import { sql, type Kysely } from 'kysely';
import type { MessageItem, MessageRecipient } from '#shared/schemas/messages.js';
import { keysetPage, type Page, type PageRequest } from '../../db/pagination.js';
import type { Database } from '../../db/schema.js';
import { readable, type Scope } from '../../db/scope.js';
import { containsPattern, isoTimestamp } from '../../db/sql.js';

/**
 * Messages: plain functions on the tenant transaction (ctx.db) and the caller's scope. Row-level
 * security already keeps every message to its sender and recipient; the queries below say the
 * same explicitly (inbox: received, sent: sent) so they stay on their indexes.
 */
type Db = Kysely<Database>;

const fullName = (alias: 'sender' | 'recipient') =>
  sql<string>`coalesce(nullif(trim(${sql.ref(`${alias}.first_name`)} || ' ' || ${sql.ref(`${alias}.last_name`)}), ''), 'Unknown User')`;

/** Messages in the wire's shape: both people's names and the load's number. */
const selectMessages = (db: Db, scope: Scope) =>
  db
    .selectFrom('messages as m')
    .leftJoin('profiles as sender', (join) => join.onRef('sender.userId', '=', 'm.senderId').onRef('sender.companyId', '=', 'm.companyId'))
    .leftJoin('profiles as recipient', (join) =>
      join.onRef('recipient.userId', '=', 'm.recipientId').onRef('recipient.companyId', '=', 'm.companyId'),
    )
    .leftJoin('loads as l', (join) => join.onRef('l.id', '=', 'm.loadId').onRef('l.companyId', '=', 'm.companyId'))
    .select([
      'm.id',
      'm.threadId',
      'm.senderId',
      fullName('sender').as('senderName'),
      'm.recipientId',
      fullName('recipient').as('recipientName'),
      'm.subject',
      'm.body',
      'm.loadId',
      'l.loadNumber as loadNumber',
      'm.isRead',
      isoTimestamp('m.createdAt').as('createdAt'),
    ])
    .where(readable(scope, 'messages', 'm'));

export type MessageBox = 'inbox' | 'sent';

/** One mailbox of the caller, newest first, optionally searched by name, subject, body or load number. */
export function listMessages(
  db: Db,
  scope: Scope,
  box: MessageBox,
  search: string | undefined,
  page: PageRequest,
): Promise<Page<MessageItem>> {
  let query = selectMessages(db, scope).where(box === 'inbox' ? 'm.recipientId' : 'm.senderId', '=', scope.userId);
  if (search) {
    const pattern = containsPattern(search);
    query = query.where((eb) =>
      eb.or([
        eb('m.subject', 'ilike', pattern),
        eb('m.body', 'ilike', pattern),
        eb('l.loadNumber', 'ilike', pattern),
        eb(fullName(box === 'inbox' ? 'sender' : 'recipient'), 'ilike', pattern),
      ]),
    );
  }
  return keysetPage(query, { sortedBy: 'm.createdAt', id: 'm.id' }, page);
}

export function findMessage(db: Db, scope: Scope, id: string): Promise<MessageItem | undefined> {
  return selectMessages(db, scope).where('m.id', '=', id).executeTakeFirst();
}

/** The thread a message belongs to, oldest first (its first message and every reply the caller may read). */
export function listThread(db: Db, scope: Scope, rootId: string): Promise<MessageItem[]> {
  return selectMessages(db, scope)
    .where((eb) => eb.or([eb('m.id', '=', rootId), eb('m.threadId', '=', rootId)]))
    .orderBy('m.createdAt', 'asc')
    .orderBy('m.id', 'asc')
    .limit(500)
    .execute();
}

/** Marks the caller's received message read; false when it was read already (or is not theirs). */
export async function markRead(db: Db, scope: Scope, id: string): Promise<boolean> {
  const row = await db
    .updateTable('messages')
    .set({ isRead: true, readAt: sql<Date>`now()` })
    .where('companyId', '=', scope.companyId)
    .where('recipientId', '=', scope.userId)
    .where('id', '=', id)
    .where('isRead', '=', false)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function countUnread(db: Db, scope: Scope): Promise<number> {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('companyId', '=', scope.companyId)
    .where('recipientId', '=', scope.userId)
    .where('isRead', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A person of the caller's company other than the caller, or undefined (another company's id answers like a missing one). */
export function findColleague(db: Db, scope: Scope, userId: string): Promise<{ userId: string } | undefined> {
  return db
    .selectFrom('profiles')
    .select('userId')
    .where('companyId', '=', scope.companyId)
    .where('userId', '=', userId)
    .where('userId', '<>', scope.userId)
    .executeTakeFirst();
}

/** Everyone of the company the caller may write to, by first name, with their role. */
export function listRecipients(db: Db, scope: Scope): Promise<MessageRecipient[]> {
  return db
    .selectFrom('profiles as p')
    .leftJoin('userRoles as r', (join) => join.onRef('r.userId', '=', 'p.userId').onRef('r.companyId', '=', 'p.companyId'))
    .select([
      'p.userId',
      sql<string>`coalesce(nullif(trim(p.first_name || ' ' || p.last_name), ''), 'Unknown User')`.as('name'),
      'r.role',
      'p.isMasterAdmin',
    ])
    .where('p.companyId', '=', scope.companyId)
    .where('p.userId', '<>', scope.userId)
    .orderBy('p.firstName')
    .orderBy('p.lastName')
    .limit(1000)
    .execute();
}

export interface NewMessage {
  recipientId: string;
  subject: string | null | undefined;
  body: string;
  loadId: string | null | undefined;
  threadId: string | null;
}

export async function insertMessage(db: Db, scope: Scope, message: NewMessage): Promise<string> {
  const { id } = await db
    .insertInto('messages')
    .values({
      companyId: scope.companyId,
      senderId: scope.userId,
      recipientId: message.recipientId,
      subject: message.subject ?? null,
      body: message.body,
      loadId: message.loadId ?? null,
      threadId: message.threadId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
