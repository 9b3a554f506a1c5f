import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LoadSort, SortDirection } from '#shared/schemas/load-board.js';
import { listLoads, type LoadFilters } from '../../server/src/domains/loads/loads.repository.js';
import { usePlans } from '../support/plans.js';
import { useTenants } from '../support/tenants.js';

/**
 * The dispatch board walks indexes (issue 26, item 1): the plan of the very statement loads.list
 * sends, as the app role inside company A's tenant transaction (row-level security on), over
 * 20,000 loads a company, both companies' rows interleaved. The default order walks
 * (company_id, created_at desc, id desc); each sort its (company_id, <sort>, id) index
 * (migrations/2026-11-28T2000_load_board_indexes.ts), forward or backward, a page at a time, with
 * no sort of the company's loads; the driver filter reads that driver's loads by (company_id, driver_id).
 */
const LOADS_PER_COMPANY = 20_000;
const DRIVERS_PER_COMPANY = 200;

const tenants = useTenants();
const { planOf } = usePlans(tenants);
let driverId = '';

beforeAll(async () => {
  // Written as the owner with triggers off (no audit or live events for test data): names set here.
  await tenants.owner.transaction().execute(async (tx) => {
    await sql`set local session_replication_role = replica`.execute(tx);
    for (const company of [tenants.companyA, tenants.companyB]) {
      await sql`
        insert into drivers (company_id, first_name, last_name)
        select ${company.companyId}, 'Plan', 'Driver ' || lpad(n::text, 4, '0') from generate_series(1, ${DRIVERS_PER_COMPANY}) as n
      `.execute(tx);
      await sql`
        with fleet as (select array_agg(id order by last_name) as ids from drivers where company_id = ${company.companyId} and first_name = 'Plan')
        insert into loads (company_id, load_number, pickup_location, pickup_city, pickup_state, pickup_date,
                           delivery_location, delivery_city, delivery_state, delivery_date, driver_id, driver_name,
                           broker_name, carrier_name, rate, distance, status, created_by, created_at)
        select ${company.companyId}, 'BP-' || lpad(n::text, 6, '0'),
               '1 Main St', (array['Denver', 'Austin', 'Reno', 'Tulsa'])[1 + n % 4], 'CO',
               case when n % 10 = 0 then null else date '2026-01-01' + (n % 365) end,
               '2 Dock Rd', (array['Omaha', 'Boise', 'Fresno', 'Dallas'])[1 + n % 4], 'TX',
               case when n % 10 = 0 then null else date '2026-01-03' + (n % 365) end,
               case when n % 3 = 0 then null else fleet.ids[1 + n % ${DRIVERS_PER_COMPANY}] end,
               case when n % 3 = 0 then null else 'Plan Driver ' || lpad((1 + n % ${DRIVERS_PER_COMPANY})::text, 4, '0') end,
               'Broker ' || (n % 50), case when n % 2 = 0 then 'Carrier ' || (n % 30) end,
               (1000 + n % 2000)::numeric, case when n % 7 = 0 then null else (100 + n % 900)::numeric end,
               (array['pending', 'assigned', 'picked', 'in_transit', 'delivered', 'cancelled'])[1 + n % 6],
               ${company.users.dispatcher.userId}, now() - n * interval '1 minute'
        from generate_series(1, ${LOADS_PER_COMPANY}) as n, fleet
      `.execute(tx);
    }
  });
  await sql`analyze drivers`.execute(tenants.owner);
  await sql`analyze loads`.execute(tenants.owner);
  const driver = await tenants.owner
    .selectFrom('drivers')
    .select('id')
    .where('companyId', '=', tenants.companyA.companyId)
    .where('firstName', '=', 'Plan')
    .orderBy('lastName')
    .executeTakeFirstOrThrow();
  driverId = driver.id as string;
});

