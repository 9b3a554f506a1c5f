import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * Issue 26, item 3: loads with real stops, equipment and accessorial charges.
 *
 * - load_stops: a load's ordered stops (position 0 is the pickup, the last is the delivery; at
 *   most 20). The load's pickup_* and delivery_* columns stay the first and the last stop: the
 *   server writes both in the same transaction. An appointment is a date with a window (from and
 *   to times, the facility's own clock; a "to" earlier than "from" ends the next day) or "first
 *   come, first served" on that date.
 * - load_accessorials: charges beside the line haul (fuel surcharge, detention, lumper, stop-off,
 *   layover, TONU, other), at most 20 a load. loads.rate stays the stored total (line haul +
 *   accessorials), so every existing figure keeps working; loads.line_haul holds the line haul.
 * - loads.equipment_type and loads.temperature (a reefer's setpoint, °F).
 * - Both tables: row-level security like every company table (as carrier_users,
 *   2026-11-28T1500): enabled and forced, the tenant policy (USING and WITH CHECK), the master
 *   admin's read, the restrictive policies of the master admin's status-write path (to the app
 *   role), and the owner's. The composite foreign key (company_id, load_id) to loads means a row
 *   can only belong to a load of its own company; deleting the load deletes them.
 * - Existing loads get two stops made from their pickup and delivery columns, and a line haul
 *   equal to their rate.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table loads
      add column equipment_type text
        check (equipment_type in ('dry_van', 'reefer', 'flatbed', 'step_deck', 'power_only', 'other')),
      add column temperature numeric(5, 1) check (temperature between -100 and 150),
      add column line_haul numeric(12, 2) check (line_haul >= 0);
    update loads set line_haul = rate where rate is not null;

    create table load_stops (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies (id) on delete cascade,
      load_id uuid not null,
      position smallint not null check (position between 0 and 19),
      stop_type text not null check (stop_type in ('pickup', 'drop')),
      facility_name text check (length(facility_name) <= 200),
      address text not null check (length(address) between 1 and 300),
      city text not null check (length(city) between 1 and 100),
      state char(2) not null,
      zip text check (length(zip) <= 10),
      contact_name text check (length(contact_name) <= 100),
      contact_phone text check (length(contact_phone) <= 30),
      appointment_date date,
      appointment_from time,
      appointment_to time,
      first_come_first_served boolean not null default false,
      po_number text check (length(po_number) <= 100),
      pickup_number text check (length(pickup_number) <= 100),
      notes text check (length(notes) <= 2000),
      created_at timestamptz not null default now(),
      constraint load_stops_load_fkey foreign key (company_id, load_id) references loads (company_id, id) on delete cascade
    );
    create unique index load_stops_position_key on load_stops (company_id, load_id, position);

    create table load_accessorials (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies (id) on delete cascade,
      load_id uuid not null,
      position smallint not null check (position between 0 and 19),
      charge_type text not null
        check (charge_type in ('fuel_surcharge', 'detention', 'lumper', 'stop_off', 'layover', 'tonu', 'other')),
      description text check (length(description) <= 200),
      amount numeric(12, 2) not null check (amount >= 0),
      created_at timestamptz not null default now(),
      constraint load_accessorials_load_fkey foreign key (company_id, load_id) references loads (company_id, id) on delete cascade
    );
    create unique index load_accessorials_position_key on load_accessorials (company_id, load_id, position);
  `.execute(db);

  for (const table of ['load_stops', 'load_accessorials']) {
    await sql`
      alter table ${sql.table(table)} enable row level security;
      alter table ${sql.table(table)} force row level security;
      create policy ${sql.raw(`${table}_tenant`)} on ${sql.table(table)}
        using (company_id = app_company_id()) with check (company_id = app_company_id());
      create policy ${sql.raw(`${table}_master_read`)} on ${sql.table(table)} for select using (app_is_master_admin());
      create policy ${sql.raw(`${table}_no_master_admin_insert`)} on ${sql.table(table)} as restrictive for insert to haulwise_app
        with check (app_master_admin_write() is null);
      create policy ${sql.raw(`${table}_no_master_admin_update`)} on ${sql.table(table)} as restrictive for update to haulwise_app
        using (app_master_admin_write() is null) with check (app_master_admin_write() is null);
      create policy ${sql.raw(`${table}_no_master_admin_delete`)} on ${sql.table(table)} as restrictive for delete to haulwise_app
        using (app_master_admin_write() is null);
      create policy ${sql.raw(`${table}_owner`)} on ${sql.table(table)} as permissive for all to current_user using (true) with check (true);
      grant select, insert, update, delete on ${sql.table(table)} to haulwise_app;
    `.execute(db);
  }

  // Every existing load: its pickup and its delivery as two stops.
  await sql`
    insert into load_stops (company_id, load_id, position, stop_type, address, city, state, appointment_date, notes)
      select company_id, id, 0, 'pickup', left(pickup_location, 300), left(pickup_city, 100), pickup_state, pickup_date, left(pickup_notes, 2000)
      from loads where length(pickup_location) > 0 and length(pickup_city) > 0
      union all
      select company_id, id, 1, 'drop', left(delivery_location, 300), left(delivery_city, 100), delivery_state, delivery_date, left(delivery_notes, 2000)
      from loads where length(delivery_location) > 0 and length(delivery_city) > 0;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop table if exists load_accessorials, load_stops;
    alter table loads drop column if exists equipment_type, drop column if exists temperature, drop column if exists line_haul;
  `.execute(db);
}
