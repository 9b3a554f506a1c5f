import type { Kysely } from 'kysely';
import type { Database } from '../../../../server/src/db/schema.js';
import { withCompany } from '../../../../server/src/db/with-company.js';
import type { TestCompany, TestUser } from '../../../support/factories.js';
import { allowedBy, type ProcedureRule, type Sample } from '../authorization-matrix.js';

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

/** A message to the caller from a colleague (nobody signed in: to the admin). */
const messageToCaller = async ({ company, services, user }: Sample) => ({
  id: await sendTestMessage(services.db, colleagueOf(company, user), user ?? company.users.admin),
});

/** Every staff member writes to colleagues; a driver (no role) has no messages. */
export const messagesRules = {
  'messages.inbox': { type: 'query', allowed: allowedBy('messages', 'read'), input: () => ({ limit: 10 }) },
  'messages.sent': { type: 'query', allowed: allowedBy('messages', 'read'), input: () => ({ search: 'Dallas' }) },
  'messages.get': { type: 'query', allowed: allowedBy('messages', 'read'), input: messageToCaller },
  'messages.send': {
    type: 'mutation',
    allowed: allowedBy('messages', 'write'),
    input: ({ company, user }) => ({ recipientId: colleagueOf(company, user).userId, subject: 'Matrix', body: 'Checking in.' }),
  },
  'messages.reply': {
    type: 'mutation',
    allowed: allowedBy('messages', 'write'),
    input: async (sample) => ({ ...(await messageToCaller(sample)), body: 'On time.' }),
  },
  'messages.unreadCount': { type: 'query', allowed: allowedBy('messages', 'read'), input: () => undefined },
  'messages.recipients': { type: 'query', allowed: allowedBy('messages', 'write'), input: () => undefined },
} satisfies Record<string, ProcedureRule>;