function planOfList(filters: Partial<LoadFilters>, explain = 'explain'): Promise<string> {
  return planOf(
    'loads',
    async (tx, scope) => {
      const page = await listLoads(tx, scope, { search: '', status: 'all', ...filters }, { cursor: null, limit: 50 });
      expect(page.items.length).toBeGreaterThan(0);
    },
    explain,
  );
}

/** Shared buffers a plan's top node read (EXPLAIN (ANALYZE, BUFFERS)): hits and reads. */
function buffersOf(plan: string): number {
  const line = /Buffers: shared ([^\n]*)/.exec(plan)?.[1] ?? '';
  return [...line.matchAll(/(?:hit|read)=(\d+)/g)].reduce((sum, match) => sum + Number(match[1]), 0);
}

describe("the board's plans at 20,000 loads a company, as the app role under row-level security", () => {
  it('the default list (newest first) walks (company_id, created_at desc, id desc)', async () => {
    const plan = await planOfList({});
    console.log(`loads.list default:\n${plan}`);
    expect(plan).toMatch(/Index Scan using loads_company_created_idx on loads/);
    expect(plan).not.toMatch(/Seq Scan on loads|Sort/);
  });

  it.each<[LoadSort, SortDirection, string]>([
    ['pickupDate', 'asc', 'loads_board_pickup_date_idx'],
    ['pickupDate', 'desc', 'loads_board_pickup_date_idx'],
    ['deliveryDate', 'asc', 'loads_board_delivery_date_idx'],
    ['deliveryDate', 'desc', 'loads_board_delivery_date_idx'],
    ['driverName', 'asc', 'loads_board_driver_name_idx'],
    ['status', 'asc', 'loads_board_status_idx'],
    ['loadNumber', 'asc', 'loads_board_load_number_idx'],
  ])('sorted by %s %s, walks %s a page at a time, the second page from its cursor', async (sort, direction, index) => {
    let cursor: string | null = null;
    for (const page of ['first', 'second']) {
      const plan = await planOf(
        'loads',
        async (tx, scope) => {
          const answer = await listLoads(tx, scope, { search: '', status: 'all', sort, direction }, { cursor, limit: 50 });
          expect(answer.items).toHaveLength(50);
          cursor = answer.nextCursor;
        },
        'explain (analyze, buffers, costs off, timing off, summary off)',
      );
      console.log(`loads.list by ${sort} ${direction}, ${page} page:\n${plan}`);
      expect(plan).toMatch(new RegExp(`Index Scan(?: Backward)? using ${index} on loads`));
      expect(plan).not.toMatch(/Seq Scan on loads|Sort Method/);
      // The keyset is where the walk starts (an index condition), not a filter over the rows before it.
      if (page === 'second') expect(plan).toMatch(/Index Cond: .*ROW\(/);
      // A page and the index's pages above it, not the company's loads.
      expect(buffersOf(plan)).toBeLessThan(500);
    }
  });

  // numeric's comparisons, division and round() are not LEAKPROOF: under row-level security the planner
  // keeps them after the policy, so for rate and rate per mile the index gives the order but the
  // keyset (and, for the expression, `is not null`) is a filter over the rows before the page. A page
  // deep in these sorts costs the rows before it; the first pages are what a board shows.
  it.each<[LoadSort, string]>([
    ['rate', 'loads_board_rate_idx'],
    ['ratePerMile', 'loads_board_rate_per_mile_idx'],
  ])('sorted by %s, walks %s for its order (its keyset a filter: numeric is not leakproof)', async (sort, index) => {
    const plan = await planOfList({ sort, direction: 'desc' }, 'explain (analyze, buffers, costs off, timing off, summary off)');
    console.log(`loads.list by ${sort} desc:\n${plan}`);
    expect(plan).toMatch(new RegExp(`Index Scan(?: Backward)? using ${index} on loads`));
    expect(plan).not.toMatch(/Seq Scan on loads|Sort Method/);
  });

  it("filtered by a driver, reads that driver's loads by (company_id, driver_id)", async () => {
    for (const sort of ['createdAt', 'pickupDate'] as const) {
      const plan = await planOfList({ driverId, sort, direction: 'asc' }, 'explain (analyze, buffers, costs off, timing off, summary off)');
      console.log(`loads.list driver filter, by ${sort}:\n${plan}`);
      expect(plan).toMatch(
        /Index Scan(?: Backward)? using loads_(company_driver_idx|board_pickup_date_idx|company_created_idx) on loads|Bitmap Index Scan on loads_company_driver_idx/,
      );
      expect(plan).not.toMatch(/Seq Scan on loads/);
      expect(buffersOf(plan)).toBeLessThan(1_000);
    }
  });

  it('filtered by a carrier with few loads, reads them by (company_id, carrier_id)', async () => {
    const carrier = await tenants.owner
      .insertInto('carriers')
      .values({ companyId: tenants.companyA.companyId, name: 'Rare Carrier' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tenants.owner
      .updateTable('loads')
      .set({ carrierId: carrier.id })
      .where('companyId', '=', tenants.companyA.companyId)
      .where('loadNumber', 'in', ['BP-000101', 'BP-000202', 'BP-000303'])
      .execute();
    const plan = await planOfList({ carrierId: carrier.id as string }, 'explain (analyze, buffers, costs off, timing off, summary off)');
    console.log(`loads.list carrier filter:\n${plan}`);
    expect(plan).toMatch(/loads_board_carrier_idx/);
    expect(plan).not.toMatch(/Seq Scan on loads/);
    expect(buffersOf(plan)).toBeLessThan(100);
  });

  it('filtered to the unassigned loads, walks the partial index of the loads without a driver, newest first', async () => {
    const plan = await planOfList({ unassigned: true }, 'explain (analyze, buffers, costs off, timing off, summary off)');
    console.log(`loads.list unassigned:\n${plan}`);
    expect(plan).toMatch(/loads_board_unassigned_idx/);
    expect(plan).not.toMatch(/Seq Scan on loads/);
    // A page and its columns (the driver's position, the late flag), not the company's loads.
    expect(buffersOf(plan)).toBeLessThan(1_000);
  });

  it('filtered by late, reads the ids of the late loads through the partial indexes of the open ones (one per arm), then the page', async () => {
    const plan = await planOf(
      'loads',
      (tx, scope) => listLoads(tx, scope, { search: '', status: 'all', late: true, today: '2026-03-01' }, { cursor: null, limit: 50 }),
      'explain (analyze, buffers, costs off, timing off, summary off)',
    );
    console.log(`loads.list late:\n${plan}`);
    expect(plan).not.toMatch(/Seq Scan on loads/);
    expect(plan).toMatch(/Index Scan (?:using|on) loads_board_open_delivery_idx/);
    expect(plan).toMatch(/Index Scan (?:using|on) loads_board_unpicked_pickup_idx/);
  });

  it('the second part of a sort (rows without a value) walks the same index', async () => {
    // After the last load with a pickup date: the page is the loads without one, in id order.
    const plan = await planOf('loads', async (tx, scope) => {
      const last = await tx
        .selectFrom('loads')
        .select(['id', sql<string>`pickup_date::text`.as('pickupDate')])
        .where('companyId', '=', scope.companyId)
        .where('pickupDate', 'is not', null)
        .orderBy('pickupDate', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow();
      const cursor = Buffer.from(JSON.stringify(['pickupDate', last.pickupDate, last.id])).toString('base64url');
      const page = await listLoads(tx, scope, { search: '', status: 'all', sort: 'pickupDate', direction: 'asc' }, { cursor, limit: 50 });
      expect(page.items.every((item) => item.pickupDate === null)).toBe(true);
    });
    console.log(`loads.list by pickupDate, the loads without one:\n${plan}`);
    expect(plan).toMatch(/Index Scan using loads_board_pickup_date_idx on loads/);
    expect(plan).toContain('pickup_date IS NULL');
    expect(plan).not.toMatch(/Seq Scan on loads|Sort/);
  });
});
