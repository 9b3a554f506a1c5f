import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * GPS ingest at scale (issue 14): `positions` becomes a table partitioned by recorded_at, one
 * partition per UTC day, so old positions go by dropping a whole partition (no DELETE, no bloat)
 * and a day's inserts touch one small index.
 * - the primary key must hold the partition key: (company_id, driver_id, recorded_at,
 *   idempotency_key). A position's idempotency key is made on the phone together with its
 *   recorded_at and both are queued together, so a retry carries the same pair and is still
 *   stored once (docs/fleet.md, "Ingest"). In this order the key is also a driver's track,
 *   newest first by a backward scan, so the table keeps ONE index (the old track index goes);
 * - the partitions live in the schema positions_partitions, which the app role cannot use: it
 *   reaches positions only through the parent, where row-level security and grants are as before
 *   (a partition has no policies of its own, so it must never be reachable directly);
 * - partitions are made and dropped by the owner only, through two narrow security-definer
 *   functions the job queue calls: app_positions_prepare_partitions (the days from 8 back to a
 *   few ahead) and app_positions_drop_partitions (whole days older than the retention, never
 *   fewer than 8 days: positions up to 7 days old are accepted);
 * - the rows already stored are carried over.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create schema positions_partitions;
    revoke all on schema positions_partitions from public;

    alter table positions rename to positions_unpartitioned;
    alter table positions_unpartitioned rename constraint positions_pkey to positions_unpartitioned_pkey;
    alter index positions_driver_recorded_idx rename to positions_unpartitioned_driver_recorded_idx;

    create table positions (
      company_id uuid not null references companies (id) on delete cascade,
      driver_id uuid not null,
      idempotency_key uuid not null,
      recorded_at timestamptz not null,
      lat numeric(9, 6) not null check (lat between -90 and 90),
      lng numeric(9, 6) not null check (lng between -180 and 180),
      accuracy real check (accuracy >= 0 and accuracy <= 100000),
      received_at timestamptz not null default now(),
      -- Unique per driver and position (the key with its time), and a driver's track newest first.
      primary key (company_id, driver_id, recorded_at, idempotency_key),
      foreign key (company_id, driver_id) references drivers (company_id, id) on delete cascade
    ) partition by range (recorded_at);

    alter table positions enable row level security;
    alter table positions force row level security;
    create policy positions_tenant on positions
      using (company_id = app_company_id()) with check (company_id = app_company_id());
    create policy positions_master_read on positions for select using (app_is_master_admin());
    create policy positions_own_driver on positions as restrictive for insert
      with check (exists (select 1 from drivers d
                          where d.company_id = positions.company_id and d.id = positions.driver_id
                            and d.user_id = app_user_id()));
    create policy positions_no_master_admin_insert on positions as restrictive for insert
      with check (app_master_admin_write() is null);
    create policy positions_no_master_admin_update on positions as restrictive for update
      using (app_master_admin_write() is null) with check (app_master_admin_write() is null);
    create policy positions_no_master_admin_delete on positions as restrictive for delete
      using (app_master_admin_write() is null);
    grant select, insert on positions to haulwise_app;

    -- One day's partition (UTC), made if missing. Owner only: called by the functions below.
    create function positions_partition_create(p_day date) returns boolean
      language plpgsql volatile
      set search_path = public, pg_temp
      as $$
      declare
        name text := 'positions_' || to_char(p_day, 'YYYYMMDD');
      begin
        if to_regclass('positions_partitions.' || name) is not null then
          return false;
        end if;
        execute format(
          'create table positions_partitions.%I partition of public.positions for values from (%L) to (%L)',
          name, p_day::text || ' 00:00:00+00', (p_day + 1)::text || ' 00:00:00+00');
        return true;
      end
      $$;
    revoke execute on function positions_partition_create(date) from public;

    -- The partitions a report may need: from 8 days back (the oldest position accepted is 7 days
    -- old) to p_days_ahead days ahead (at most 31). Returns how many were made.
    create function app_positions_prepare_partitions(p_days_ahead integer) returns integer
      language plpgsql volatile security definer
      set search_path = public, pg_temp
      as $$
      declare
        today date := (now() at time zone 'utc')::date;
        made integer := 0;
        day date;
      begin
        for day in select generate_series(today - 8, today + least(greatest(p_days_ahead, 1), 31), interval '1 day')::date loop
          if positions_partition_create(day) then
            made := made + 1;
          end if;
        end loop;
        return made;
      end
      $$;

    -- Drops the daily partitions wholly older than p_retention_days (never fewer than 8 days).
    -- Returns the names dropped.
    create function app_positions_drop_partitions(p_retention_days integer) returns text[]
      language plpgsql volatile security definer
      set search_path = public, pg_temp
      as $$
      declare
        cutoff date := (now() at time zone 'utc')::date - greatest(p_retention_days, 8);
        dropped text[] := '{}';
        part record;
      begin
        for part in
          select c.relname::text as name
          from pg_inherits i
          join pg_class c on c.oid = i.inhrelid
          join pg_namespace n on n.oid = c.relnamespace
          where i.inhparent = 'public.positions'::regclass
            and n.nspname = 'positions_partitions'
            and c.relname ~ '^positions_[0-9]{8}$'
          order by 1
        loop
          -- A partition holds [day, day + 1): it is wholly older than the cutoff when day + 1 <= cutoff.
          if to_date(substr(part.name, 11), 'YYYYMMDD') + 1 <= cutoff then
            execute format('drop table positions_partitions.%I', part.name);
            dropped := dropped || part.name;
          end if;
        end loop;
        return dropped;
      end
      $$;
    revoke execute on function app_positions_prepare_partitions(integer), app_positions_drop_partitions(integer) from public;
    grant execute on function app_positions_prepare_partitions(integer), app_positions_drop_partitions(integer) to haulwise_app;
  `.execute(db);

  // The rows already stored, each day's partition made first.
  await sql`
    select positions_partition_create(day)
    from (select distinct (recorded_at at time zone 'utc')::date as day from positions_unpartitioned) days;
    select app_positions_prepare_partitions(14);
    insert into positions (company_id, driver_id, idempotency_key, recorded_at, lat, lng, accuracy, received_at)
      select company_id, driver_id, idempotency_key, recorded_at, lat, lng, accuracy, received_at from positions_unpartitioned;
    drop table positions_unpartitioned;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    create table positions_unpartitioned (
      company_id uuid not null references companies (id) on delete cascade,
      driver_id uuid not null,
      idempotency_key uuid not null,
      recorded_at timestamptz not null,
      lat numeric(9, 6) not null check (lat between -90 and 90),
      lng numeric(9, 6) not null check (lng between -180 and 180),
      accuracy real check (accuracy >= 0 and accuracy <= 100000),
      received_at timestamptz not null default now(),
      foreign key (company_id, driver_id) references drivers (company_id, id) on delete cascade
    );
    insert into positions_unpartitioned select company_id, driver_id, idempotency_key, recorded_at, lat, lng, accuracy, received_at
      from positions on conflict do nothing;
    drop table positions;
    drop function app_positions_drop_partitions(integer), app_positions_prepare_partitions(integer), positions_partition_create(date);
    drop schema positions_partitions cascade;
    alter table positions_unpartitioned rename to positions;
    alter table positions add primary key (company_id, driver_id, idempotency_key);
    create index positions_driver_recorded_idx on positions (company_id, driver_id, recorded_at desc);
    alter table positions enable row level security;
    alter table positions force row level security;
    create policy positions_tenant on positions
      using (company_id = app_company_id()) with check (company_id = app_company_id());
    create policy positions_master_read on positions for select using (app_is_master_admin());
    create policy positions_own_driver on positions as restrictive for insert
      with check (exists (select 1 from drivers d
                          where d.company_id = positions.company_id and d.id = positions.driver_id
                            and d.user_id = app_user_id()));
    create policy positions_no_master_admin_insert on positions as restrictive for insert
      with check (app_master_admin_write() is null);
    create policy positions_no_master_admin_update on positions as restrictive for update
      using (app_master_admin_write() is null) with check (app_master_admin_write() is null);
    create policy positions_no_master_admin_delete on positions as restrictive for delete
      using (app_master_admin_write() is null);
    grant select, insert on positions to haulwise_app;
  `.execute(db);
}
