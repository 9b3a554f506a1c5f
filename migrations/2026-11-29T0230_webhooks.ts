import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * Issue 28, item 3: signed webhooks.
 *
 * - webhook_endpoints: a company's registered receivers (URL, description, the events it
 *   subscribes to, its `whsec_` signing secret, enabled or disabled with the reason). The secret is
 *   stored as it is: the server must sign with it, and the project has no at-rest encryption
 *   helper for secrets (two-factor codes are hashed, which signing cannot use). failure_count and
 *   failing_since are the endpoint's current streak of failed attempts (a success clears both); an
 *   endpoint failing without a success for 24 hours is disabled (docs: README, "Webhooks").
 * - webhook_deliveries: one row per event per subscribed endpoint, written in the same
 *   transaction as the change it tells of; the job queue sends it after commit. event_id is the
 *   `webhook-id` header (the same on every retry and on a resend). Indexed for the delivery log
 *   (an endpoint's newest first) and for the retry scan (pending rows by next attempt).
 * - webhook_event_marks: when an event was last emitted for a key (driver.position: at most once a
 *   minute per driver), claimed with one atomic upsert.
 * - All three: row-level security like every company table (enabled and forced, the tenant policy,
 *   the master admin's read, the restrictive no-master-admin-write policies, the owner's rows).
 * - webhook_emit and the triggers: the one emission point. Every change that is an event writes
 *   its deliveries and their jobs in its own transaction, wherever it is made (a procedure, the
 *   portal, the payment webhook, the REST API, an import), as the audit trail is written: loads
 *   (created, status changed, assigned), documents (uploaded), pod_data (POD data saved:
 *   pod.extracted), invoices (created, paid), messages (received), drivers (latest position moved:
 *   driver.position, at most once a minute per driver). A rolled-back change sends nothing.
 * - app_stranded_webhook_deliveries: the sweep's one narrow path across companies (owner rights):
 *   the ids of pending deliveries whose attempt is long overdue (their job was lost), nothing else.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table webhook_endpoints (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies (id) on delete cascade,
      url text not null check (length(url) between 1 and 2000),
      description text not null default '' check (length(description) <= 200),
      events text[] not null check (cardinality(events) between 1 and 20),
      secret text not null check (secret ~ '^whsec_[A-Za-z0-9+/=]{20,100}$'),
      enabled boolean not null default true,
      disabled_reason text check (length(disabled_reason) <= 500),
      failure_count integer not null default 0,
      failing_since timestamptz,
      created_by uuid references users (id) on delete set null,
      created_at timestamptz not null default now(),
      unique (company_id, id)
    );
    create index webhook_endpoints_company_idx on webhook_endpoints (company_id, created_at desc, id desc);

    create table webhook_deliveries (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies (id) on delete cascade,
      endpoint_id uuid not null,
      event_type text not null check (length(event_type) between 1 and 100),
      event_id text not null check (length(event_id) between 1 and 100),
      payload jsonb not null,
      status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
      attempts integer not null default 0,
      last_status_code integer,
      last_error text check (length(last_error) <= 500),
      next_attempt_at timestamptz,
      created_at timestamptz not null default now(),
      delivered_at timestamptz,
      constraint webhook_deliveries_endpoint_fkey foreign key (company_id, endpoint_id)
        references webhook_endpoints (company_id, id) on delete cascade
    );
    -- The delivery log: an endpoint's deliveries, newest first.
    create index webhook_deliveries_log_idx on webhook_deliveries (company_id, endpoint_id, created_at desc, id desc);
    -- The retry scan: pending deliveries by their next attempt.
    create index webhook_deliveries_retry_idx on webhook_deliveries (next_attempt_at) where status = 'pending';

    create table webhook_event_marks (
      company_id uuid not null references companies (id) on delete cascade,
      key text not null check (length(key) between 1 and 200),
      last_at timestamptz not null,
      primary key (company_id, key)
    );
  `.execute(db);

  for (const table of ['webhook_endpoints', 'webhook_deliveries', 'webhook_event_marks']) {
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

  await sql`
    create function app_stranded_webhook_deliveries(_before timestamptz, _limit integer)
      returns table (company_id uuid, id uuid)
      language sql stable security definer
      set search_path = public, pg_temp
      as $$
        select d.company_id, d.id from webhook_deliveries d
        where d.status = 'pending' and d.next_attempt_at < _before
        order by d.next_attempt_at
        limit least(greatest(_limit, 1), 1000)
      $$;
    revoke execute on function app_stranded_webhook_deliveries(timestamptz, integer) from public;
    grant execute on function app_stranded_webhook_deliveries(timestamptz, integer) to haulwise_app;

    -- The one emission point: a delivery row per enabled endpoint of the company subscribed to the
    -- event, and one delivery job for them, in the caller's transaction (as the caller, under row-level
    -- security). One webhook-id per event, shared by its endpoints.
    create function webhook_emit(_company_id uuid, _type text, _data jsonb) returns void
      language plpgsql
      set search_path = public, pg_temp
      as $$
      declare
        ids uuid[];
        event_id text := 'msg_' || replace(gen_random_uuid()::text, '-', '');
      begin
        with inserted as (
          insert into webhook_deliveries (company_id, endpoint_id, event_type, event_id, payload, next_attempt_at)
          select e.company_id, e.id, _type, event_id,
                 jsonb_build_object('type', _type, 'timestamp', to_json(now()) #>> '{}', 'data', _data), now()
          from webhook_endpoints e
          where e.company_id = _company_id and e.enabled and _type = any (e.events)
          returning webhook_deliveries.id
        )
        select array_agg(inserted.id) into ids from inserted;
        -- One job per event: it sends to every endpoint at once; a failed delivery is retried on its own.
        if ids is not null then
          perform graphile_worker.add_job(
            identifier => 'deliver-webhook',
            payload => json_build_object('companyId', _company_id, 'deliveryIds', to_json(ids)),
            max_attempts => 5,
            job_key => 'webhook:' || event_id);
        end if;
      end
      $$;

    revoke execute on function webhook_emit(uuid, text, jsonb) from public;
    grant execute on function webhook_emit(uuid, text, jsonb) to haulwise_app;

    -- The events, where every change is written: triggers, as the audit trail's.
    create function webhook_loads_events() returns trigger
      language plpgsql
      set search_path = public, pg_temp
      as $$
      begin
        if tg_op = 'INSERT' then
          perform webhook_emit(new.company_id, 'load.created', jsonb_build_object(
            'loadId', new.id, 'loadNumber', new.load_number, 'status', new.status, 'driverId', new.driver_id,
            'brokerId', new.broker_id, 'carrierId', new.carrier_id, 'referenceNumber', new.reference_number,
            'pickupCity', new.pickup_city, 'pickupState', new.pickup_state, 'pickupDate', new.pickup_date,
            'deliveryCity', new.delivery_city, 'deliveryState', new.delivery_state, 'deliveryDate', new.delivery_date,
            'rate', new.rate));
          if new.driver_id is not null then
            perform webhook_emit(new.company_id, 'load.assigned', jsonb_build_object(
              'loadId', new.id, 'loadNumber', new.load_number, 'driverId', new.driver_id, 'previousDriverId', null));
          end if;
          return null;
        end if;
        if new.status is distinct from old.status then
          perform webhook_emit(new.company_id, 'load.status_changed', jsonb_build_object(
            'loadId', new.id, 'loadNumber', new.load_number, 'status', new.status, 'previousStatus', old.status));
        end if;
        if new.driver_id is distinct from old.driver_id and new.driver_id is not null then
          perform webhook_emit(new.company_id, 'load.assigned', jsonb_build_object(
            'loadId', new.id, 'loadNumber', new.load_number, 'driverId', new.driver_id, 'previousDriverId', old.driver_id));
        end if;
        return null;
      end
      $$;
    create trigger loads_webhook_events after insert or update of status, driver_id on loads
      for each row execute function webhook_loads_events();

    create function webhook_documents_events() returns trigger
      language plpgsql
      set search_path = public, pg_temp
      as $$
      begin
        perform webhook_emit(new.company_id, 'document.uploaded', jsonb_build_object(
          'documentId', new.id, 'loadId', new.load_id, 'driverId', new.driver_id, 'documentType', new.document_type,
          'fileName', new.file_name, 'contentType', new.content_type, 'uploadedBy', new.uploaded_by));
        return null;
      end
      $$;
    create trigger documents_webhook_events after insert on documents
      for each row execute function webhook_documents_events();

    create function webhook_pod_data_events() returns trigger
      language plpgsql
      set search_path = public, pg_temp
      as $$
      begin
        perform webhook_emit(new.company_id, 'pod.extracted', jsonb_build_object(
          'documentId', new.document_id,
          'loadId', (select d.load_id from documents d where d.company_id = new.company_id and d.id = new.document_id),
          'deliveryDate', new.delivery_date, 'deliveryTime', new.delivery_time, 'recipientName', new.recipient_name,
          'recipientSignature', new.recipient_signature, 'location', new.location, 'condition', new.condition));
        return null;
      end
      $$;
    create trigger pod_data_webhook_events after insert or update on pod_data
      for each row execute function webhook_pod_data_events();

    create function webhook_invoices_events() returns trigger
      language plpgsql
      set search_path = public, pg_temp
      as $$
      begin
        if tg_op = 'INSERT' then
          perform webhook_emit(new.company_id, 'invoice.created', jsonb_build_object(
            'invoiceId', new.id, 'invoiceNumber', new.invoice_number, 'loadId', new.load_id, 'brokerId', new.broker_id,
            'amount', new.amount, 'invoiceDate', new.invoice_date, 'dueDate', new.due_date, 'status', new.status));
        elsif new.status = 'paid' and old.status is distinct from 'paid' then
          perform webhook_emit(new.company_id, 'invoice.paid', jsonb_build_object(
            'invoiceId', new.id, 'invoiceNumber', new.invoice_number, 'loadId', new.load_id, 'amount', new.amount,
            'paidAt', to_json(coalesce(new.paid_at, now())) #>> '{}'));
        end if;
        return null;
      end
      $$;
    create trigger invoices_webhook_events after insert or update of status on invoices
      for each row execute function webhook_invoices_events();

    -- A message's subject and who wrote to whom; never its body (messages are personal).
    create function webhook_messages_events() returns trigger
      language plpgsql
      set search_path = public, pg_temp
      as $$
      begin
        perform webhook_emit(new.company_id, 'message.received', jsonb_build_object(
          'messageId', new.id, 'threadId', new.thread_id, 'senderId', new.sender_id, 'recipientId', new.recipient_id,
          'loadId', new.load_id, 'subject', new.subject));
        return null;
      end
      $$;
    create trigger messages_webhook_events after insert on messages
      for each row execute function webhook_messages_events();

    -- driver.position: when the driver's latest position moves, at most once a minute per driver
    -- (claimed by one upsert of its mark, only while an endpoint subscribes to it).
    create function webhook_driver_position_events() returns trigger
      language plpgsql
      set search_path = public, pg_temp
      as $$
      declare
        claimed integer;
      begin
        if not exists (select 1 from webhook_endpoints e
                       where e.company_id = new.company_id and e.enabled and 'driver.position' = any (e.events)) then
          return null;
        end if;
        insert into webhook_event_marks as m (company_id, key, last_at)
        values (new.company_id, 'driver.position:' || new.id::text, now())
        on conflict (company_id, key) do update set last_at = excluded.last_at
          where m.last_at <= excluded.last_at - interval '1 minute'
        returning 1 into claimed;
        if claimed is not null then
          perform webhook_emit(new.company_id, 'driver.position', jsonb_build_object(
            'driverId', new.id, 'lat', new.current_location_lat, 'lng', new.current_location_lng,
            'recordedAt', to_json(new.last_location_update) #>> '{}'));
        end if;
        return null;
      end
      $$;
    create trigger drivers_webhook_position_events after update of last_location_update on drivers
      for each row when (new.last_location_update is distinct from old.last_location_update)
      execute function webhook_driver_position_events();
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop trigger if exists loads_webhook_events on loads;
    drop trigger if exists documents_webhook_events on documents;
    drop trigger if exists pod_data_webhook_events on pod_data;
    drop trigger if exists invoices_webhook_events on invoices;
    drop trigger if exists messages_webhook_events on messages;
    drop trigger if exists drivers_webhook_position_events on drivers;
    drop function if exists webhook_loads_events(), webhook_documents_events(), webhook_pod_data_events(),
      webhook_invoices_events(), webhook_messages_events(), webhook_driver_position_events();
    drop function if exists webhook_emit(uuid, text, jsonb);
    drop function if exists app_stranded_webhook_deliveries(timestamptz, integer);
    drop table if exists webhook_deliveries, webhook_event_marks, webhook_endpoints;
  `.execute(db);
}
