import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { containsPattern } from '../../../server/src/db/sql.js';
import { listLoads } from '../../../server/src/domains/loads/loads.repository.js';
import { usePlans } from '../../support/plans.js';
import { useTenants } from '../../support/tenants.js';

/**
 * Search under row-level security goes through its trigram index, without LIKE marked LEAKPROOF
 * (the suite's owner is not a superuser, as on a managed PostgreSQL): the plan of the very query
 * loads.list sends, as the app role inside the tenant transaction, over enough rows that a scan
 * would be the planner's only other way. The list reads the page's ids from app_search_loads
 * (migrations/2026-11-28T1300_search_without_leakproof.ts, 2026-11-28T1620_search_common_words.ts) and
 * its rows by primary key; the function probes the company's newest loads, then walks the trigram index.
 */
const LOADS_PER_COMPANY = 20_000;
/**
 * What app_search_loads' probe may read: its COMMON_WINDOW (2,000) newest loads of the company, about
 * a buffer each (migrations/2026-11-28T1620_search_common_words.ts), with room for the index's pages.
 */
const PROBE_BUFFERS = 2_000 * 1.25;

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

function planOfList(search: string, explain?: string): Promise<string> {
  return planOf(
    'loads',
    async (tx, scope) => {
      const page = await listLoads(tx, scope, { search, status: 'all' }, { cursor: null, limit: 50 });
      expect(page.items.length).toBeGreaterThan(0);
    },
    explain,
  );
}

/**
 * The plan of app_search_loads' own statement for company A's first page, as the function runs it:
 * as haulwise_search (its role, its policies), with the values planned in (EXECUTE ... USING).
 * The text mirrors the one the function writes for a first page without status or owner filters.
 */
