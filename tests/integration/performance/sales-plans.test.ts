import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Scope } from '../../../server/src/db/scope.js';
import { listLoads } from '../../../server/src/domains/loads/loads.repository.js';
import { usePlans } from '../../support/plans.js';
import { useTenants } from '../../support/tenants.js';

/**
 * A sales user's own loads (sold or created by them), newest first, as loads.list asks for them:
 * one ordered, limited branch per owner column, so a page reads a page of each owner's index
 * however many loads the user has. Here a company of 10,000 loads beside 40,000 of another, a
 * tenth of them sold by the sales user and a seventh created by them (some both), with ties in
 * created_at: the plan, and every page in order, none twice, none missed.
 */
const COMPANY_LOADS = 10_000;
const OTHER_LOADS = 40_000;

const tenants = useTenants();
const { planOf } = usePlans(tenants);

const salesScope = (): Scope => ({
  userId: tenants.companyA.users.sales.userId,
  companyId: tenants.companyA.companyId,
  role: 'sales',
  isMasterAdmin: false,
  readsCompanyId: tenants.companyA.companyId,
});

beforeAll(async () => {
  const a = tenants.companyA;
  const b = tenants.companyB;
  await tenants.owner.transaction().execute(async (tx) => {
    await sql`set local session_replication_role = replica`.execute(tx);
    await sql`
      insert into loads (company_id, load_number, pickup_location, pickup_city, pickup_state, delivery_location,
                         delivery_city, delivery_state, commodity, created_by, sales_user_id, status, created_at)
      select ${a.companyId}, 'LD-' || lpad(n::text, 6, '0'), n || ' Main St', 'Denver', 'CO', n || ' Dock Rd', 'Omaha', 'TX',
             case when n % 1000 = 0 then 'Glass lot ' || n else 'Lumber' end,
             case when n % 7 = 0 then ${a.users.sales.userId}::uuid else ${a.users.dispatcher.userId}::uuid end,
             case when n % 10 = 0 then ${a.users.sales.userId}::uuid end,
             case when n % 3 = 0 then 'in_transit' else 'pending' end,
             now() - (n / 3) * interval '1 minute'
      from generate_series(1, ${COMPANY_LOADS}) as n
    `.execute(tx);
    await sql`
      insert into loads (company_id, load_number, pickup_location, pickup_city, pickup_state, delivery_location,
                         delivery_city, delivery_state, commodity, created_by, created_at)
      select ${b.companyId}, 'LD-' || lpad(n::text, 6, '0'), n || ' Main St', 'Denver', 'CO', n || ' Dock Rd', 'Omaha', 'TX',
             'Lumber', ${b.users.dispatcher.userId}::uuid, now() - n * interval '1 minute'
      from generate_series(1, ${OTHER_LOADS}) as n
    `.execute(tx);
  });
  await sql`analyze loads`.execute(tenants.owner);
}, 60_000);

/** The sales user's own loads newest first, as the owner reads them (no row-level security, no paging). */
async function expectedIds(where = sql`true`): Promise<string[]> {
  const { companyId } = tenants.companyA;
  const me = tenants.companyA.users.sales.userId;
  const result = await sql<{ id: string }>`
    select id from loads where company_id = ${companyId} and (sales_user_id = ${me} or created_by = ${me}) and ${where}
    order by created_at desc, id desc`.execute(tenants.owner);
  return result.rows.map((row) => row.id);
}

describe("a sales user's own loads at scale", () => {
  it("reads a first page from each owner column's index instead of sorting all of the user's loads", async () => {
    const plan = await planOf('loads', async (tx) => {
      const page = await listLoads(tx, salesScope(), { status: 'all', search: '' }, { cursor: null, limit: 50 });
      expect(page.items).toHaveLength(50);
    });
    expect(plan).toContain('loads_company_sales_idx');
    expect(plan).toContain('loads_company_created_by_idx');
    expect(plan).not.toContain('BitmapOr');
  });

  it.each([
    ['every load', { status: 'all', search: '' }, sql`true`],
    ['a status', { status: 'in_transit', search: '' }, sql`status = 'in_transit'`],
    ['a search', { status: 'all', search: 'glass' }, sql`commodity ilike '%glass%'`],
  ] as const)('pages through %s: every own load once, newest first, across ties', async (_name, filters, where) => {
    const expected = await expectedIds(where);
    expect(expected.length).toBeGreaterThan(0);
    const seen: string[] = [];
    await planOf('loads', async (tx) => {
      let cursor: string | null = null;
      do {
        const page = await listLoads(tx, salesScope(), filters, { cursor, limit: 100 });
        seen.push(...page.items.map((item) => item.id));
        cursor = page.nextCursor;
      } while (cursor);
    });
    expect(seen).toEqual(expected);
  });
});
