import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * Analytics roll-ups (issue 15): a company's loads pre-aggregated so the report for a year reads a
 * few thousand small rows instead of every load created in it.
 *
 * - analytics_load_days: per company, UTC day of creation, status, "delivered with a delivery date"
 *   and "delivered on time": the count of loads, of priced loads and the sum of their rates. The
 *   cards, revenue and loads by status and revenue per week come from it.
 * - analytics_load_months: per company, UTC month of creation and driver, broker or lane (key: the
 *   driver's or broker's id, or the lane's pickup city, state, delivery city, state joined by the
 *   unit separator): the count of loads and the sum of their rates. The top 5s and the active
 *   driver and broker counts come from it (a month of a large company holds far fewer
 *   (driver|broker|lane) groups than loads; a day would hold about as many as it has loads).
 *
 * Kept current in the writing transaction by statement-level triggers on loads with transition
 * tables: each INSERT, UPDATE or DELETE statement adds +1 for every new row and -1 for every old
 * one, grouped by key, and upserts only the groups whose net change is not zero (an update that
 * touches no counted column writes nothing), in key order (so two statements lock shared rows in
 * the same order). A bulk insert of 50,000 loads is one grouped upsert, not 50,000. Like every
 * trigger, they are off under session_replication_role = replica: a restore copies the roll-ups
 * with the loads (scripts/restore.ts), and bulk generation that skips triggers
 * (scripts/generate-scale.ts) recounts its company with analytics_rollup_rebuild(company).
 *
 * Each roll-up row is a hot row: every load written for the same company and day and status (or
 * month and driver, broker, lane) updates it, and holds its lock until the transaction commits.
 * At a dispatch platform's write rates (a handful of load writes per second per company, short
 * transactions) that wait is negligible; a far higher single-company write rate would want the
 * deltas appended and folded in later.
 *
 * Row-level security like every tenant table: the company's own rows, a master admin's read path,
 * and no master-admin writes. The trigger function runs with the writer's rights (no security
 * definer): a write to a company's loads passes the same policies on its roll-up rows.
 */
const LANE_KEY = `c.pickup_city || E'\\x1f' || rtrim(c.pickup_state) || E'\\x1f' || c.delivery_city || E'\\x1f' || rtrim(c.delivery_state)`;

