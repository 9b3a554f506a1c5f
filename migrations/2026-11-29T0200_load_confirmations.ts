import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * Issue 26, item 7 (and issue 27, item 1's PDF): a load confirmation (the driver's one-page
 * dispatch sheet) sent to the load's driver.
 *
 * - load_confirmations: one row per sending: the load, who sent it (a member of the company), when,
 *   and the address it was mailed to (null: shown in the driver's portal only). The driver's portal
 *   offers the PDF once a row exists; the newest row's sender is the dispatcher the sheet names.
 * - The composite foreign key (company_id, load_id) to loads keeps a row in its load's company;
 *   deleting the load deletes its rows. The sender is a user (deleting the account leaves the row
 *   with no sender).
 * - Row-level security like every company table (as load_stops, 2026-11-28T2300): enabled and
 *   forced, the tenant policy (USING and WITH CHECK), the master admin's read, the restrictive
 *   policies of the master admin's status-write path (to the app role), and the owner's. The app
 *   may select and insert (a sending is a record: never changed).
 * - Index (company_id, load_id, sent_at desc): a load's latest sending.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table load_confirmations (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies (id) on delete cascade,
      load_id uuid not null,
      sent_by uuid references users (id) on delete set null,
      sent_at timestamptz not null default now(),
      emailed_to text check (length(emailed_to) <= 320),
      constraint load_confirmations_load_fkey foreign key (company_id, load_id) references loads (company_id, id) on delete cascade
    );
    create index load_confirmations_load_idx on load_confirmations (company_id, load_id, sent_at desc);

    alter table load_confirmations enable row level security;
    alter table load_confirmations force row level security;
    create policy load_confirmations_tenant on load_confirmations
      using (company_id = app_company_id()) with check (company_id = app_company_id());
    create policy load_confirmations_master_read on load_confirmations for select using (app_is_master_admin());
    create policy load_confirmations_no_master_admin_insert on load_confirmations as restrictive for insert to haulwise_app
      with check (app_master_admin_write() is null);
    create policy load_confirmations_no_master_admin_update on load_confirmations as restrictive for update to haulwise_app
      using (app_master_admin_write() is null) with check (app_master_admin_write() is null);
    create policy load_confirmations_no_master_admin_delete on load_confirmations as restrictive for delete to haulwise_app
      using (app_master_admin_write() is null);
    create policy load_confirmations_owner on load_confirmations as permissive for all to current_user using (true) with check (true);
    grant select, insert on load_confirmations to haulwise_app;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists load_confirmations;`.execute(db);
}
