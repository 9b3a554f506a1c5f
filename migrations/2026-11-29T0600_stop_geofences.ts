import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * Issue 31, items 2-4: stop geofences, arrivals and departures, detention.
 *
 * - load_stops: the stop's point (lat, lng: the ZIP's centre, else the city's, set by the app when
 *   it writes stops; existing stops stay null: the gazetteer is not in SQL, so they are not
 *   watched until the load's stops are written again), its fence radius (null: the company's),
 *   when the truck arrived and departed (the first position of the run inside / outside), and the
 *   status a departure moved the load from (auto_status_from, so an undo can put it back).
 * - companies: the geofence defaults (radius 1 mile, arrival dwell 2 min, departure dwell 3 min,
 *   auto status off) and the detention free time (2 hours).
 * - brokers: detention_free_hours (null: the company's) and detention_rate (hourly, null: none).
 * - stop_geofence_states: the detector's state per stop (when the current run of positions on the
 *   other side of the fence began, and the newest position read), so detection is incremental.
 *   Row-level security as every company table (load_stops, 2026-11-28T2300).
 * - load_stops_visit(): an arrival or a departure set or cleared is an entry of the LOAD's audit
 *   trail (entity 'loads', its changed_fields naming the stop), so the load's history shows it,
 *   by the user of the transaction (null while the detector writes: "by System"); it bumps the
 *   load's updated_at so the load's live notice reaches open screens.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table load_stops
      add column lat numeric(9, 6) check (lat between -90 and 90),
      add column lng numeric(9, 6) check (lng between -180 and 180),
      add column geofence_radius_miles numeric(5, 2) check (geofence_radius_miles between 0.1 and 25),
      add column arrived_at timestamptz,
      add column departed_at timestamptz,
      add column auto_status_from text,
      add constraint load_stops_departed_after_arrival check (departed_at is null or (arrived_at is not null and departed_at >= arrived_at));

    alter table companies
      add column geofence_radius_miles numeric(5, 2) not null default 1 check (geofence_radius_miles between 0.1 and 25),
      add column geofence_arrival_dwell_minutes integer not null default 2 check (geofence_arrival_dwell_minutes between 0 and 120),
      add column geofence_departure_dwell_minutes integer not null default 3 check (geofence_departure_dwell_minutes between 0 and 120),
      add column geofence_auto_status boolean not null default false,
      add column detention_free_hours numeric(5, 2) not null default 2 check (detention_free_hours between 0 and 72);

    alter table brokers
      add column detention_free_hours numeric(5, 2) check (detention_free_hours between 0 and 72),
      add column detention_rate numeric(12, 2) check (detention_rate between 0 and 100000);

    create table stop_geofence_states (
      company_id uuid not null references companies (id) on delete cascade,
      stop_id uuid not null references load_stops (id) on delete cascade,
      run_started_at timestamptz,
      last_at timestamptz,
      primary key (company_id, stop_id)
    );
    create index stop_geofence_states_stop_idx on stop_geofence_states (stop_id);

    create function load_stops_visit() returns trigger
      language plpgsql
      as $$
      declare
        changed jsonb := '{}'::jsonb;
        place jsonb := jsonb_build_object('position', new.position, 'stop_type', new.stop_type, 'city', new.city, 'state', new.state,
          'last', not exists (select 1 from load_stops s where s.company_id = new.company_id and s.load_id = new.load_id and s.position > new.position));
      begin
        if new.arrived_at is distinct from old.arrived_at then
          changed := changed || jsonb_build_object('stop_arrived_at', jsonb_build_object('old', old.arrived_at, 'new', new.arrived_at));
        end if;
        if new.departed_at is distinct from old.departed_at then
          changed := changed || jsonb_build_object('stop_departed_at', jsonb_build_object('old', old.departed_at, 'new', new.departed_at));
        end if;
        if changed = '{}'::jsonb then
          return null;
        end if;
        -- clock_timestamp(): several visits written in one transaction keep their order in the history.
        insert into audit_logs (company_id, entity_type, entity_id, action, user_id, changes, created_at)
        values (new.company_id, 'loads', new.load_id, 'updated', app_user_id(),
                jsonb_build_object('changed_fields', changed || jsonb_build_object('stop', jsonb_build_object('old', null, 'new', place))),
                clock_timestamp());
        update loads set updated_at = now() where company_id = new.company_id and id = new.load_id;
        return null;
      end
      $$;
    create trigger load_stops_visit after update of arrived_at, departed_at on load_stops
      for each row execute function load_stops_visit();

    -- The dispatcher hears 30 minutes before a stop's free time ends and when detention starts.
    alter table notifications drop constraint notifications_kind_check;
    alter table notifications add constraint notifications_kind_check
      check (kind in ('load_assigned', 'load_status', 'invoice_payment', 'message', 'wip_decided', 'settlement_approved',
                      'detention_warning', 'detention_started'));
    alter table notification_preferences drop constraint notification_preferences_kind_check;
    alter table notification_preferences add constraint notification_preferences_kind_check
      check (kind in ('load_assigned', 'load_status', 'invoice_payment', 'message', 'wip_decided', 'settlement_approved',
                      'detention_warning', 'detention_started'));
  `.execute(db);

  for (const table of ['stop_geofence_states']) {
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
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    delete from notifications where kind in ('detention_warning', 'detention_started');
    delete from notification_preferences where kind in ('detention_warning', 'detention_started');
    alter table notifications drop constraint notifications_kind_check;
    alter table notifications add constraint notifications_kind_check
      check (kind in ('load_assigned', 'load_status', 'invoice_payment', 'message', 'wip_decided', 'settlement_approved'));
    alter table notification_preferences drop constraint notification_preferences_kind_check;
    alter table notification_preferences add constraint notification_preferences_kind_check
      check (kind in ('load_assigned', 'load_status', 'invoice_payment', 'message', 'wip_decided', 'settlement_approved'));
    drop trigger if exists load_stops_visit on load_stops;
    drop function if exists load_stops_visit();
    drop table if exists stop_geofence_states;
    alter table brokers drop column if exists detention_free_hours, drop column if exists detention_rate;
    alter table companies drop column if exists geofence_radius_miles, drop column if exists geofence_arrival_dwell_minutes,
      drop column if exists geofence_departure_dwell_minutes, drop column if exists geofence_auto_status,
      drop column if exists detention_free_hours;
    alter table load_stops drop constraint if exists load_stops_departed_after_arrival,
      drop column if exists lat, drop column if exists lng, drop column if exists geofence_radius_miles,
      drop column if exists arrived_at, drop column if exists departed_at, drop column if exists auto_status_from;
  `.execute(db);
}
