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

/**
 * Who may be written to, beyond "someone of the caller's company": anyone, for staff; for a driver
 * or a carrier user ('portal'), a new message goes to the staff who dispatch them (admins,
 * dispatchers, the company's master admins) and a reply to any staff member ('staff'), never to
 * another account without a role (the restrictive policy messages_portal_to_staff says the same).
 */
export type RecipientRule = 'anyone' | 'dispatch' | 'staff';

/** The roles a driver or carrier user writes a new message to: those who dispatch them. */
export const DISPATCHING_ROLES = ['admin', 'dispatcher'] as const;

/** A person of the caller's company other than the caller whom the rule lets them write to, or undefined (another company's id answers like a missing one). */
export function findColleague(
  db: Db,
  scope: Scope,
  userId: string,
  rule: RecipientRule = 'anyone',
): Promise<{ userId: string } | undefined> {
  let query = db
    .selectFrom('profiles as p')
    .select('p.userId')
    .where('p.companyId', '=', scope.companyId)
    .where('p.userId', '=', userId)
    .where('p.userId', '<>', scope.userId);
  if (rule !== 'anyone') {
    query = query.where((eb) =>
      eb.or([
        eb('p.isMasterAdmin', '=', true),
        eb.exists(
          eb
            .selectFrom('userRoles as r')
            .select('r.userId')
            .whereRef('r.userId', '=', 'p.userId')
            .whereRef('r.companyId', '=', 'p.companyId')
            .$if(rule === 'dispatch', (roles) => roles.where('r.role', 'in', DISPATCHING_ROLES)),
        ),
      ]),
    );
  }
  return query.executeTakeFirst();
}

const personName = sql<string>`coalesce(nullif(trim(p.first_name || ' ' || p.last_name), ''), 'Unknown User')`;
const byName = (a: MessageRecipient, b: MessageRecipient) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });

/**
 * The Compose Message picker. Staff: everyone of the company but the caller (staff, driver
 * accounts, carrier users), then every driver record the caller may read (a sales user: their
 * own) whose person has no account yet, marked (userId null) so the picker shows why they cannot be
 * written to and offers the invitation. A driver or a carrier user: the staff who dispatch them.
 * By name.
 */
export async function listRecipients(db: Db, scope: Scope, forPortal: boolean): Promise<MessageRecipient[]> {
  const people = await db
    .selectFrom('profiles as p')
    .leftJoin('userRoles as r', (join) => join.onRef('r.userId', '=', 'p.userId').onRef('r.companyId', '=', 'p.companyId'))
    .select((eb) => [
      'p.userId',
      personName.as('name'),
      'r.role',
      'p.isMasterAdmin',
      eb
        .selectFrom('drivers as d')
        .select('d.id')
        .whereRef('d.userId', '=', 'p.userId')
        .whereRef('d.companyId', '=', 'p.companyId')
        .orderBy('d.createdAt', 'desc')
        .limit(1)
        .as('driverId'),
      eb
        .exists(
          eb
            .selectFrom('carrierUsers as cu')
            .select('cu.userId')
            .whereRef('cu.userId', '=', 'p.userId')
            .whereRef('cu.companyId', '=', 'p.companyId'),
        )
        .as('isCarrierUser'),
    ])
    .where('p.companyId', '=', scope.companyId)
    .where('p.userId', '<>', scope.userId)
    .$if(forPortal, (query) => query.where((eb) => eb.or([eb('p.isMasterAdmin', '=', true), eb('r.role', 'in', DISPATCHING_ROLES)])))
    .orderBy('p.firstName')
    .orderBy('p.lastName')
    .limit(1000)
    .execute();
  const recipients: MessageRecipient[] = people.map(({ isCarrierUser, driverId, ...person }) => {
    const staff = person.role !== null || person.isMasterAdmin;
    const portal = staff ? null : isCarrierUser ? 'carrier' : driverId ? 'driver' : null;
    return { ...person, portal, driverId: portal === 'driver' ? driverId : null, hasAccount: true };
  });
  if (forPortal) return recipients;
  const withoutAccount = await db
    .selectFrom('drivers')
    .select(['id as driverId', sql<string>`coalesce(nullif(trim(first_name || ' ' || last_name), ''), 'Unknown Driver')`.as('name')])
    .where(readable(scope, 'drivers'))
    .where('userId', 'is', null)
    .orderBy('firstName')
    .orderBy('lastName')
    .limit(1000)
    .execute();
  return [
    ...recipients,
    ...withoutAccount.map((driver) => ({
      userId: null,
      name: driver.name,
      role: null,
      isMasterAdmin: false,
      portal: 'driver' as const,
      driverId: driver.driverId,
      hasAccount: false,
    })),
  ].sort(byName);
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
