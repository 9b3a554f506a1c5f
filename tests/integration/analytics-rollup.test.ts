import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveRange } from '#shared/schemas/analytics.js';
import {
  analyticsFromRollups,
  liveAnalyticsReport,
  splitRange,
  type DateRange,
} from '../../server/src/domains/analytics/analytics.repository.js';
import { withCompany } from '../../server/src/db/with-company.js';
import type { Scope } from '../../server/src/db/scope.js';
import { createBroker, createDriver, createLoad, setLoadStatus, type TestCompany } from '../support/factories.js';
import { useTenants } from '../support/tenants.js';

/**
 * The analytics roll-ups (migration 2026-11-26T0200_analytics_rollup) kept by the triggers on
 * loads: after inserts (one by one and many in one statement), status changes, rate, date,
 * driver and lane edits, and deletes, through the app role under row-level security, the report
 * read from the roll-ups equals the live pass over the loads for every preset range and for custom
 * ranges with partial months; and the roll-up tables equal a recount of the loads from scratch.
 */
const tenants = useTenants();
const DAY = 86_400_000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const CITIES = [
  ['Dallas', 'TX'],
  ['Atlanta', 'GA'],
  ['Denver', 'CO'],
  ['Chicago', 'IL'],
] as const;
const STATUSES = ['pending', 'assigned', 'picked', 'in_transit', 'delivered', 'delivered', 'cancelled'] as const;

interface Cast {
  drivers: string[];
  brokers: string[];
}
const cast: Record<'a' | 'b', Cast> = { a: { drivers: [], brokers: [] }, b: { drivers: [], brokers: [] } };

/** The ranges compared: every preset, a custom range with partial months at both ends, one inside a month, one of a day. */
function ranges(): DateRange[] {
  const now = new Date();
  const thisMonth = resolveRange({ range: 'this_month' });
  const lastMonth = resolveRange({ range: 'last_month' });
  const custom = (from: Date, to: Date) => resolveRange({ range: 'custom', from: dayOf(from), to: dayOf(to) });
  return [
    thisMonth,
    lastMonth,
    resolveRange({ range: 'quarter' }),
    resolveRange({ range: 'year' }),
    custom(new Date(now.getTime() - 420 * DAY), now),
    custom(new Date(`${lastMonth.from.slice(0, 8)}03T00:00:00Z`), new Date(`${lastMonth.from.slice(0, 8)}20T00:00:00Z`)),
    custom(new Date(now.getTime() - 40 * DAY), new Date(now.getTime() - 40 * DAY)),
  ];
}

const scopeOf = (company: TestCompany): Scope => ({
  userId: company.users.admin.userId,
  companyId: company.companyId,
  role: 'admin',
  isMasterAdmin: false,
  readsCompanyId: company.companyId,
});

/** The report from the roll-ups and from the live pass, for each range, as the company's admin (app role, RLS on). */
async function expectRollupsEqualLive(company: TestCompany): Promise<void> {
  const db = tenants.services.db;
  for (const range of ranges()) {
    const author = { companyId: company.companyId, userId: company.users.admin.userId };
    const rolled = await withCompany(db, author, (tx) => analyticsFromRollups(tx, company.companyId, range));
    const live = await withCompany(db, author, (tx) => liveAnalyticsReport(tx, scopeOf(company), range));
    expect(rolled, `${range.from} to ${range.until}`).toEqual(live);
  }
}

/** The roll-up tables, rows with anything in them, beside the same figures recounted from the loads (as the owner). */
async function expectTablesEqualRecount(): Promise<void> {
  const owner = tenants.owner;
  const days = await sql`
    select company_id, day::text, status, dated, on_time, sum(loads)::int as loads, sum(priced)::int as priced,
           sum(amount)::numeric(20, 2)::text as amount
    from analytics_load_days group by 1, 2, 3, 4, 5
    having sum(loads) <> 0 or sum(priced) <> 0 or sum(amount) <> 0 order by 1, 2, 3, 4, 5`.execute(owner);
  const recountDays = await sql`
    select company_id, (created_at at time zone 'UTC')::date::text as day, status,
           (status = 'delivered' and delivery_date is not null) as dated,
           coalesce(status = 'delivered' and (coalesce(status_updated_at, created_at) at time zone 'UTC')::date <= delivery_date, false) as on_time,
           count(*)::int as loads, count(rate)::int as priced, coalesce(sum(rate), 0)::numeric(20, 2)::text as amount
    from loads group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`.execute(owner);
  expect(days.rows).toEqual(recountDays.rows);
  const months = await sql`
    select company_id, month::text, kind, key, sum(loads)::int as loads, sum(amount)::numeric(20, 2)::text as amount
    from analytics_load_months group by 1, 2, 3, 4 having sum(loads) <> 0 or sum(amount) <> 0 order by 1, 2, 3, 4`.execute(owner);
  const recountMonths = await sql`
    select l.company_id, date_trunc('month', l.created_at at time zone 'UTC')::date::text as month, k.kind, k.key,
           count(*)::int as loads, coalesce(sum(l.rate), 0)::numeric(20, 2)::text as amount
    from loads as l
    cross join lateral (values ('driver', l.driver_id::text), ('broker', l.broker_id::text),
      ('lane', l.pickup_city || E'\\x1f' || rtrim(l.pickup_state) || E'\\x1f' || l.delivery_city || E'\\x1f' || rtrim(l.delivery_state))) as k (kind, key)
    where k.key is not null
    group by 1, 2, 3, 4 order by 1, 2, 3, 4`.execute(owner);
  expect(months.rows).toEqual(recountMonths.rows);
  expect(days.rows.length).toBeGreaterThan(0);
}

