import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * Driver positions (issue 14): each report a driver's phone sends, kept per driver with the
 * idempotency key the phone gave it (a position sent twice, after a reconnect, is stored once).
 * - the row's company owns the driver (composite key); deleting the driver deletes its track;
 * - row-level security: the tenant policy and the master admin's read; a restrictive insert
 *   policy lets only the driver's own account add its positions (nobody reports for another);
 * - the app may insert and read positions, never change or delete them;
 * - live: no notice of its own; the report updates the driver's latest position in the same
 *   transaction, and the drivers notice that update sends moves the fleet map.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table positions (
      company_id uuid not null references companies (id) on delete cascade,
      driver_id uuid not null,
      idempotency_key uuid not null,
      recorded_at timestamptz not null,
      lat numeric(9, 6) not null check (lat between -90 and 90),
      lng numeric(9, 6) not null check (lng between -180 and 180),
      accuracy real check (accuracy >= 0 and accuracy <= 100000),
      received_at timestamptz not null default now(),
      primary key (company_id, driver_id, idempotency_key),
      foreign key (company_id, driver_id) references drivers (company_id, id) on delete cascade
    );
    -- A driver's track, newest first (the latest per driver is its first row).
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

    -- The carrier portal reads a carrier's drivers; the driver portal the driver's own record.
    create index drivers_company_carrier_idx on drivers (company_id, carrier_id) where carrier_id is not null;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop table if exists positions cascade;
    drop index if exists drivers_company_carrier_idx;
  `.execute(db);
}
