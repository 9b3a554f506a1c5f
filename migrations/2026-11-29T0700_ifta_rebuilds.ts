import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * A quarter's IFTA rebuild runs as a job, not in the call (issue 31, item 5; docs/ifta.md): a
 * quarter of a fleet's tracks is millions of positions, minutes of work, more than a request or
 * one transaction should hold. ifta_rebuilds keeps each rebuild's progress (trucks done of the
 * total, positions read) for the screen to show; at most one is queued or running per company and
 * quarter (a unique partial index), and asking again keeps only the latest finished one. Row-level
 * security as the other IFTA tables (2026-11-29T0620).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table ifta_rebuilds (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies (id) on delete cascade,
      quarter text not null check (quarter ~ '^[0-9]{4}-Q[1-4]$'),
      status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
      trucks_total integer not null default 0 check (trucks_total >= 0),
      trucks_done integer not null default 0 check (trucks_done >= 0),
      positions bigint not null default 0 check (positions >= 0),
      days integer not null default 0 check (days >= 0),
      error text check (length(error) <= 500),
      requested_by uuid,
      created_at timestamptz not null default now(),
      finished_at timestamptz,
      unique (company_id, id)
    );
    create unique index ifta_rebuilds_one_active_idx on ifta_rebuilds (company_id, quarter) where status in ('queued', 'running');
    create index ifta_rebuilds_company_quarter_idx on ifta_rebuilds (company_id, quarter, created_at desc);

    alter table ifta_rebuilds enable row level security;
    alter table ifta_rebuilds force row level security;
    create policy ifta_rebuilds_tenant on ifta_rebuilds
      using (company_id = app_company_id()) with check (company_id = app_company_id());
    create policy ifta_rebuilds_master_read on ifta_rebuilds for select using (app_is_master_admin());
    create policy ifta_rebuilds_no_master_admin_insert on ifta_rebuilds as restrictive for insert to haulwise_app
      with check (app_master_admin_write() is null);
    create policy ifta_rebuilds_no_master_admin_update on ifta_rebuilds as restrictive for update to haulwise_app
      using (app_master_admin_write() is null) with check (app_master_admin_write() is null);
    create policy ifta_rebuilds_no_master_admin_delete on ifta_rebuilds as restrictive for delete to haulwise_app
      using (app_master_admin_write() is null);
    create policy ifta_rebuilds_owner on ifta_rebuilds as permissive for all to current_user using (true) with check (true);
    grant select, insert, update, delete on ifta_rebuilds to haulwise_app;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists ifta_rebuilds`.execute(db);
}