/** Many loads in ONE insert statement through the app role: spread over 14 months, every status, some unpriced, several lanes, drivers and brokers. */
async function insertMany(company: TestCompany, people: Cast, count: number, salt: number): Promise<void> {
  const now = Date.now();
  const rows = Array.from({ length: count }, (_, index) => {
    const seed = index * 7919 + salt * 104_729;
    const created = new Date(now - (seed % 430) * DAY - (seed % 24) * 3_600_000);
    const status = STATUSES[seed % STATUSES.length] ?? 'pending';
    const [pickupCity, pickupState] = CITIES[seed % CITIES.length] ?? CITIES[0];
    const [deliveryCity, deliveryState] = CITIES[(seed + 1 + (seed % 3)) % CITIES.length] ?? CITIES[1];
    return {
      companyId: company.companyId,
      loadNumber: `BULK-${salt}-${index}`,
      pickupLocation: '1 Dock St',
      pickupCity,
      pickupState,
      deliveryLocation: '2 Yard Rd',
      deliveryCity,
      deliveryState,
      deliveryDate: seed % 5 === 0 ? null : dayOf(new Date(created.getTime() + ((seed % 9) - 2) * DAY)),
      rate: seed % 6 === 0 ? null : `${1000 + (seed % 37) * 25}.${String(seed % 100).padStart(2, '0')}`,
      status,
      driverId: status === 'pending' ? null : (people.drivers[seed % people.drivers.length] ?? null),
      brokerId: seed % 4 === 0 ? null : (people.brokers[seed % people.brokers.length] ?? null),
      createdBy: company.users.admin.userId,
      createdAt: created,
    };
  });
  await withCompany(tenants.services.db, company.users.admin, (tx) => tx.insertInto('loads').values(rows).execute());
}

beforeAll(async () => {
  const db = tenants.services.db;
  for (const [key, company] of [
    ['a', tenants.companyA],
    ['b', tenants.companyB],
  ] as const) {
    const admin = company.users.admin;
    for (const [first, last] of [
      ['Rosa', 'Alpha'],
      ['Marcus', 'Beta'],
      ['Lena', 'Gamma'],
    ] as const)
      cast[key].drivers.push(await createDriver(db, admin, { firstName: first, lastName: last }));
    for (const name of ['Lakeside Logistics', 'Northstar Brokerage']) cast[key].brokers.push(await createBroker(db, admin, { name }));
    await insertMany(company, cast[key], key === 'a' ? 120 : 40, key === 'a' ? 1 : 2);
    // One by one too, through the usual factory.
    await createLoad(db, admin, { rate: '99999.00', status: 'delivered', driverId: cast[key].drivers[0] ?? null });
    await createLoad(db, admin, { rate: null, status: 'pending' });
  }
});

