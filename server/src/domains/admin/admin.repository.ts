import { sql, type Kysely } from 'kysely';
import { OUTBOX_PAGE_SIZE, type AdminStats, type CompanySummary, type OutboxMessage } from '#shared/schemas/admin.js';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database>;

/**
 * The master admin's platform-wide reads. They run on ctx.db inside the audited
 * cross-company read path, where the policies let a master admin SELECT every company's rows.
 */

/** subscription_status as shown: a missing status counts as active (the spec). */
const statusOf = sql<string>`coalesce(nullif(trim(c.subscription_status), ''), 'active')`;
/** A sum of rates as an exact decimal string with cents ("0.00" when there is none). */
const revenueOf = (column: string) => sql<string>`round(coalesce(sum(${sql.ref(column)}), 0), 2)::text`;

export async function platformStats(db: Db): Promise<AdminStats> {
  const companies = await db
    .selectFrom('companies as c')
    .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.countAll<number>().filterWhere(statusOf, '=', 'active').as('active')])
    .executeTakeFirstOrThrow();
  const users = await db
    .selectFrom('profiles')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const loads = await db
    .selectFrom('loads')
    .select((eb) => [eb.fn.countAll<number>().as('total'), revenueOf('rate').as('revenue')])
    .executeTakeFirstOrThrow();
  return {
    totalCompanies: Number(companies.total),
    activeCompanies: Number(companies.active),
    totalUsers: Number(users.total),
    totalLoads: Number(loads.total),
    totalRevenue: loads.revenue,
  };
}

/** Every company, newest first, with its users, loads and revenue counted in SQL (one pass over each table). */
export async function companySummaries(db: Db): Promise<CompanySummary[]> {
  const rows = await db
    .selectFrom('companies as c')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('profiles')
          .select((inner) => ['companyId', inner.fn.countAll<number>().as('users')])
          .groupBy('companyId')
          .as('u'),
      (join) => join.onRef('u.companyId', '=', 'c.id'),
    )
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('loads')
          .select((inner) => ['companyId', inner.fn.countAll<number>().as('loads'), revenueOf('rate').as('revenue')])
          .groupBy('companyId')
          .as('l'),
      (join) => join.onRef('l.companyId', '=', 'c.id'),
    )
    .select([
      'c.id',
      'c.name',
      'c.createdAt',
      statusOf.as('status'),
      sql<number>`coalesce(u.users, 0)`.as('users'),
      sql<number>`coalesce(l.loads, 0)`.as('loads'),
      sql<string>`coalesce(l.revenue, '0.00')`.as('revenue'),
    ])
    .orderBy('c.createdAt', 'desc')
    .orderBy('c.id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    users: Number(row.users),
    loads: Number(row.loads),
    revenue: row.revenue,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** The mail and SMS outbox, newest first: what was sent, to whom, and whether the provider took it. */
export async function recentOutbox(db: Db): Promise<OutboxMessage[]> {
  const rows = await db
    .selectFrom('outbox')
    .select(['id', 'channel', 'recipient', 'subject', 'bodyText', 'status', 'provider', 'error', 'createdAt', 'sentAt'])
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(OUTBOX_PAGE_SIZE)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    recipient: row.recipient,
    subject: row.subject,
    body: row.bodyText,
    status: row.status,
    provider: row.provider,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt ? new Date(row.sentAt).toISOString() : null,
  }));
}
