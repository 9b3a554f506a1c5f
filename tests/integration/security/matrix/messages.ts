import type { Kysely } from 'kysely';
import type { Database } from '../../../../server/src/db/schema.js';
import { withCompany } from '../../../../server/src/db/with-company.js';
import type { TestCompany, TestUser } from '../../../support/factories.js';
import { allowedBy, type ProcedureRule, type Sample } from '../authorization-matrix.js';
import { linkDriverAccount } from './portal.js';

/** A message from one member to another, written as the sender (row-level security lets nobody else send it). */
export async function sendTestMessage(
  db: Kysely<Database>,
  from: TestUser,
  to: TestUser,
  values: { subject?: string | null; body?: string; loadId?: string | null } = {},
): Promise<string> {
  return withCompany(db, from, async (tx) => {
    const row = await tx
      .insertInto('messages')
      .values({
        companyId: from.companyId,
        senderId: from.userId,
        recipientId: to.userId,
        subject: values.subject === undefined ? 'Matrix check' : values.subject,
        body: values.body ?? 'Is the Dallas load on time?',
        loadId: values.loadId ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

/** Someone of the company other than the caller. */
const colleagueOf = (company: TestCompany, user: TestUser | null): TestUser =>
  user?.userId === company.users.dispatcher.userId ? company.users.admin : company.users.dispatcher;

/**
 * The driver persona (no role) as the table sees it: a driver account, linked to a driver record
 * (once per company: later rows find it linked). Anyone else calls as they are.
 */
async function asCaller(sample: Sample): Promise<void> {
  const { company, services, user } = sample;
  if (!user || user.userId !== company.users.driver.userId) return;
  const linked = await withCompany(services.db, company.users.admin, (tx) =>
    tx.selectFrom('drivers').select('id').where('companyId', '=', company.companyId).where('userId', '=', user.userId).executeTakeFirst(),
  );
  if (!linked) await linkDriverAccount(services, company);
}

/** A message to the caller from a colleague (nobody signed in: to the admin). */
const messageToCaller = async (sample: Sample) => {
  await asCaller(sample);
  const { company, services, user } = sample;
  return { id: await sendTestMessage(services.db, colleagueOf(company, user), user ?? company.users.admin) };
};

/**
 * Every staff member writes to colleagues, drivers and carrier users; a driver account (the driver
 * persona, linked to a driver record) reads and writes its own messages, here to the dispatcher
 * (a carrier user's calls, and whom a portal account may write to, are in
 * tests/integration/messages.test.ts). A member with no role and no portal account has none.
 */
export const messagesRules = {
  'messages.inbox': {
    type: 'query',
    allowed: allowedBy('messages', 'read'),
    input: async (sample) => (await asCaller(sample), { limit: 10 }),
  },
  'messages.sent': {
    type: 'query',
    allowed: allowedBy('messages', 'read'),
    input: async (sample) => (await asCaller(sample), { search: 'Dallas' }),
  },
  'messages.get': { type: 'query', allowed: allowedBy('messages', 'read'), input: messageToCaller },
  'messages.send': {
    type: 'mutation',
    allowed: allowedBy('messages', 'write'),
    input: async (sample) => {
      await asCaller(sample);
      return { recipientId: colleagueOf(sample.company, sample.user).userId, subject: 'Matrix', body: 'Checking in.' };
    },
  },
  'messages.reply': {
    type: 'mutation',
    allowed: allowedBy('messages', 'write'),
    input: async (sample) => ({ ...(await messageToCaller(sample)), body: 'On time.' }),
  },
  'messages.unreadCount': { type: 'query', allowed: allowedBy('messages', 'read'), input: async (sample) => void (await asCaller(sample)) },
  'messages.recipients': { type: 'query', allowed: allowedBy('messages', 'write'), input: async (sample) => void (await asCaller(sample)) },
} satisfies Record<string, ProcedureRule>;
