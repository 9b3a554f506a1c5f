import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * Issue 28, item 4: CSV imports (moving in from spreadsheets or another TMS).
 * - imports: one row per uploaded CSV file: which records it makes (entity), where it is
 *   (file_key, in the file store: `<company>/<uuid>`), the column mapping chosen (jsonb: one field
 *   name per column, '' for a column left out), its progress (bytes read of file_size, rows
 *   processed) and totals (created, updated, failed), the file of the failed rows when there were
 *   any, who started it and when it finished. The import itself runs as a job
 *   (server/src/domains/imports/import-tasks.ts) in the importing user's name.
 * - Row-level security as every tenant table (tenant, master admin's read, no master admin writes),
 *   an index for the list that starts with company_id.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table imports (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies (id) on delete cascade,
      entity text not null check (entity in ('loads', 'drivers', 'brokers', 'carriers')),
      status text not null default 'uploaded' check (status in ('uploaded', 'queued', 'running', 'done', 'failed')),
      file_key text not null,
      file_name text not null check (char_length(file_name) between 1 and 255),
      file_size bigint not null check (file_size >= 0),
      mapping jsonb,
      bytes_read bigint not null default 0,
      rows_processed integer not null default 0,
      created_count integer not null default 0,
      updated_count integer not null default 0,
      failed_count integer not null default 0,
      failed_file_key text,
      error text check (char_length(error) <= 2000),
      created_by uuid references users (id) on delete set null,
      created_at timestamptz not null default now(),
      finished_at timestamptz,
      unique (company_id, id)
    );
    create index imports_company_created_idx on imports (company_id, created_at desc, id desc);

    alter table imports enable row level security;
    alter table imports force row level security;
    create policy imports_tenant on imports
      using (company_id = app_company_id()) with check (company_id = app_company_id());
    create policy imports_master_read on imports for select using (app_is_master_admin());
    create policy imports_no_master_admin_insert on imports as restrictive for insert to haulwise_app
      with check (app_master_admin_write() is null);
    create policy imports_no_master_admin_update on imports as restrictive for update to haulwise_app
      using (app_master_admin_write() is null) with check (app_master_admin_write() is null);
    create policy imports_no_master_admin_delete on imports as restrictive for delete to haulwise_app
      using (app_master_admin_write() is null);
    create policy imports_owner on imports as permissive for all to current_user using (true) with check (true);
    grant select, insert, update on imports to haulwise_app;

    -- The natural keys an import finds existing records by, per company (load numbers already have
    -- their unique index): a driver's email or phone, a carrier's MC number or name, a broker's name.
    create index drivers_company_email_lower_idx on drivers (company_id, lower(email)) where email is not null;
    create index drivers_company_phone_idx on drivers (company_id, phone) where phone is not null;
    create index carriers_company_mc_lower_idx on carriers (company_id, lower(mc_number)) where mc_number is not null;
    create index carriers_company_name_lower_idx on carriers (company_id, lower(name));
    create index brokers_company_name_lower_idx on brokers (company_id, lower(name));
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop index if exists drivers_company_email_lower_idx, drivers_company_phone_idx, carriers_company_mc_lower_idx,
      carriers_company_name_lower_idx, brokers_company_name_lower_idx;
    drop table if exists imports;
  `.execute(db);
}
