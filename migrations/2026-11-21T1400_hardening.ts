import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    -- The app may change only these profile columns; is_master_admin and company_id are never
    -- writable through the app role, whatever a procedure passes along.
    revoke update on profiles from haulwise_app;
    grant update (first_name, last_name, phone, two_factor_enabled, two_factor_method) on profiles to haulwise_app;

    -- A sales user's own loads are those they sell or created.
    create index loads_company_created_by_idx on loads (company_id, created_by, created_at desc) where created_by is not null;

    -- Driver change notices carry the sales agent, so a sales user hears only of their own drivers.
    create or replace function drivers_notify() returns trigger
      language plpgsql
      as $$
      declare
        row_data drivers := coalesce(new, old);
      begin
        perform notify_event(jsonb_build_object(
          'table', 'drivers', 'op', tg_op, 'id', row_data.id, 'company_id', row_data.company_id,
          'sales_agent_id', row_data.sales_agent_id));
        return null;
      end
      $$;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`grant update on profiles to haulwise_app`.execute(db);
}