describe('analytics roll-ups', () => {
  it('splits a range into whole months (read from the roll-up) and the partial months around them (read live)', () => {
    expect(splitRange({ from: '2026-01-01', until: '2027-01-01' })).toEqual({
      months: { first: '2026-01-01', end: '2027-01-01' },
      live: [],
    });
    expect(splitRange({ from: '2026-01-15', until: '2026-04-03' })).toEqual({
      months: { first: '2026-02-01', end: '2026-04-01' },
      live: [
        { from: '2026-01-15', until: '2026-02-01' },
        { from: '2026-04-01', until: '2026-04-03' },
      ],
    });
    expect(splitRange({ from: '2026-01-15', until: '2026-02-10' })).toEqual({
      months: null,
      live: [{ from: '2026-01-15', until: '2026-02-10' }],
    });
    expect(splitRange({ from: '2025-12-31', until: '2026-01-01' })).toEqual({
      months: null,
      live: [{ from: '2025-12-31', until: '2026-01-01' }],
    });
  });

  it('equal the live computation after inserts, one by one and many in one statement', async () => {
    await expectTablesEqualRecount();
    await expectRollupsEqualLive(tenants.companyA);
    await expectRollupsEqualLive(tenants.companyB);
  });

  it('equal it after status changes, one load and many in one statement', async () => {
    const db = tenants.services.db;
    const admin = tenants.companyA.users.admin;
    const loads = await tenants.owner
      .selectFrom('loads')
      .select(['id'])
      .where('companyId', '=', admin.companyId)
      .orderBy('loadNumber')
      .execute();
    for (const load of loads.slice(0, 5)) await setLoadStatus(db, admin, load.id, 'delivered');
    await withCompany(db, admin, (tx) =>
      tx
        .updateTable('loads')
        .set({ status: 'cancelled' })
        .where(
          'id',
          'in',
          loads.slice(10, 30).map((load) => load.id),
        )
        .execute(),
    );
    // An update that touches no counted column writes no roll-up row, and changes nothing.
    await withCompany(db, admin, (tx) =>
      tx.updateTable('loads').set({ commodity: 'Steel coils' }).where('companyId', '=', admin.companyId).execute(),
    );
    await expectTablesEqualRecount();
    await expectRollupsEqualLive(tenants.companyA);
  });

  it('equal it after rate, delivery date, driver, broker, lane and creation date edits', async () => {
    const db = tenants.services.db;
    const admin = tenants.companyA.users.admin;
    const ids = (
      await tenants.owner.selectFrom('loads').select(['id']).where('companyId', '=', admin.companyId).orderBy('id').execute()
    ).map((row) => row.id);
    await withCompany(db, admin, async (tx) => {
      await tx.updateTable('loads').set({ rate: '1234.56' }).where('id', 'in', ids.slice(0, 15)).execute();
      await tx.updateTable('loads').set({ rate: null }).where('id', 'in', ids.slice(15, 20)).execute();
      await tx
        .updateTable('loads')
        .set({ deliveryDate: dayOf(new Date(Date.now() + 30 * DAY)) })
        .where('id', 'in', ids.slice(20, 40))
        .execute();
      await tx.updateTable('loads').set({ deliveryDate: null }).where('id', 'in', ids.slice(40, 45)).execute();
      await tx
        .updateTable('loads')
        .set({ driverId: cast.a.drivers[2] ?? null })
        .where('id', 'in', ids.slice(45, 60))
        .execute();
      await tx.updateTable('loads').set({ brokerId: null }).where('id', 'in', ids.slice(60, 65)).execute();
      await tx.updateTable('loads').set({ deliveryCity: 'Reno', deliveryState: 'NV' }).where('id', 'in', ids.slice(65, 80)).execute();
      await tx
        .updateTable('loads')
        .set({ createdAt: new Date(Date.now() - 200 * DAY) })
        .where('id', 'in', ids.slice(80, 90))
        .execute();
    });
    await expectTablesEqualRecount();
    await expectRollupsEqualLive(tenants.companyA);
  });

  it('equal it after deletes', async () => {
    const db = tenants.services.db;
    const admin = tenants.companyA.users.admin;
    const ids = (
      await tenants.owner.selectFrom('loads').select(['id']).where('companyId', '=', admin.companyId).orderBy('id', 'desc').execute()
    ).map((row) => row.id);
    await withCompany(db, admin, (tx) => tx.deleteFrom('loads').where('id', 'in', ids.slice(0, 30)).execute());
    await withCompany(db, admin, (tx) =>
      tx
        .deleteFrom('loads')
        .where('id', '=', ids[40] ?? '')
        .execute(),
    );
    await expectTablesEqualRecount();
    await expectRollupsEqualLive(tenants.companyA);
    await expectRollupsEqualLive(tenants.companyB);
  });

  it('analytics_rollup_rebuild recounts a company whose loads were written with the triggers off (bulk generation)', async () => {
    const owner = tenants.owner;
    const company = tenants.companyA;
    await owner.transaction().execute(async (tx) => {
      await sql`set local session_replication_role = replica`.execute(tx);
      await sql`insert into loads (company_id, load_number, pickup_location, pickup_city, pickup_state, delivery_location,
                                   delivery_city, delivery_state, rate, status, created_at)
                select ${company.companyId}, 'QUIET-' || g, '1 Dock St', 'Denver', 'CO', '2 Yard Rd', 'Chicago', 'IL', 500 + g, 'delivered',
                       now() - g * interval '9 days'
                  from generate_series(1, 12) g`.execute(tx);
    });
    await expect(expectTablesEqualRecount()).rejects.toThrow();
    await sql`select analytics_rollup_rebuild(${company.companyId})`.execute(owner);
    await expectTablesEqualRecount();
    await expectRollupsEqualLive(company);
  });

  it("keeps each company to its own rows: row-level security on the roll-ups, and B's loads never in A's figures", async () => {
    const db = tenants.services.db;
    const { companyA, companyB } = tenants;
    const visible = await withCompany(db, companyA.users.admin, async (tx) => ({
      days: await sql<{ company: string }>`select distinct company_id as company from analytics_load_days`.execute(tx),
      months: await sql<{ company: string }>`select distinct company_id as company from analytics_load_months`.execute(tx),
    }));
    expect(visible.days.rows.map((row) => row.company)).toEqual([companyA.companyId]);
    expect(visible.months.rows.map((row) => row.company)).toEqual([companyA.companyId]);
    await expect(
      withCompany(db, companyA.users.admin, (tx) =>
        sql`insert into analytics_load_days (company_id, day, status, dated, on_time, loads, priced, amount)
            values (${companyB.companyId}, current_date, 'pending', false, false, 1, 0, 0)`.execute(tx),
      ),
    ).rejects.toThrow(/row-level security/);
    const year = resolveRange({ range: 'year' });
    const a = await withCompany(db, companyA.users.admin, (tx) => analyticsFromRollups(tx, companyA.companyId, year));
    const b = await withCompany(db, companyB.users.admin, (tx) => analyticsFromRollups(tx, companyB.companyId, year));
    const ownA = await tenants.owner
      .selectFrom('loads')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('companyId', '=', companyA.companyId)
      .where('createdAt', '>=', new Date(`${year.from}T00:00:00Z`))
      .executeTakeFirstOrThrow();
    expect(a.overview.totalLoads).toBe(Number(ownA.count));
    expect(b.overview.totalLoads).toBeGreaterThan(0);
    // Company A reading B's id through the roll-ups finds nothing: row-level security, not only the filter.
    const foreign = await withCompany(db, companyA.users.admin, (tx) => analyticsFromRollups(tx, companyB.companyId, year));
    expect(foreign.overview.totalLoads).toBe(0);
    expect(foreign.topDrivers).toEqual([]);
  });
  it('lets writers on different connections write the same day and lane at once (a slot each), and still sums to the recount', async () => {
    const db = tenants.services.db;
    const company = tenants.companyA;
    const load = (suffix: string) => ({
      companyId: company.companyId,
      loadNumber: `SLOT-${suffix}`,
      pickupLocation: '1 Dock St',
      pickupCity: 'Dallas',
      pickupState: 'TX',
      deliveryLocation: '2 Yard Rd',
      deliveryCity: 'Atlanta',
      deliveryState: 'GA',
      rate: '1500.00',
      status: 'pending' as const,
      createdBy: company.users.admin.userId,
    });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let firstSlot = -1;
    let written = () => {};
    const firstWrote = new Promise<void>((resolve) => (written = resolve));
    // The first writer keeps its transaction (and its roll-up rows' locks) open until the second has tried.
    const first = withCompany(db, company.users.admin, async (tx) => {
      await tx.insertInto('loads').values(load('first')).execute();
      firstSlot = (await sql<{ slot: number }>`select pg_backend_pid() % 32 as slot`.execute(tx)).rows[0]?.slot ?? -1;
      written();
      await held;
    });
    await firstWrote;
    const second = withCompany(db, company.users.admin, async (tx) => {
      const slot = (await sql<{ slot: number }>`select pg_backend_pid() % 32 as slot`.execute(tx)).rows[0]?.slot ?? -1;
      await sql`set local lock_timeout = '2s'`.execute(tx);
      const outcome = await tx
        .insertInto('loads')
        .values(load('second'))
        .execute()
        .then(() => 'written' as const)
        .catch((error: unknown) => (String(error).includes('lock timeout') ? ('waited' as const) : Promise.reject(error)));
      return { slot, outcome };
    }).catch((error: unknown) => ({ slot: -2, outcome: String(error) }));
    const tried = await second;
    release();
    await first;
    // Another connection writes its own slot and does not wait; the same slot (one chance in 32) waits as before.
    expect(tried.outcome).toBe(tried.slot === firstSlot ? 'waited' : 'written');
    await expectTablesEqualRecount();
    await expectRollupsEqualLive(company);
  });
  it('migrates down to one row per key (slots folded) and up again, equal to the recount both ways', async () => {
    const migration = await import('../../migrations/2026-11-29T1600_analytics_rollup_slots.js');
    const owner = tenants.owner;
    await owner.transaction().execute((tx) => migration.down(tx));
    await expectTablesEqualRecount();
    await createLoad(tenants.services.db, tenants.companyA.users.admin, { rate: '321.00', status: 'pending' });
    await expectTablesEqualRecount();
    await owner.transaction().execute((tx) => migration.up(tx));
    await createLoad(tenants.services.db, tenants.companyA.users.admin, { rate: '654.00', status: 'pending' });
    await expectTablesEqualRecount();
    await expectRollupsEqualLive(tenants.companyA);
  });
});
