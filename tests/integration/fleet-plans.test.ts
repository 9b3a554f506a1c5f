import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { changedFleet } from '../../server/src/domains/fleet/fleet.repository.js';
import { usePlans } from '../support/plans.js';
import { useTenants } from '../support/tenants.js';

/**
 * The fleet map's delta read (fleet.changed) costs what the burst names, not what the fleet holds:
 * the plan of the very statement it sends, as the app role inside the tenant transaction, over
 * 10,000 drivers a company (half of them on a load), reaches drivers and loads by primary key and
 * each driver's current load by the (company_id, driver_id) index; no scan of the fleet. No new
 * index is needed, so the drivers' position updates (positions.report) can stay heap-only (HOT): none
 * of the columns they change is indexed.
 */
const DRIVERS_PER_COMPANY = 10_000;

const tenants = useTenants();
const { planOf } = usePlans(tenants);

beforeAll(async () => {
  // Both companies' fleets, written as the owner with triggers off (no audit or live events for test data).
  await tenants.owner.transaction().execute(async (tx) => {
    await sql`set local session_replication_role = replica`.execute(tx);
    for (const company of [tenants.companyA, tenants.companyB]) {
      await sql`
        insert into drivers (company_id, first_name, last_name, phone, current_location_lat, current_location_lng, last_location_update)
        select ${company.companyId}, 'Plan', 'Driver ' || n, '+15550100000', 25 + (n % 24), -120 + (n % 50), now() - (n % 600) * interval '1 minute'
        from generate_series(1, ${DRIVERS_PER_COMPANY}) as n
      `.execute(tx);
      await sql`
        insert into loads (company_id, load_number, pickup_location, pickup_city, pickup_state,
                           delivery_location, delivery_city, delivery_state, driver_id, status, created_by)
        select d.company_id, 'PL-' || row_number() over (), '1 Main St', 'Dallas', 'TX', '2 Dock Rd', 'Chicago', 'IL', d.id,
               (array['assigned', 'in_transit', 'delivered'])[1 + (row_number() over ()) % 3], ${company.users.dispatcher.userId}
        from drivers d where d.company_id = ${company.companyId} and d.last_name like 'Driver %' and random() < 0.5
      `.execute(tx);
    }
  });
  await sql`analyze drivers`.execute(tenants.owner);
  await sql`analyze loads`.execute(tenants.owner);
});

async function planOfChanged(size: number): Promise<string> {
  const plan = await planOf(
    'drivers',
    async (tx, scope) => {
      const drivers = await tx.selectFrom('drivers').select('id').where('lastName', 'like', 'Driver %').orderBy('id').limit(size).execute();
      const loads = await tx.selectFrom('loads').select('id').where('loadNumber', 'like', 'PL-%').orderBy('id').limit(size).execute();
      const delta = await changedFleet(tx, scope, { driverIds: drivers.map((row) => row.id), loadIds: loads.map((row) => row.id) });
      expect(delta.drivers.length).toBeGreaterThanOrEqual(size);
    },
    'explain (analyze, costs off, timing off, summary off)',
  );
  // The named ids' array literals shortened: the plan's shape is what matters.
  return plan.replace(/'\{[0-9a-f,-]+\}'/g, "'{...}'");
}

describe('fleet.changed’s plan at 10,000 drivers', () => {
  it.each([7, 250])('reads %i named drivers and loads by key, never the whole fleet', async (size) => {
    const plan = await planOfChanged(size);
    expect(plan).not.toMatch(/Seq Scan on (drivers|loads)/);
    // Drivers by key (the primary key, or the (company_id, id) key), with the named ids as the index condition.
    expect(plan).toMatch(/Scan (using|on) drivers_(pkey|company_id_id_key)/);
    expect(plan).toMatch(/Index Cond: .*id = ANY/);
    expect(plan).not.toMatch(/drivers_company_created_idx|drivers_company_name_idx/);
    // The loads named by their key; each driver's current load by (company_id, driver_id).
    expect(plan).toMatch(/Scan (using|on) loads_pkey/);
    expect(plan).toMatch(/Index Scan using loads_company_driver_idx on loads/);
  });
});
