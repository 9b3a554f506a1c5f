import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { listLoads } from '../../../server/src/domains/loads/loads.repository.js';
import { usePlans } from '../../support/plans.js';
import { useTenants } from '../../support/tenants.js';

/**
 * Search under row-level security goes through its trigram index: the plan of the very query
 * loads.list sends, as the app role inside the tenant transaction, over enough rows that a scan
 * would be the planner's only other way (migrations/2026-11-25T1400_search_under_rls.ts).
 */
const LOADS_PER_COMPANY = 20_000;

const tenants = useTenants();
const { planOf } = usePlans(tenants);

beforeAll(async () => {
  // Both companies' loads, written as the owner with triggers off (no audit or live events for test data).
  await tenants.owner.transaction().execute(async (tx) => {
    await sql`set local session_replication_role = replica`.execute(tx);
    for (const company of [tenants.companyA, tenants.companyB]) {
      await sql`
        insert into loads (company_id, load_number, pickup_location, pickup_city, pickup_state,
                           delivery_location, delivery_city, delivery_state, commodity, created_by)
        select ${company.companyId}, 'LD-' || lpad(n::text, 6, '0'),
               n || ' Main St', (array['Denver', 'Austin', 'Reno', 'Tulsa'])[1 + n % 4], 'CO',
               n || ' Dock Rd', case when n % 1000 = 0 then 'Chicago' else (array['Omaha', 'Boise', 'Fresno', 'Dallas'])[1 + n % 4] end, 'TX',
               (array['Steel coils', 'Paper rolls', 'Lumber'])[1 + n % 3] || ' lot ' || n,
               ${company.users.dispatcher.userId}
        from generate_series(1, ${LOADS_PER_COMPANY}) as n
      `.execute(tx);
    }
  });
  await sql`analyze loads`.execute(tenants.owner);
});

function planOfList(search: string): Promise<string> {
  return planOf('loads', async (tx, scope) => {
    const page = await listLoads(tx, scope, { search, status: 'all' }, { cursor: null, limit: 50 });
    expect(page.items.length).toBeGreaterThan(0);
  });
}

// Terms of a few letters are estimated as common: the planner may then rightly walk the newest-first
// index and stop at a page of matches. The cases below are selective enough that only the trigram
// index answers them fast, and the planner must be allowed to use it.
describe('search under row-level security', () => {
  it('finds a load number through the trigram index, not by scanning the company', async () => {
    const plan = await planOfList('ld-012345');
    expect(plan).toContain('loads_search_trgm_idx');
  });

  it('finds a commodity lot through the trigram index', async () => {
    const plan = await planOfList('lot 12345');
    expect(plan).toContain('loads_search_trgm_idx');
  });
});
