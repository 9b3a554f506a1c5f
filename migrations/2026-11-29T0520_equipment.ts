import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * Trucks and trailers (issue 31, item 1), with the same tenant rules, audit and live notices as drivers.
 *
 * - trucks: a company's power units. unit_number unique per company (case-insensitively); a VIN is
 *   17 characters without I, O or Q (the check digit is the form's warning, not a rule: older and
 *   imported VINs do not always carry one); plate with its 2-letter state, make, model, year, the
 *   IFTA base jurisdiction (a 2-letter state or province), active or inactive.
 * - trailers: unit_number unique per company, a type, plate and its state, active or inactive.
 * - truck_assignments: which driver drove which truck from starts_at until ends_at (null: still).
 *   A driver has one truck at a time and a truck one driver at a time. That is a trigger, not an
 *   exclusion constraint: an exclusion on (truck_id, tstzrange) needs btree_gist, an extension the
 *   migrations (run as a managed database's owner, no superuser) do not count on. The trigger
 *   serialises a company's assignment writes (a transaction-scoped advisory lock) and refuses an
 *   overlap as a unique violation naming truck_assignments_truck_overlap or
 *   truck_assignments_driver_overlap, so the domain maps it to the field.
 * - loads.truck_id and loads.trailer_id: the equipment that hauled the load, composite foreign keys
 *   with company_id as drivers have, no action on delete (the app refuses deleting equipment that
 *   loads name: deactivate it instead). truck_unit and trailer_unit are the unit numbers as they
 *   were, set by trigger as driver_name is. A load assigned a driver (created with one, or its
 *   driver changed) without a truck takes that driver's current truck.
 * - truck_positions(company, truck, from, to): a position belongs to the truck its driver drove at
 *   that moment, read through the assignments' time ranges (the ingest is not touched). It walks
 *   truck_assignments_truck_idx, then each driver's positions by the positions' primary key
 *   (company_id, driver_id, recorded_at). Security invoker: row-level security applies.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table trucks (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies (id) on delete cascade,
      unit_number text not null check (length(unit_number) between 1 and 20),
      vin text check (vin ~ '^[A-HJ-NPR-Z0-9]{17}$'),
      plate text check (length(plate) between 1 and 15),
      plate_state text check (plate_state ~ '^[A-Z]{2}$'),
      make text check (length(make) between 1 and 50),
      model text check (length(model) between 1 and 50),
      year integer check (year between 1950 and 2100),
      ifta_base_jurisdiction text check (ifta_base_jurisdiction ~ '^[A-Z]{2}$'),
      status text not null default 'active' check (status in ('active', 'inactive')),
      notes text check (length(notes) <= 2000),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (company_id, id)
    );
    create unique index trucks_company_unit_key on trucks (company_id, lower(unit_number));
    create index trucks_company_created_idx on trucks (company_id, created_at desc, id desc);

    create table trailers (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies (id) on delete cascade,
      unit_number text not null check (length(unit_number) between 1 and 20),
      trailer_type text not null default 'dry_van'
        check (trailer_type in ('dry_van', 'reefer', 'flatbed', 'step_deck', 'tanker', 'other')),
      plate text check (length(plate) between 1 and 15),
      plate_state text check (plate_state ~ '^[A-Z]{2}$'),
      status text not null default 'active' check (status in ('active', 'inactive')),
      notes text check (length(notes) <= 2000),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (company_id, id)
    );
    create unique index trailers_company_unit_key on trailers (company_id, lower(unit_number));
    create index trailers_company_created_idx on trailers (company_id, created_at desc, id desc);

    create table truck_assignments (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies (id) on delete cascade,
      truck_id uuid not null,
      driver_id uuid not null,
      starts_at timestamptz not null,
      ends_at timestamptz check (ends_at > starts_at),
      created_by uuid references users (id) on delete set null,
      created_at timestamptz not null default now(),
      unique (company_id, id),
      foreign key (company_id, truck_id) references trucks (company_id, id) on delete cascade,
      foreign key (company_id, driver_id) references drivers (company_id, id) on delete cascade
    );
    create index truck_assignments_truck_idx on truck_assignments (company_id, truck_id, starts_at desc);
    create index truck_assignments_driver_idx on truck_assignments (company_id, driver_id, starts_at desc);

    create function truck_assignments_no_overlap() returns trigger
      language plpgsql
      as $$
      begin
        perform pg_advisory_xact_lock(hashtext('truck_assignments'), hashtext(new.company_id::text));
        if exists (select 1 from truck_assignments a
                   where a.company_id = new.company_id and a.truck_id = new.truck_id and a.id <> new.id
                     and tstzrange(a.starts_at, a.ends_at) && tstzrange(new.starts_at, new.ends_at)) then
          raise exception 'The truck has another driver in that time'
            using errcode = 'unique_violation', constraint = 'truck_assignments_truck_overlap';
        end if;
        if exists (select 1 from truck_assignments a
                   where a.company_id = new.company_id and a.driver_id = new.driver_id and a.id <> new.id
                     and tstzrange(a.starts_at, a.ends_at) && tstzrange(new.starts_at, new.ends_at)) then
          raise exception 'The driver has another truck in that time'
            using errcode = 'unique_violation', constraint = 'truck_assignments_driver_overlap';
        end if;
        return new;
      end
      $$;
    create trigger truck_assignments_no_overlap before insert or update of truck_id, driver_id, starts_at, ends_at
      on truck_assignments for each row execute function truck_assignments_no_overlap();

    create trigger trucks_updated_at before update on trucks for each row execute function set_updated_at();
    create trigger trailers_updated_at before update on trailers for each row execute function set_updated_at();
  `.execute(db);

  // Row-level security as every company table (api_keys, 2026-11-29T0220): tenant, master admin's
  // read, the master admin's write path refused, the owner's policy; grants to the app.
  for (const table of ['trucks', 'trailers', 'truck_assignments']) {
    await sql`
      alter table ${sql.table(table)} enable row level security;
      alter table ${sql.table(table)} force row level security;
      create policy ${sql.id(`${table}_tenant`)} on ${sql.table(table)}
        using (company_id = app_company_id()) with check (company_id = app_company_id());
      create policy ${sql.id(`${table}_master_read`)} on ${sql.table(table)} for select using (app_is_master_admin());
      create policy ${sql.id(`${table}_no_master_admin_insert`)} on ${sql.table(table)} as restrictive for insert to haulwise_app
        with check (app_master_admin_write() is null);
      create policy ${sql.id(`${table}_no_master_admin_update`)} on ${sql.table(table)} as restrictive for update to haulwise_app
        using (app_master_admin_write() is null) with check (app_master_admin_write() is null);
      create policy ${sql.id(`${table}_no_master_admin_delete`)} on ${sql.table(table)} as restrictive for delete to haulwise_app
        using (app_master_admin_write() is null);
      create policy ${sql.id(`${table}_owner`)} on ${sql.table(table)} as permissive for all to current_user using (true) with check (true);
      grant select, insert, update, delete on ${sql.table(table)} to haulwise_app;
      create trigger ${sql.id(`${table}_audit`)} after insert or update or delete on ${sql.table(table)}
        for each row execute function audit_row();
    `.execute(db);
  }

  await sql`
    alter table audit_logs drop constraint audit_logs_entity_type_check;
    alter table audit_logs add constraint audit_logs_entity_type_check
      check (entity_type in ('loads', 'invoices', 'documents', 'drivers', 'brokers', 'carriers', 'export',
                             'trucks', 'trailers', 'truck_assignments'));

    create function trucks_notify() returns trigger
      language plpgsql
      as $$
      declare
        row_data trucks := coalesce(new, old);
      begin
        perform notify_event(jsonb_build_object(
          'table', 'trucks', 'op', tg_op, 'id', row_data.id, 'company_id', row_data.company_id,
          'actor_id', app_user_id(),
          'status', row_data.status,
          'old_status', case when tg_op = 'UPDATE' then old.status end));
        return null;
      end
      $$;
    create trigger trucks_notify after insert or update or delete on trucks
      for each row execute function trucks_notify();

    create function trailers_notify() returns trigger
      language plpgsql
      as $$
      declare
        row_data trailers := coalesce(new, old);
      begin
        perform notify_event(jsonb_build_object(
          'table', 'trailers', 'op', tg_op, 'id', row_data.id, 'company_id', row_data.company_id,
          'actor_id', app_user_id(),
          'status', row_data.status,
          'old_status', case when tg_op = 'UPDATE' then old.status end));
        return null;
      end
      $$;
    create trigger trailers_notify after insert or update or delete on trailers
      for each row execute function trailers_notify();

    create function truck_assignments_notify() returns trigger
      language plpgsql
      as $$
      declare
        row_data truck_assignments := coalesce(new, old);
      begin
        perform notify_event(jsonb_build_object(
          'table', 'truck_assignments', 'op', tg_op, 'id', row_data.id, 'company_id', row_data.company_id,
          'actor_id', app_user_id(),
          'truck_id', row_data.truck_id,
          'driver_id', row_data.driver_id));
        return null;
      end
      $$;
    create trigger truck_assignments_notify after insert or update or delete on truck_assignments
      for each row execute function truck_assignments_notify();

    alter table loads
      add column truck_id uuid,
      add column trailer_id uuid,
      add column truck_unit text,
      add column trailer_unit text,
      add foreign key (company_id, truck_id) references trucks (company_id, id),
      add foreign key (company_id, trailer_id) references trailers (company_id, id);
    create index loads_truck_idx on loads (company_id, truck_id) where truck_id is not null;
    create index loads_trailer_idx on loads (company_id, trailer_id) where trailer_id is not null;

    create function loads_equipment() returns trigger
      language plpgsql
      as $$
      begin
        if new.truck_id is null and new.driver_id is not null
           and (tg_op = 'INSERT' or new.driver_id is distinct from old.driver_id) then
          new.truck_id := (select a.truck_id from truck_assignments a
                           where a.company_id = new.company_id and a.driver_id = new.driver_id
                             and a.starts_at <= now() and (a.ends_at is null or a.ends_at > now())
                           order by a.starts_at desc limit 1);
        end if;
        if tg_op = 'INSERT' or new.truck_id is distinct from old.truck_id then
          new.truck_unit := (select unit_number from trucks where company_id = new.company_id and id = new.truck_id);
        end if;
        if tg_op = 'INSERT' or new.trailer_id is distinct from old.trailer_id then
          new.trailer_unit := (select unit_number from trailers where company_id = new.company_id and id = new.trailer_id);
        end if;
        return new;
      end
      $$;
    create trigger loads_equipment before insert or update of driver_id, truck_id, trailer_id on loads
      for each row execute function loads_equipment();

    -- A truck renumbered: its loads show the new unit (as a renamed driver's do not; a unit number
    -- names the truck, not a person as of a day).
    create function trucks_unit_to_loads() returns trigger
      language plpgsql
      as $$
      begin
        if new.unit_number is distinct from old.unit_number then
          update loads set truck_unit = new.unit_number where company_id = new.company_id and truck_id = new.id;
        end if;
        return null;
      end
      $$;
    create trigger trucks_unit_to_loads after update of unit_number on trucks
      for each row execute function trucks_unit_to_loads();
    create function trailers_unit_to_loads() returns trigger
      language plpgsql
      as $$
      begin
        if new.unit_number is distinct from old.unit_number then
          update loads set trailer_unit = new.unit_number where company_id = new.company_id and trailer_id = new.id;
        end if;
        return null;
      end
      $$;
    create trigger trailers_unit_to_loads after update of unit_number on trailers
      for each row execute function trailers_unit_to_loads();

    create function truck_positions(p_company uuid, p_truck uuid, p_from timestamptz, p_to timestamptz)
      returns table (driver_id uuid, recorded_at timestamptz, lat numeric, lng numeric, accuracy real)
      language sql stable
      as $$
        select p.driver_id, p.recorded_at, p.lat, p.lng, p.accuracy
        from truck_assignments a
        join positions p
          on p.company_id = a.company_id and p.driver_id = a.driver_id
         and p.recorded_at >= greatest(a.starts_at, p_from)
         and p.recorded_at < least(coalesce(a.ends_at, 'infinity'::timestamptz), p_to)
        where a.company_id = p_company and a.truck_id = p_truck
          and a.starts_at < p_to and coalesce(a.ends_at, 'infinity'::timestamptz) > p_from
        order by p.recorded_at
      $$;
    revoke execute on function truck_positions(uuid, uuid, timestamptz, timestamptz) from public;
    grant execute on function truck_positions(uuid, uuid, timestamptz, timestamptz) to haulwise_app;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop function if exists truck_positions(uuid, uuid, timestamptz, timestamptz);
    drop trigger if exists loads_equipment on loads;
    drop function if exists loads_equipment();
    alter table loads drop column if exists truck_unit, drop column if exists trailer_unit,
      drop column if exists truck_id, drop column if exists trailer_id;
    drop table if exists truck_assignments, trailers, trucks;
    drop function if exists truck_assignments_no_overlap(), trucks_notify(), trailers_notify(), truck_assignments_notify(),
      trucks_unit_to_loads(), trailers_unit_to_loads();
    delete from audit_logs where entity_type in ('trucks', 'trailers', 'truck_assignments');
    alter table audit_logs drop constraint audit_logs_entity_type_check;
    alter table audit_logs add constraint audit_logs_entity_type_check
      check (entity_type in ('loads', 'invoices', 'documents', 'drivers', 'brokers', 'carriers', 'export'));
  `.execute(db);
}