async function planInsideSearch(search: string): Promise<string> {
  return tenants.owner.transaction().execute(async (tx) => {
    await sql`select set_config('app.company_id', ${tenants.companyA.companyId}, true)`.execute(tx);
    await sql`set local role haulwise_search`.execute(tx);
    const { rows } = await sql<{ 'QUERY PLAN': string }>`
      explain select l.id from public.loads l where l.search_text like lower(${containsPattern(search)})
        and l.company_id = ${tenants.companyA.companyId}::uuid order by l.created_at desc, l.id desc limit 51`.execute(tx);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

/** Shared buffers a plan's top node read (EXPLAIN (ANALYZE, BUFFERS)): hits and reads. */
function buffersOf(plan: string): number {
  const line = /Buffers: shared ([^\n]*)/.exec(plan)?.[1] ?? '';
  return [...line.matchAll(/(?:hit|read)=(\d+)/g)].reduce((sum, match) => sum + Number(match[1]), 0);
}

// The function decides without statistics (the planner may not read them for LIKE under row-level
// security): a word the company's newest 2,000 loads hold a page of is answered from them; a rarer
// one through the trigram index, which the planner must be allowed to use.
describe('search under row-level security', () => {
  it('LIKE and ILIKE are not marked LEAKPROOF', async () => {
    const { rows } = await sql<{ proname: string; proleakproof: boolean }>`
      select proname, proleakproof from pg_proc where oid in ('pg_catalog.textlike(text, text)'::regprocedure,
        'pg_catalog.texticlike(text, text)'::regprocedure) order by proname`.execute(tenants.owner);
    expect(rows).toEqual([
      { proname: 'texticlike', proleakproof: false },
      { proname: 'textlike', proleakproof: false },
    ]);
  });

  it('finds a load number through the trigram index, not by scanning the company', async () => {
    const plan = await planOfList('ld-012345');
    // The list: the page's ids from the search function (one array), each row by its key, no scan of loads.
    expect(plan).toContain('Function Scan on app_search_loads');
    expect(plan).toMatch(/Index Scan using (loads_pkey|loads_company_id_id_key) on loads/);
    expect(plan).toMatch(/id = ANY/);
    expect(plan).not.toMatch(/Seq Scan on loads|Bitmap Heap Scan on loads/);
    const inside = await planInsideSearch('ld-012345');
    expect(inside).toContain('Bitmap Index Scan on loads_search_trgm_idx');
    expect(inside).toContain('Index Cond: (search_text ~~');
    console.log(`loads.list search 'ld-012345':\n${plan}\ninside app_search_loads:\n${inside}`);
  });

  it('finds a commodity lot through the trigram index', async () => {
    const inside = await planInsideSearch('lot 12345');
    expect(inside).toContain('loads_search_trgm_idx');
    expect(await planOfList('lot 12345')).toContain('Function Scan on app_search_loads');
  });

  it("reads the company's newest loads, then a few dozen pages, for a rare term, not the company's loads", async () => {
    const analyzed = await planOfList('ld-012345', 'explain (analyze, buffers, costs off)');
    const { rows } = await sql<{ pages: number }>`select relpages as pages from pg_class where relname = 'loads'`.execute(tenants.owner);
    const pages = rows[0]?.pages ?? 0;
    console.log(`loads.list search 'ld-012345', EXPLAIN ANALYZE (the function's work included), loads has ${pages} pages:\n${analyzed}`);
    expect(pages).toBeGreaterThan(500);
    // A scan reads the table (both companies' rows lie interleaved), a walk of company A's index half of it; the
    // search far less: the probe of the company's newest COMMON_WINDOW loads (about a page a row), then the trigram index.
    expect(buffersOf(analyzed)).toBeLessThan(PROBE_BUFFERS + pages / 3);
  });

  it('answers a common word from the newest loads, without fetching every match of every company', async () => {
    // 'denver' is in a quarter of both companies' loads: through the trigram index that is 10,000 rows to fetch and sort.
    const analyzed = await planOfList('denver', 'explain (analyze, buffers, costs off)');
    console.log(`loads.list search 'denver', EXPLAIN ANALYZE:\n${analyzed}`);
    // About 51 / 0.25 rows of the company's newest, then the page by primary key.
    expect(buffersOf(analyzed)).toBeLessThan(1_000);
  });

  it('does the work of its floor: the same page by a plain LIKE query without row-level security reads as many pages', async () => {
    const search = 'ld-012345';
    // Ours: the statement loads.list sent, as the app role in company A's tenant transaction (the function's work included).
    const ours = () =>
      planOf(
        'loads',
        (tx, scope) => listLoads(tx, scope, { search, status: 'all' }, { cursor: null, limit: 50 }),
        'explain (analyze, buffers)',
      );
    // The floor: the list's page straight from loads, as a role whose only policy is `true` (no row-level security condition).
    const floor = () =>
      tenants.owner.transaction().execute(async (tx) => {
        await sql`set local role haulwise_search`.execute(tx);
        const { rows } = await sql<{ 'QUERY PLAN': string }>`
          explain (analyze, buffers) select l.id, l.company_id, l.search_text, l.status, l.created_at from public.loads l
          where l.company_id = ${tenants.companyA.companyId}::uuid and l.search_text like lower(${containsPattern(search)})
          order by l.created_at desc, l.id desc limit 51`.execute(tx);
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      });
    /** PostgreSQL's own time for a statement: planning and execution (no round trips, no client). */
    const serverMs = (plan: string) =>
      [...plan.matchAll(/(?:Planning|Execution) Time: ([\d.]+) ms/g)].reduce((sum, match) => sum + Number(match[1]), 0);
    const [oursMs, floorMs]: [number[], number[]] = [[], []];
    let buffers = { ours: 0, floor: 0 };
    for (let run = 0; run < 3; run += 1) {
      // Interleaved, the order turned each run, so the machine's load weighs on both alike.
      const [first, second] = run % 2 === 0 ? [ours, floor] : [floor, ours];
      const plans = [await first(), await second()];
      const [oursPlan, floorPlan] = (run % 2 === 0 ? plans : plans.reverse()) as [string, string];
      oursMs.push(serverMs(oursPlan));
      floorMs.push(serverMs(floorPlan));
      buffers = { ours: buffersOf(oursPlan), floor: buffersOf(floorPlan) };
    }
    // The fastest run of each: the work itself, with the least of other processes' (this machine is shared).
    const ratio = Math.min(...oursMs) / Math.min(...floorMs);
    console.log(
      `search '${search}', in PostgreSQL: ours ${Math.min(...oursMs).toFixed(2)} ms, floor ${Math.min(...floorMs).toFixed(2)} ms, ` +
        `${ratio.toFixed(2)}x; shared buffers ${buffers.ours} against ${buffers.floor}`,
    );
    // The same pages (the trigram index, then a row by its key), so the same work: a count of pages,
    // which the machine's load cannot change. The times are printed, never asserted (timings
    // belong to make bench, where a floor runs beside them).
    // Plus the probe of the company's newest loads, which a rare word pays (a common one stops there).
    expect(buffers.ours).toBeLessThan(2 * buffers.floor + PROBE_BUFFERS);
  });
});
