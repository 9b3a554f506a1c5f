import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * Documents: a row per stored file (the object itself is in the file store, under file_path,
 * a key the server made: <company id>/<uuid>). The row's company owns the load, driver and
 * carrier it names (composite keys, as loads do). Audited (created, deleted, type or visibility
 * changed) and live (a notice per change, with what routing needs).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table documents (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies (id) on delete cascade,
      load_id uuid,
      driver_id uuid,
      carrier_id uuid,
      file_name text not null check (length(file_name) between 1 and 255),
      file_path text not null unique check (file_path ~ '^[0-9a-f-]{36}/[0-9a-f-]{36}$'),
      file_size bigint not null check (file_size > 0),
      content_type text not null check (length(content_type) between 1 and 100),
      document_type text not null default 'other'
        check (document_type in ('invoice', 'bol', 'pod', 'contract', 'insurance', 'rate_confirmation', 'other', 'load_document')),
      visibility text not null default 'dispatcher' check (visibility in ('dispatcher', 'sales', 'driver', 'carrier')),
      uploaded_by uuid references users (id) on delete set null,
      created_at timestamptz not null default now(),
      unique (company_id, id),
      -- The object's key starts with its own company.
      check (starts_with(file_path, company_id::text || '/')),
      foreign key (company_id, load_id) references loads (company_id, id) on delete set null (load_id),
      foreign key (company_id, driver_id) references drivers (company_id, id) on delete set null (driver_id),
      foreign key (company_id, carrier_id) references carriers (company_id, id) on delete set null (carrier_id)
    );
    create index documents_company_created_idx on documents (company_id, created_at desc, id desc);
    create index documents_company_load_created_idx on documents (company_id, load_id, created_at desc, id desc) where load_id is not null;
    create index documents_company_type_created_idx on documents (company_id, document_type, created_at desc, id desc);
    create index documents_file_name_trgm_idx on documents using gin (lower(file_name) gin_trgm_ops);

    alter table documents enable row level security;
    alter table documents force row level security;
    create policy documents_tenant on documents
      using (company_id = app_company_id()) with check (company_id = app_company_id());
    create policy documents_master_read on documents for select using (app_is_master_admin());

    grant select, insert, update, delete on documents to haulwise_app;

    create trigger documents_audit after insert or update or delete on documents
      for each row execute function audit_row();

    create function documents_notify() returns trigger
      language plpgsql
      as $$
      declare
        row_data documents := coalesce(new, old);
      begin
        perform notify_event(jsonb_build_object(
          'table', 'documents', 'op', tg_op, 'id', row_data.id, 'company_id', row_data.company_id,
          'actor_id', app_user_id(),
          'load_id', row_data.load_id,
          'visibility', row_data.visibility,
          'uploaded_by', row_data.uploaded_by,
          'old_visibility', case when tg_op = 'UPDATE' then old.visibility end));
        return null;
      end
      $$;
    create trigger documents_notify after insert or update or delete on documents
      for each row execute function documents_notify();
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop table if exists documents cascade;
    drop function if exists documents_notify;
  `.execute(db);
}
