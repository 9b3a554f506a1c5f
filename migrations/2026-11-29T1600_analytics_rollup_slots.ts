import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * Analytics roll-ups without hot rows (issue 25's soak). The roll-ups of 2026-11-26T0200 kept one
 * row per key (company, day, status, ... / company, month, driver | broker | lane), and every load
 * written for the same company and day and status updated that one row and held its lock until
 * commit. Under `make soak` (about 80 load writes a second in one company, all created today as
 * pending, on six lanes) every create and status change queued behind the one before it on those
 * rows (`Lock:transactionid` in pg_stat_activity), the pool filled with waiting writers and the
 * reads behind them were shed as busy.
 *
 * Each key now has up to SLOTS rows, one per slot, and a transaction writes the slot of its own
 * database connection (`pg_backend_pid() % SLOTS`): writers on different connections update
 * different rows and never wait for each other; one connection's statements run one after the
 * other anyway. Readers sum a key's slots (they always summed rows: a report groups them). The
 * rows a statement locks are still taken in key order, so two statements in one slot cannot
 * deadlock. A recount (analytics_rollup_rebuild) writes one row per key in slot 0.
 *
 * The cost: a key written from many connections over time holds up to SLOTS rows instead of one
 * (a year of a company: a few thousand keys, so at most a few tens of thousands of small rows,
 * read by an index-only range scan).
 */
const SLOTS = 32;
const SLOT = `(pg_backend_pid() % ${SLOTS})::smallint`;
const LANE_KEY = `c.pickup_city || E'\\x1f' || rtrim(c.pickup_state) || E'\\x1f' || c.delivery_city || E'\\x1f' || rtrim(c.delivery_state)`;

/** The two upserts for a set of signed rows (`sign` +1 or -1, then every column of loads), into `slot` (null: no slot column, as before). */
function apply(source: string, guardCompany: boolean, slot: string | null): string {
  const guard = guardCompany ? 'where exists (select 1 from companies co where co.id = c.company_id)' : '';
  const slotColumn = slot === null ? '' : ', slot';
  const slotValue = slot === null ? '' : `${slot},`;
  return `
    insert into analytics_load_days as t (company_id, day, status, dated, on_time${slotColumn}, loads, priced, amount)
    select c.company_id, (c.created_at at time zone 'UTC')::date, c.status,
           (c.status = 'delivered' and c.delivery_date is not null),
           coalesce(c.status = 'delivered' and (coalesce(c.status_updated_at, c.created_at) at time zone 'UTC')::date <= c.delivery_date, false),
           ${slotValue}
           sum(c.sign), coalesce(sum(c.sign) filter (where c.rate is not null), 0), coalesce(sum(c.sign * c.rate), 0)
      from (${source}) as c
      ${guard}
     group by 1, 2, 3, 4, 5
    having sum(c.sign) <> 0 or coalesce(sum(c.sign) filter (where c.rate is not null), 0) <> 0 or coalesce(sum(c.sign * c.rate), 0) <> 0
     order by 1, 2, 3, 4, 5
    on conflict (company_id, day, status, dated, on_time${slotColumn}) do update
       set loads = t.loads + excluded.loads, priced = t.priced + excluded.priced, amount = t.amount + excluded.amount;

    insert into analytics_load_months as t (company_id, month, kind, key${slotColumn}, loads, amount)
    select c.company_id, date_trunc('month', c.created_at at time zone 'UTC')::date, k.kind, k.key, ${slotValue}
           sum(c.sign), coalesce(sum(c.sign * c.rate), 0)
      from (${source}) as c
      cross join lateral (values ('driver', c.driver_id::text), ('broker', c.broker_id::text), ('lane', ${LANE_KEY})) as k (kind, key)
     where k.key is not null ${guardCompany ? 'and exists (select 1 from companies co where co.id = c.company_id)' : ''}
     group by 1, 2, 3, 4
    having sum(c.sign) <> 0 or coalesce(sum(c.sign * c.rate), 0) <> 0
     order by 1, 2, 3, 4
    on conflict (company_id, month, kind, key${slotColumn}) do update
       set loads = t.loads + excluded.loads, amount = t.amount + excluded.amount;`;
}

/** The trigger function and the recount, writing the given slots (null: the one-row keys of before). */
function functions(slot: string | null, rebuildSlot: string | null): string {
  return `
    create or replace function analytics_rollup_loads() returns trigger
      language plpgsql
      as $$
      begin
        if tg_op = 'INSERT' then
          ${apply('select 1 as sign, n.* from new_rows as n', false, slot)}
        elsif tg_op = 'UPDATE' then
          ${apply('select 1 as sign, n.* from new_rows as n union all select -1 as sign, o.* from old_rows as o', false, slot)}
        else
          -- A company being deleted takes its roll-ups with it (cascade): nothing to subtract.
          ${apply('select -1 as sign, o.* from old_rows as o', true, slot)}
        end if;
        return null;
      end
      $$;

    create or replace function analytics_rollup_rebuild(_company uuid) returns void
      language plpgsql
      as $$
      begin
        delete from analytics_load_days where company_id = _company;
        delete from analytics_load_months where company_id = _company;
        ${apply('select 1 as sign, l.* from loads as l where l.company_id = _company', false, rebuildSlot)}
      end
      $$;`;
}

export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
    alter table analytics_load_days add column slot smallint not null default 0;
    alter table analytics_load_days drop constraint analytics_load_days_pkey;
    alter table analytics_load_days add primary key (company_id, day, status, dated, on_time, slot) include (loads, priced, amount);
    alter table analytics_load_months add column slot smallint not null default 0;
    alter table analytics_load_months drop constraint analytics_load_months_pkey;
    alter table analytics_load_months add primary key (company_id, month, kind, key, slot) include (loads, amount);
    ${functions(SLOT, '0::smallint')}`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  // Fold every key's slots into one row before the one-row key comes back.
  await sql
    .raw(
      `
    alter table analytics_load_days no force row level security;
    alter table analytics_load_months no force row level security;
    create temporary table folded_days as
      select company_id, day, status, dated, on_time, sum(loads)::integer as loads, sum(priced)::integer as priced, sum(amount) as amount
        from analytics_load_days group by 1, 2, 3, 4, 5;
    create temporary table folded_months as
      select company_id, month, kind, key, sum(loads)::integer as loads, sum(amount) as amount
        from analytics_load_months group by 1, 2, 3, 4;
    delete from analytics_load_days;
    delete from analytics_load_months;
    alter table analytics_load_days drop constraint analytics_load_days_pkey;
    alter table analytics_load_days drop column slot;
    alter table analytics_load_days add primary key (company_id, day, status, dated, on_time) include (loads, priced, amount);
    alter table analytics_load_months drop constraint analytics_load_months_pkey;
    alter table analytics_load_months drop column slot;
    alter table analytics_load_months add primary key (company_id, month, kind, key) include (loads, amount);
    insert into analytics_load_days select * from folded_days;
    insert into analytics_load_months select * from folded_months;
    drop table folded_days, folded_months;
    alter table analytics_load_days force row level security;
    alter table analytics_load_months force row level security;
    ${functions(null, null)}`,
    )
    .execute(db);
}