/** The two upserts for a set of signed rows (`sign` +1 or -1, then every column of loads). */
function apply(source: string, guardCompany: boolean): string {
  const guard = guardCompany ? 'where exists (select 1 from companies co where co.id = c.company_id)' : '';
  return `
    insert into analytics_load_days as t (company_id, day, status, dated, on_time, loads, priced, amount)
    select c.company_id, (c.created_at at time zone 'UTC')::date, c.status,
           (c.status = 'delivered' and c.delivery_date is not null),
           coalesce(c.status = 'delivered' and (coalesce(c.status_updated_at, c.created_at) at time zone 'UTC')::date <= c.delivery_date, false),
           sum(c.sign), coalesce(sum(c.sign) filter (where c.rate is not null), 0), coalesce(sum(c.sign * c.rate), 0)
      from (${source}) as c
      ${guard}
     group by 1, 2, 3, 4, 5
    having sum(c.sign) <> 0 or coalesce(sum(c.sign) filter (where c.rate is not null), 0) <> 0 or coalesce(sum(c.sign * c.rate), 0) <> 0
     order by 1, 2, 3, 4, 5
    on conflict (company_id, day, status, dated, on_time) do update
       set loads = t.loads + excluded.loads, priced = t.priced + excluded.priced, amount = t.amount + excluded.amount;

    insert into analytics_load_months as t (company_id, month, kind, key, loads, amount)
    select c.company_id, date_trunc('month', c.created_at at time zone 'UTC')::date, k.kind, k.key,
           sum(c.sign), coalesce(sum(c.sign * c.rate), 0)
      from (${source}) as c
      cross join lateral (values ('driver', c.driver_id::text), ('broker', c.broker_id::text), ('lane', ${LANE_KEY})) as k (kind, key)
     where k.key is not null ${guardCompany ? 'and exists (select 1 from companies co where co.id = c.company_id)' : ''}
     group by 1, 2, 3, 4
    having sum(c.sign) <> 0 or coalesce(sum(c.sign * c.rate), 0) <> 0
     order by 1, 2, 3, 4
    on conflict (company_id, month, kind, key) do update
       set loads = t.loads + excluded.loads, amount = t.amount + excluded.amount;`;
}

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table analytics_load_days (
      company_id uuid not null references companies (id) on delete cascade,
      day date not null,
      status text not null,
      dated boolean not null,
      on_time boolean not null,
      loads integer not null,
      priced integer not null,
      amount numeric not null,
      -- INCLUDE: a range of a company's cells is an index-only scan once vacuum marks the pages all-visible.
      primary key (company_id, day, status, dated, on_time) include (loads, priced, amount)
    );
    create table analytics_load_months (
      company_id uuid not null references companies (id) on delete cascade,
      month date not null,
      kind text not null check (kind in ('driver', 'broker', 'lane')),
      key text not null,
      loads integer not null,
      amount numeric not null,
      primary key (company_id, month, kind, key) include (loads, amount)
    );
  `.execute(db);

  const plus = `select 1 as sign, n.* from new_rows as n`;
  const minus = `select -1 as sign, o.* from old_rows as o`;
  await sql
    .raw(
      `
    create function analytics_rollup_loads() returns trigger
      language plpgsql
      as $$
      begin
        if tg_op = 'INSERT' then
          ${apply(plus, false)}
        elsif tg_op = 'UPDATE' then
          ${apply(`${plus} union all ${minus}`, false)}
        else
          -- A company being deleted takes its roll-ups with it (cascade): nothing to subtract.
          ${apply(minus, true)}
        end if;
        return null;
      end
      $$;
    create trigger loads_analytics_rollup_insert after insert on loads
      referencing new table as new_rows for each statement execute function analytics_rollup_loads();
    create trigger loads_analytics_rollup_update after update on loads
      referencing new table as new_rows old table as old_rows for each statement execute function analytics_rollup_loads();
    create trigger loads_analytics_rollup_delete after delete on loads
      referencing old table as old_rows for each statement execute function analytics_rollup_loads();

    -- A company's roll-ups recounted from its loads (after a bulk write with the triggers off).
    create function analytics_rollup_rebuild(_company uuid) returns void
      language plpgsql
      as $$
      begin
        delete from analytics_load_days where company_id = _company;
        delete from analytics_load_months where company_id = _company;
        ${apply('select 1 as sign, l.* from loads as l where l.company_id = _company', false)}
      end
      $$;
  `,
    )
    .execute(db);

  // Backfill: the loads already there, as one insert would count them, before the roll-ups' own
  // row-level security is on; loads' forced policies are lifted for this transaction's read, so an
  // owner that is not a superuser (a DATABASE_URL's) counts every company's loads too.
  await sql`alter table loads no force row level security`.execute(db);
  await sql.raw(apply(`select 1 as sign, l.* from loads as l`, false)).execute(db);
  await sql`alter table loads force row level security`.execute(db);

  for (const table of ['analytics_load_days', 'analytics_load_months']) {
    await sql`
      alter table ${sql.table(table)} enable row level security;
      alter table ${sql.table(table)} force row level security;
      create policy ${sql.raw(`${table}_tenant`)} on ${sql.table(table)}
        using (company_id = app_company_id()) with check (company_id = app_company_id());
      create policy ${sql.raw(`${table}_master_read`)} on ${sql.table(table)} for select using (app_is_master_admin());
      create policy ${sql.raw(`${table}_no_master_admin_insert`)} on ${sql.table(table)} as restrictive for insert
        with check (app_master_admin_write() is null);
      create policy ${sql.raw(`${table}_no_master_admin_update`)} on ${sql.table(table)} as restrictive for update
        using (app_master_admin_write() is null) with check (app_master_admin_write() is null);
      create policy ${sql.raw(`${table}_no_master_admin_delete`)} on ${sql.table(table)} as restrictive for delete
        using (app_master_admin_write() is null);
      grant select, insert, update on ${sql.table(table)} to haulwise_app;
    `.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop trigger if exists loads_analytics_rollup_insert on loads;
    drop trigger if exists loads_analytics_rollup_update on loads;
    drop trigger if exists loads_analytics_rollup_delete on loads;
    drop function if exists analytics_rollup_loads(), analytics_rollup_rebuild(uuid);
    drop table if exists analytics_load_days, analytics_load_months;
  `.execute(db);
}
