import { sql } from 'kysely';
import type { Db, Tx } from '../db/database.js';
import { withCompany } from '../db/with-company.js';
import { COMPANY_ACCOUNTS } from './demo-accounts.js';

/**
 * Conversations between the demo accounts of Summit Freight Lines, and a few notifications, so
 * the Messages screen and the bell have something to show. Each message is written as its sender
 * (row-level security lets nobody send in another's name); the recipient's notification is made
 * by the fan-out trigger, in the same transaction. Added once: a later run finds the admin's
 * messages and leaves them. A few stay unread, so the badges show.
 */

type Person = 'Admin' | 'Dispatcher' | 'Sales agent' | 'Treasury' | 'Driver';

interface DemoMessage {
  from: Person;
  to: Person;
  subject: string | null;
  body: string;
  /** Attach one of the demo loads (the n-th newest). */
  load?: number;
  hoursAgo: number;
  read: boolean;
  /** The index of the conversation's first message this one replies to. */
  replyTo?: number;
}

const CONVERSATIONS: DemoMessage[] = [
  {
    from: 'Dispatcher',
    to: 'Admin',
    subject: 'Driver coverage next week',
    body: 'We are two drivers short for the Texas lanes on Monday and Tuesday.\nCan we approve overtime for Diego and Priya?',
    hoursAgo: 30,
    read: true,
  },
  {
    from: 'Admin',
    to: 'Dispatcher',
    subject: 'Re: Driver coverage next week',
    body: 'Approved for both days. Keep me posted.',
    hoursAgo: 29,
    read: true,
    replyTo: 0,
  },
  {
    from: 'Dispatcher',
    to: 'Admin',
    subject: 'Re: Driver coverage next week',
    body: 'Thanks! Schedules are updated.',
    hoursAgo: 3,
    read: false,
    replyTo: 0,
  },
  {
    from: 'Sales agent',
    to: 'Dispatcher',
    subject: 'ETA for the customer',
    body: 'The shipper is asking for an updated ETA on this load. Can you check with the driver?',
    load: 0,
    hoursAgo: 6,
    read: true,
  },
  {
    from: 'Dispatcher',
    to: 'Sales agent',
    subject: 'Re: ETA for the customer',
    body: 'Driver says tomorrow around 10 AM, traffic permitting.',
    load: 0,
    hoursAgo: 5,
    read: false,
    replyTo: 3,
  },
  {
    from: 'Treasury',
    to: 'Admin',
    subject: 'Factoring batch ready',
    body: 'This week’s factoring batch is ready for your review: 12 invoices.',
    hoursAgo: 2,
    read: false,
  },
  { from: 'Admin', to: 'Treasury', subject: null, body: 'Looks good, send it today please.', hoursAgo: 1, read: false },
  {
    from: 'Dispatcher',
    to: 'Driver',
    subject: 'Pickup reminder',
    body: 'Reminder: pickup at 8 AM sharp, dock 4. Call me if anything changes.',
    load: 1,
    hoursAgo: 4,
    read: false,
  },
];

export async function seedDemoMessages(db: Db, companyId: string): Promise<boolean> {
  const people = await peopleOf(db, companyId);
  const seeded = await withCompany(db, { companyId, userId: people.Admin }, (tx) =>
    tx.selectFrom('messages').select('id').where('companyId', '=', companyId).limit(1).executeTakeFirst(),
  );
  if (seeded) return false;
  const loads = await withCompany(db, { companyId, userId: people.Admin }, (tx) =>
    tx.selectFrom('loads').select('id').where('companyId', '=', companyId).orderBy('createdAt', 'desc').limit(5).execute(),
  );
  const ids: string[] = [];
  for (const message of CONVERSATIONS) {
    const createdAt = new Date(Date.now() - message.hoursAgo * 3_600_000);
    const id = await withCompany(db, { companyId, userId: people[message.from] }, (tx) =>
      insertAs(
        tx,
        companyId,
        people,
        message,
        loads[message.load ?? -1]?.id ?? null,
        message.replyTo === undefined ? null : (ids[message.replyTo] ?? null),
        createdAt,
      ),
    );
    ids.push(id);
  }
  // What was read long ago was seen then: its notification too (marked by its recipient, the only one who may).
  for (const [index, message] of CONVERSATIONS.entries()) {
    if (!message.read) continue;
    await withCompany(db, { companyId, userId: people[message.to] }, (tx) =>
      tx
        .updateTable('notifications')
        .set({ readAt: sql<Date>`now()` })
        .where('companyId', '=', companyId)
        .where('userId', '=', people[message.to])
        .where('entityId', '=', ids[index] ?? null)
        .execute(),
    );
  }
  await seedLoadNotifications(db, companyId, people);
  return true;
}

async function insertAs(
  tx: Tx,
  companyId: string,
  people: Record<Person, string>,
  message: DemoMessage,
  loadId: string | null,
  threadId: string | null,
  createdAt: Date,
): Promise<string> {
  const row = await tx
    .insertInto('messages')
    .values({
      companyId,
      senderId: people[message.from],
      recipientId: people[message.to],
      subject: message.subject,
      body: message.body,
      loadId,
      threadId,
      isRead: message.read,
      readAt: message.read ? createdAt : null,
      createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function peopleOf(db: Db, companyId: string): Promise<Record<Person, string>> {
  const rows = await withCompany(db, { companyId, userId: null }, (tx) =>
    tx
      .selectFrom('users')
      .innerJoin('profiles', 'profiles.userId', 'users.id')
      .select(['users.id', 'users.email'])
      .where('profiles.companyId', '=', companyId)
      .execute(),
  );
  const byEmail = new Map(rows.map((row) => [row.email, row.id]));
  const people = {} as Record<Person, string>;
  for (const account of COMPANY_ACCOUNTS) {
    const id = byEmail.get(account.email);
    if (!id) throw new Error(`demo account ${account.email} is missing`);
    people[account.label as Person] = id;
  }
  return people;
}

/** A few load status notifications for the staff who follow every load, as the fan-out writes them. */
async function seedLoadNotifications(db: Db, companyId: string, people: Record<Person, string>): Promise<void> {
  await withCompany(db, { companyId, userId: null }, async (tx) => {
    const loads = await tx
      .selectFrom('loads')
      .select(['id', 'loadNumber'])
      .where('companyId', '=', companyId)
      .where('status', 'in', ['in_transit', 'delivered'])
      .orderBy('createdAt', 'desc')
      .limit(2)
      .execute();
    const changes = [
      ['Picked', 'In Transit'],
      ['In Transit', 'Delivered'],
    ] as const;
    for (const [index, load] of loads.entries()) {
      const [from, to] = changes[index] ?? changes[0];
      for (const person of ['Admin', 'Treasury'] as const) {
        await tx
          .insertInto('notifications')
          .values({
            companyId,
            userId: people[person],
            kind: 'load_status',
            title: `Load ${load.loadNumber}`,
            body: `Load ${load.loadNumber} status changed from ${from} to ${to}`,
            link: `/loads?search=${encodeURIComponent(load.loadNumber)}`,
            entityId: load.id,
          })
          .execute();
      }
    }
  });
}
