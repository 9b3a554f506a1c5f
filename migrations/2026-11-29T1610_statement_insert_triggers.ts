import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * Issue 28, the import bench (bench/imports.ts, >= 10,000 rows/s): an import writes brokers and
 * loads hundreds to a statement, and each inserted row fired its AFTER row triggers one by one
 * (the audit entry, the live notice, and for loads the driver's notification and the webhook
 * events): most of what PostgreSQL spends on an inserted row. As 2026-11-29T0501 did for
 * settlement lines, an INSERT now does that work once per statement, over its new rows (a
 * transition table), with exactly the same result: the same audit_logs rows (created, by
 * app.user_id, the row's non-null fields but the ignored ones, as audit_row() writes them), the
 * same pg_notify payloads on haulwise_events in the rows' order, the same 'load_assigned'
 * notification for an assigned driver with an account, the same load.created / load.assigned
 * webhook events (each row's in its order). The functions run as the writer (security invoker),
 * under the same row-level security, as the row triggers did. Updates and deletes keep their row
 * triggers. The BEFORE row triggers (loads_before_write, loads_dispatcher_name,
 * loads_equipment), which set columns of the row itself, stay row triggers. load_stops has no
 * INSERT trigger.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    -- The audit entry of each new row, as audit_row() writes it for an INSERT (any audited table).
    create function audit_insert_rows() returns trigger
      language plpgsql
      as $$
      begin
        insert into audit_logs (company_id, entity_type, entity_id, action, user_id, changes)
        select n.company_id, tg_table_name, n.id, 'created', app_user_id(),
          jsonb_build_object('changed_fields', (
            select coalesce(jsonb_object_agg(f.key, jsonb_build_object('old', null, 'new', f.value)), '{}'::jsonb)
            from jsonb_each(to_jsonb(n)) f
            where f.key <> all (array['id', 'company_id', 'created_at', 'updated_at', 'search_text', 'status_updated_at'])
              and jsonb_typeof(f.value) <> 'null'))
        from new_rows n;
        return null;
      end
      $$;

    drop trigger brokers_audit on brokers;
    create trigger brokers_audit after update or delete on brokers
      for each row execute function audit_row();
    create trigger brokers_audit_insert after insert on brokers
      referencing new table as new_rows for each statement execute function audit_insert_rows();

    drop trigger loads_audit on loads;
    create trigger loads_audit after update or delete on loads
      for each row execute function audit_row();
    create trigger loads_audit_insert after insert on loads
      referencing new table as new_rows for each statement execute function audit_insert_rows();

    -- The live notices, one per new row in the rows' order, as brokers_notify() / loads_notify() send them.
    create function brokers_notify_insert() returns trigger
      language plpgsql
      as $$
      begin
        perform notify_event(jsonb_build_object(
          'table', 'brokers', 'op', 'INSERT', 'id', n.id, 'company_id', n.company_id,
          'actor_id', app_user_id()))
        from new_rows n;
        return null;
      end
      $$;
    drop trigger brokers_notify on brokers;
    create trigger brokers_notify after update or delete on brokers
      for each row execute function brokers_notify();
    create trigger brokers_notify_insert after insert on brokers
      referencing new table as new_rows for each statement execute function brokers_notify_insert();

    create function loads_notify_insert() returns trigger
      language plpgsql
      as $$
      begin
        perform notify_event(jsonb_build_object(
          'table', 'loads', 'op', 'INSERT', 'id', n.id, 'company_id', n.company_id,
          'actor_id', app_user_id(),
          'status', n.status,
          'old_status', null,
          'driver_id', n.driver_id,
          'sales_user_id', n.sales_user_id,
          'created_by', n.created_by,
          'old_sales_user_id', null,
          'old_created_by', null))
        from new_rows n;
        return null;
      end
      $$;
    drop trigger loads_notify on loads;
    create trigger loads_notify after update or delete on loads
      for each row execute function loads_notify();
    create trigger loads_notify_insert after insert on loads
      referencing new table as new_rows for each statement execute function loads_notify_insert();

    -- An assigned driver with an account hears of a new load, as loads_notifications() tells it on INSERT.
    create function loads_notifications_insert() returns trigger
      language plpgsql
      as $$
      declare
        n record;
        driver_user uuid;
      begin
        for n in select * from new_rows r
                 where r.status = 'assigned' and r.driver_id is not null and r.company_id = app_company_id() loop
          select d.user_id into driver_user from drivers d where d.company_id = n.company_id and d.id = n.driver_id;
          if driver_user is not null then
            perform notify_user(n.company_id, driver_user, 'load_assigned', 'Load ' || n.load_number || ' assigned to you',
              n.pickup_city || ', ' || n.pickup_state || ' to ' || n.delivery_city || ', ' || n.delivery_state,
              '/driver-portal', n.id);
          end if;
        end loop;
        return null;
      end
      $$;
    drop trigger loads_to_notifications on loads;
    create trigger loads_to_notifications after update of status, driver_id on loads
      for each row execute function loads_notifications();
    create trigger loads_to_notifications_insert after insert on loads
      referencing new table as new_rows for each statement execute function loads_notifications_insert();

    -- load.created (and load.assigned for a load with a driver) per new row, as webhook_loads_events()
    -- emits them on INSERT; nothing to do when none of the companies has an endpoint for them.
    create function webhook_loads_events_insert() returns trigger
      language plpgsql
      set search_path = public, pg_temp
      as $$
      declare
        n record;
      begin
        if not exists (select 1 from webhook_endpoints e
                       where e.enabled and e.events && array['load.created', 'load.assigned']
                         and e.company_id in (select r.company_id from new_rows r)) then
          return null;
        end if;
        for n in select * from new_rows loop
          perform webhook_emit(n.company_id, 'load.created', jsonb_build_object(
            'loadId', n.id, 'loadNumber', n.load_number, 'status', n.status, 'driverId', n.driver_id,
            'brokerId', n.broker_id, 'carrierId', n.carrier_id, 'referenceNumber', n.reference_number,
            'pickupCity', n.pickup_city, 'pickupState', n.pickup_state, 'pickupDate', n.pickup_date,
            'deliveryCity', n.delivery_city, 'deliveryState', n.delivery_state, 'deliveryDate', n.delivery_date,
            'rate', n.rate));
          if n.driver_id is not null then
            perform webhook_emit(n.company_id, 'load.assigned', jsonb_build_object(
              'loadId', n.id, 'loadNumber', n.load_number, 'driverId', n.driver_id, 'previousDriverId', null));
          end if;
        end loop;
        return null;
      end
      $$;
    drop trigger loads_webhook_events on loads;
    create trigger loads_webhook_events after update of status, driver_id on loads
      for each row execute function webhook_loads_events();
    create trigger loads_webhook_events_insert after insert on loads
      referencing new table as new_rows for each statement execute function webhook_loads_events_insert();
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop trigger if exists loads_webhook_events_insert on loads;
    drop function if exists webhook_loads_events_insert();
    drop trigger if exists loads_webhook_events on loads;
    create trigger loads_webhook_events after insert or update of status, driver_id on loads
      for each row execute function webhook_loads_events();

    drop trigger if exists loads_to_notifications_insert on loads;
    drop function if exists loads_notifications_insert();
    drop trigger if exists loads_to_notifications on loads;
    create trigger loads_to_notifications after insert or update of status, driver_id on loads
      for each row execute function loads_notifications();

    drop trigger if exists loads_notify_insert on loads;
    drop function if exists loads_notify_insert();
    drop trigger if exists loads_notify on loads;
    create trigger loads_notify after insert or update or delete on loads
      for each row execute function loads_notify();

    drop trigger if exists brokers_notify_insert on brokers;
    drop function if exists brokers_notify_insert();
    drop trigger if exists brokers_notify on brokers;
    create trigger brokers_notify after insert or update or delete on brokers
      for each row execute function brokers_notify();

    drop trigger if exists loads_audit_insert on loads;
    drop trigger if exists loads_audit on loads;
    create trigger loads_audit after insert or update or delete on loads
      for each row execute function audit_row();

    drop trigger if exists brokers_audit_insert on brokers;
    drop trigger if exists brokers_audit on brokers;
    create trigger brokers_audit after insert or update or delete on brokers
      for each row execute function audit_row();
    drop function if exists audit_insert_rows();
  `.execute(db);
}
