import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * Proof-of-delivery data a person confirmed after "Extract Data" (the spec's extract-pod-data
 * result fields), one row per POD document, with who confirmed it and when. Proposals are never
 * stored: only confirmed values.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table pod_data (
      document_id uuid primary key,
      company_id uuid not null references companies (id) on delete cascade,
      delivery_date date,
      delivery_time time,
      recipient_name text check (length(recipient_name) <= 200),
      recipient_signature boolean not null default false,
      location text check (length(location) <= 300),
      condition text not null check (condition in ('good', 'other')),
      notes text check (length(notes) <= 2000),
      confirmed_by uuid references users (id) on delete set null,
      confirmed_at timestamptz not null default now(),
      foreign key (company_id, document_id) references documents (company_id, id) on delete cascade
    );
    create index pod_data_company_idx on pod_data (company_id, confirmed_at desc);

    alter table pod_data enable row level security;
    alter table pod_data force row level security;
    create policy pod_data_tenant on pod_data
      using (company_id = app_company_id()) with check (company_id = app_company_id());
    create policy pod_data_master_read on pod_data for select using (app_is_master_admin());

    grant select, insert, update, delete on pod_data to haulwise_app;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists pod_data`.execute(db);
}
