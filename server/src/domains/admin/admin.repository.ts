import { sql, type Kysely } from 'kysely';
import { OUTBOX_PAGE_SIZE, type AdminStats, type CompanySummary, type OutboxMessage } from '#shared/schemas/admin.js';
import { keysetPage, type Page, type PageRequest } from '../../db/pagination.js';
import type { Database } from '../../db/schema.js';
import { revenueSum } from '../analytics/revenue.js';

type Db = Kysely<Database>;

/**
 * The master admin's platform-wide reads. They run on ctx.db inside the audited
 * cross-company read path, where the policies let a master admin SELECT every company's rows.
 */

/** subscription_status as shown: a missing status counts as active (the spec). */
const statusOf = sql<string>`coalesce(nullif(trim(c.subscription_status), ''), 'active')`;
/** A sum of rates as an exact decimal string with cents ("0.00" when there is none). */

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
    .select((eb) => [eb.fn.countAll<number>().as('total'), revenueSum('rate').as('revenue')])
    .executeTakeFirstOrThrow();
  return {
    totalCompanies: Number(companies.total),
    activeCompanies: Number(companies.active),
    totalUsers: Number(users.total),
    totalLoads: Number(loads.total),
    totalRevenue: loads.revenue,
  };
}

/**
 * A page of every company, newest first, with its users, loads and revenue counted in SQL for the
 * companies of the page only (correlated subqueries, on the indexes that start with company_id).
 */
export async function companySummaries(db: Db, page: PageRequest): Promise<Page<CompanySummary>> {
  const { items, nextCursor } = await keysetPage(
    db.selectFrom('companies as c').select((eb) => [
      'c.id',
      'c.name',
      'c.createdAt',
      statusOf.as('status'),
      eb
        .selectFrom('profiles as p')
        .select((inner) => inner.fn.countAll<number>().as('count'))
        .whereRef('p.companyId', '=', 'c.id')
        .as('users'),
      eb
        .selectFrom('loads as l')
        .select((inner) => inner.fn.countAll<number>().as('count'))
        .whereRef('l.companyId', '=', 'c.id')
        .as('loads'),
      eb.selectFrom('loads as l').select(revenueSum('l.rate').as('revenue')).whereRef('l.companyId', '=', 'c.id').as('revenue'),
    ]),
    { sortedBy: 'c.createdAt', id: 'c.id' },
    page,
  );
  return {
    items: items.map((row) => ({
      id: row.id,
      name: row.name,
      users: Number(row.users ?? 0),
      loads: Number(row.loads ?? 0),
      revenue: row.revenue ?? '0.00',
      status: row.status,
      createdAt: row.createdAt.toISOString(),
    })),
    nextCursor,
  };
}

/**
 * The mail and SMS outbox, newest first: what was sent, to whom, for which company, and whether
 * the provider took it. Never a body: invitation links and codes are secrets, even from a master admin.
 */
export async function recentOutbox(db: Db): Promise<OutboxMessage[]> {
  const rows = await db
    .selectFrom('outbox')
    .leftJoin('companies', 'companies.id', 'outbox.companyId')
    .select([
      'outbox.id',
      'outbox.channel',
      'outbox.recipient',
      'outbox.subject',
      'companies.name as companyName',
      'outbox.status',
      'outbox.provider',
      'outbox.error',
      'outbox.createdAt',
      'outbox.sentAt',
    ])
    .orderBy('outbox.createdAt', 'desc')
    .orderBy('outbox.id', 'desc')
    .limit(OUTBOX_PAGE_SIZE)
    .execute();
  return rows.map((row) => ({
    ...row,
    companyName: row.companyName ?? null,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt ? new Date(row.sentAt).toISOString() : null,
  }));
}
