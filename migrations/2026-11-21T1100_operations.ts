import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create extension if not exists pg_trgm;

    create function set_updated_at() returns trigger
      language plpgsql
      as $$ begin new.updated_at := now(); return new; end $$;

    create table drivers (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies (id) on delete cascade,
      first_name text not null check (length(first_name) between 1 and 100),
      last_name text not null check (length(last_name) between 1 and 100),
      email text,
      phone text,
      license_number text,
      license_expiry date,
      status text not null default 'available' check (status in ('available', 'on_route', 'off_duty')),
      notes text,
      user_id uuid references users (id) on delete set null,
      carrier_id uuid,
      dispatcher_id uuid references users (id) on delete set null,
      sales_agent_id uuid references users (id) on delete set null,
      gps_consent boolean not null default false,
      current_location_lat numeric(9, 6) check (current_location_lat between -90 and 90),
      current_location_lng numeric(9, 6) check (current_location_lng between -180 and 180),
      last_location_update timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (company_id, id)
    );
    create index drivers_company_name_idx on drivers (company_id, first_name, last_name);
    create index drivers_company_created_idx on drivers (company_id, created_at desc);
    create index drivers_user_idx on drivers (user_id) where user_id is not null;

    create table brokers (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies (id) on delete cascade,
      name text not null check (length(name) between 1 and 200),
      company_name text,
      email text,
      phone text,
      address text,
      payment_terms text,
      notes text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (company_id, id)
    );
    create index brokers_company_name_idx on brokers (company_id, name);

    create table carriers (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies (id) on delete cascade,
      name text not null check (length(name) between 1 and 200),
      mc_number text,
      dot_number text,
      email text,
      phone text,
      address text,
      insurance_expiry date,
      notes text,
      contract_signed boolean not null default false,
      sales_agent_id uuid references users (id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (company_id, id)
    );
    create index carriers_company_name_idx on carriers (company_id, name);

    -- A driver's carrier must be of the same company.
    alter table drivers add constraint drivers_carrier_fk
      foreign key (company_id, carrier_id) references carriers (company_id, id) on delete set null (carrier_id);

    create table loads (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies (id) on delete cascade,
      load_number text not null check (length(load_number) between 1 and 50),
      reference_number text,
      pickup_location text not null,
      pickup_city text not null,
      pickup_state char(2) not null,
      pickup_date date,
      pickup_notes text,
      delivery_location text not null,
      delivery_city text not null,
      delivery_state char(2) not null,
      delivery_date date,
      delivery_notes text,
      commodity text,
      weight numeric(12, 2) check (weight >= 0),
      distance numeric(12, 2) check (distance >= 0),
      rate numeric(12, 2) check (rate >= 0),
      driver_id uuid,
      broker_id uuid,
      carrier_id uuid,
      -- Names as they were when assigned, so history survives a deleted driver, broker or carrier.
      driver_name text,
      broker_name text,
      carrier_name text,
      created_by uuid references users (id) on delete set null,
      sales_user_id uuid references users (id) on delete set null,
      sales_percentage numeric(4, 1) check (sales_percentage between 0 and 100),
      factoring boolean not null default false,
      status text not null default 'pending'
        check (status in ('pending', 'assigned', 'picked', 'in_transit', 'delivered', 'cancelled')),
      status_updated_at timestamptz,
      notes text,
      search_text text generated always as (
        lower(coalesce(load_number, '') || ' ' || coalesce(pickup_city, '') || ' ' || coalesce(delivery_city, '') || ' ' || coalesce(commodity, ''))
      ) stored,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (company_id, id),
      -- Composite keys: a load can only point at its own company's driver, broker and carrier.
      foreign key (company_id, driver_id) references drivers (company_id, id) on delete set null (driver_id),
      foreign key (company_id, broker_id) references brokers (company_id, id) on delete set null (broker_id),
      foreign key (company_id, carrier_id) references carriers (company_id, id) on delete set null (carrier_id)
    );
    create index loads_company_created_idx on loads (company_id, created_at desc, id desc);
    create index loads_company_status_created_idx on loads (company_id, status, created_at desc, id desc);
    create index loads_company_driver_idx on loads (company_id, driver_id) where driver_id is not null;
    create index loads_company_sales_idx on loads (company_id, sales_user_id, created_at desc) where sales_user_id is not null;
    create index loads_search_trgm_idx on loads using gin (search_text gin_trgm_ops);

    create function loads_before_write() returns trigger
      language plpgsql
      as $$
      begin
        if tg_op = 'INSERT' or new.driver_id is distinct from old.driver_id then
          new.driver_name := (select first_name || ' ' || last_name from drivers where id = new.driver_id);
        end if;
        if tg_op = 'INSERT' or new.broker_id is distinct from old.broker_id then
          new.broker_name := (select name from brokers where id = new.broker_id);
        end if;
        if tg_op = 'INSERT' or new.carrier_id is distinct from old.carrier_id then
          new.carrier_name := (select name from carriers where id = new.carrier_id);
        end if;
        if tg_op = 'UPDATE' and new.status is distinct from old.status then
          new.status_updated_at := now();
        end if;
        if tg_op = 'UPDATE' then
          new.updated_at := now();
        end if;
        return new;
      end
      $$;
    create trigger loads_before_write before insert or update on loads
      for each row execute function loads_before_write();

    create trigger drivers_updated_at before update on drivers for each row execute function set_updated_at();
    create trigger brokers_updated_at before update on brokers for each row execute function set_updated_at();
    create trigger carriers_updated_at before update on carriers for each row execute function set_updated_at();

    create table wip_assignments (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies (id) on delete cascade,
      user_id uuid references users (id) on delete set null,
      status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
      requested_at timestamptz not null default now(),
      assigned_at timestamptz,
      assigned_by uuid references users (id) on delete set null,
      notes text check (length(notes) <= 1000),
      unique (company_id, id)
    );
    create index wip_assignments_company_requested_idx on wip_assignments (company_id, requested_at desc);

    create table audit_logs (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies (id) on delete cascade,
      entity_type text not null check (entity_type in ('loads', 'invoices', 'documents', 'drivers', 'brokers')),
      entity_id uuid not null,
      action text not null check (action in ('created', 'updated', 'deleted')),
      user_id uuid references users (id) on delete set null,
      changes jsonb not null default '{}'::jsonb,
      created_at timestamptz not null default now()
    );
    create index audit_logs_company_created_idx on audit_logs (company_id, created_at desc);
    create index audit_logs_company_entity_idx on audit_logs (company_id, entity_type, entity_id);

    -- Audit: nothing in application code can forget it. changes.changed_fields holds
    -- {field: {old, new}}; bookkeeping columns are left out.
    create function audit_row() returns trigger
      language plpgsql
      as $$
      declare
        old_row jsonb := case when tg_op in ('UPDATE', 'DELETE') then to_jsonb(old) else '{}'::jsonb end;
        new_row jsonb := case when tg_op in ('INSERT', 'UPDATE') then to_jsonb(new) else '{}'::jsonb end;
        ignored text[] := array['id', 'company_id', 'created_at', 'updated_at', 'search_text', 'status_updated_at'];
        changed jsonb := '{}'::jsonb;
        field text;
      begin
        for field in select jsonb_object_keys(old_row || new_row) loop
          continue when field = any(ignored);
          if (old_row -> field) is distinct from (new_row -> field)
             and not (tg_op = 'INSERT' and jsonb_typeof(new_row -> field) = 'null')
             and not (tg_op = 'DELETE' and jsonb_typeof(old_row -> field) = 'null') then
            changed := changed || jsonb_build_object(field, jsonb_build_object('old', old_row -> field, 'new', new_row -> field));
          end if;
        end loop;
        if tg_op = 'UPDATE' and changed = '{}'::jsonb then
          return null;
        end if;
        insert into audit_logs (company_id, entity_type, entity_id, action, user_id, changes)
        values (
          coalesce((new_row ->> 'company_id')::uuid, (old_row ->> 'company_id')::uuid),
          tg_table_name,
          coalesce((new_row ->> 'id')::uuid, (old_row ->> 'id')::uuid),
          case tg_op when 'INSERT' then 'created' when 'UPDATE' then 'updated' else 'deleted' end,
          app_user_id(),
          jsonb_build_object('changed_fields', changed)
        );
        return null;
      end
      $$;
    create trigger loads_audit after insert or update or delete on loads for each row execute function audit_row();
    create trigger drivers_audit after insert or update or delete on drivers for each row execute function audit_row();
    create trigger brokers_audit after insert or update or delete on brokers for each row execute function audit_row();

    -- Realtime: committed changes reach every app instance through LISTEN.
    create function loads_notify() returns trigger
      language plpgsql
      as $$
      declare
        row_data loads := coalesce(new, old);
      begin
        perform notify_event(jsonb_build_object(
          'table', 'loads', 'op', tg_op, 'id', row_data.id, 'company_id', row_data.company_id,
          'status', row_data.status,
          'old_status', case when tg_op = 'UPDATE' then old.status end,
          'driver_id', row_data.driver_id, 'sales_user_id', row_data.sales_user_id));
        return null;
      end
      $$;
    create trigger loads_notify after insert or update or delete on loads for each row execute function loads_notify();

    create function wip_assignments_notify() returns trigger
      language plpgsql
      as $$
      declare
        row_data wip_assignments := coalesce(new, old);
      begin
        perform notify_event(jsonb_build_object(
          'table', 'wip_assignments', 'op', tg_op, 'id', row_data.id, 'company_id', row_data.company_id,
          'user_id', row_data.user_id));
        return null;
      end
      $$;
    create trigger wip_assignments_notify after insert or update or delete on wip_assignments
      for each row execute function wip_assignments_notify();

    create function drivers_notify() returns trigger
      language plpgsql
      as $$
      declare
        row_data drivers := coalesce(new, old);
      begin
        perform notify_event(jsonb_build_object(
          'table', 'drivers', 'op', tg_op, 'id', row_data.id, 'company_id', row_data.company_id));
        return null;
      end
      $$;
    create trigger drivers_notify after insert or update or delete on drivers
      for each row execute function drivers_notify();
  `.execute(db);

  for (const table of ['drivers', 'brokers', 'carriers', 'loads', 'wip_assignments', 'audit_logs']) {
    await sql`
      alter table ${sql.table(table)} enable row level security;
      alter table ${sql.table(table)} force row level security;
      create policy ${sql.raw(`${table}_tenant`)} on ${sql.table(table)}
        using (company_id = app_company_id()) with check (company_id = app_company_id());
      create policy ${sql.raw(`${table}_master_read`)} on ${sql.table(table)} for select using (app_is_master_admin());
    `.execute(db);
  }
  // The signed-in user's own driver record decides where /dashboard sends them.
  await sql`create policy drivers_self_read on drivers for select using (user_id = app_user_id())`.execute(db);

  await sql`
    grant select, insert, update, delete on drivers, brokers, carriers, loads, wip_assignments to haulwise_app;
    -- The audit trail is append-only for the app.
    grant select, insert on audit_logs to haulwise_app;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop table if exists audit_logs, wip_assignments, loads, carriers, brokers, drivers cascade;
    drop function if exists audit_row, loads_notify, wip_assignments_notify, drivers_notify, loads_before_write, set_updated_at;
  `.execute(db);
}
