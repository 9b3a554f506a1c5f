import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * The notification centre (issue 13): a stored notification per person and event, so a user who
 * was away sees them on return, and each person's choice of the kinds they want.
 *
 * Fan-out happens in the transaction of the change itself, by triggers (never a second
 * connection, never lost on a rollback):
 * - load_assigned: a load becomes assigned (from another status, or created so) -> its driver's account;
 * - load_status: any status change of a load -> the company's staff who may see that load (as
 *   shared/src/permissions.ts has loads.read: admin, dispatcher, treasury, a sales user only for
 *   the loads they sell or created, and the company's master admin) and its driver's account;
 * - message: a new message -> its recipient;
 * - wip_decided: a WIP request approved or rejected -> the user who asked;
 * - invoice_payment: the hook for the invoices migration: its trigger calls
 *   notify_company_roles(company, array['admin', 'treasury'], 'invoice_payment', title, body, link, id)
 *   when payment_status changes (treasury and admins).
 * The acting user is never notified of their own change, and nobody of a kind they turned off.
 * Fan-out runs only inside its company's transaction (app.company_id set to the row's company):
 * owner-run maintenance (seeds, restores) changes rows without notifying anyone.
 *
 * Row-level security: a user reads and marks read only their own notifications; inserting for a
 * colleague of the same company is what the fan-out does as the acting user. Preferences are
 * readable within the company (the fan-out runs as the actor and must see whether the recipient
 * muted a kind; they hold nothing but on/off per kind) and written by their owner only.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table notifications (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies (id) on delete cascade,
      user_id uuid not null,
      kind text not null check (kind in ('load_assigned', 'load_status', 'invoice_payment', 'message', 'wip_decided')),
      title text not null check (length(title) between 1 and 200),
      body text not null default '' check (length(body) <= 500),
      -- A path of this app (never another site): the client opens it with its router.
      link text check (left(link, 1) = '/' and substr(link, 2, 1) <> '/' and strpos(link, chr(92)) = 0 and length(link) <= 300),
      entity_id uuid,
      read_at timestamptz,
      created_at timestamptz not null default now(),
      unique (company_id, id),
      foreign key (company_id, user_id) references profiles (company_id, user_id) on delete cascade
    );
    create index notifications_user_created_idx on notifications (company_id, user_id, created_at desc, id desc);
    create index notifications_unread_idx on notifications (company_id, user_id) where read_at is null;

    alter table notifications enable row level security;
    alter table notifications force row level security;
    create policy notifications_tenant on notifications
      using (company_id = app_company_id() and user_id = app_user_id())
      with check (company_id = app_company_id());
    grant select, insert on notifications to haulwise_app;
    grant update (read_at) on notifications to haulwise_app;

    create table notification_preferences (
      company_id uuid not null references companies (id) on delete cascade,
      user_id uuid not null,
      kind text not null check (kind in ('load_assigned', 'load_status', 'invoice_payment', 'message', 'wip_decided')),
      enabled boolean not null,
      updated_at timestamptz not null default now(),
      primary key (company_id, user_id, kind),
      foreign key (company_id, user_id) references profiles (company_id, user_id) on delete cascade
    );
    alter table notification_preferences enable row level security;
    alter table notification_preferences force row level security;
    create policy notification_preferences_tenant on notification_preferences
      using (company_id = app_company_id())
      with check (company_id = app_company_id() and user_id = app_user_id());
    grant select, insert on notification_preferences to haulwise_app;
    grant update (enabled, updated_at) on notification_preferences to haulwise_app;

    -- One notification for one person, unless it is the acting user's own change, the person
    -- turned the kind off, or the change is not made inside its company's transaction.
    create function notify_user(
      _company_id uuid, _user_id uuid, _kind text, _title text, _body text, _link text, _entity_id uuid
    ) returns void
      language plpgsql
      as $$
      begin
        if _user_id is null or _user_id is not distinct from app_user_id()
           or app_company_id() is distinct from _company_id then
          return;
        end if;
        if exists (select 1 from notification_preferences np
                   where np.company_id = _company_id and np.user_id = _user_id and np.kind = _kind and not np.enabled) then
          return;
        end if;
        if not exists (select 1 from profiles p where p.company_id = _company_id and p.user_id = _user_id) then
          return;
        end if;
        insert into notifications (company_id, user_id, kind, title, body, link, entity_id)
        values (_company_id, _user_id, _kind, left(_title, 200), left(coalesce(_body, ''), 500), _link, _entity_id);
      end
      $$;

    -- Every member of the company with one of the roles (and the company's master admin).
    create function notify_company_roles(
      _company_id uuid, _roles text[], _kind text, _title text, _body text, _link text, _entity_id uuid
    ) returns void
      language plpgsql
      as $$
      declare
        target uuid;
      begin
        for target in
          select p.user_id from profiles p
          left join user_roles r on r.user_id = p.user_id and r.company_id = p.company_id
          where p.company_id = _company_id and (p.is_master_admin or r.role = any (_roles))
        loop
          perform notify_user(_company_id, target, _kind, _title, _body, _link, _entity_id);
        end loop;
      end
      $$;

    create function status_label(_status text) returns text
      language sql immutable
      as $$ select initcap(replace(_status, '_', ' ')) $$;

    create function loads_notifications() returns trigger
      language plpgsql
      as $$
      declare
        driver_user uuid;
        target uuid;
        staff_link text := '/loads?search=' || replace(replace(replace(new.load_number, '%', '%25'), '&', '%26'), ' ', '%20');
      begin
        if app_company_id() is distinct from new.company_id then
          return null;
        end if;
        select d.user_id into driver_user from drivers d where d.company_id = new.company_id and d.id = new.driver_id;
        if new.status = 'assigned' and driver_user is not null
           and (tg_op = 'INSERT' or old.status is distinct from 'assigned' or old.driver_id is distinct from new.driver_id) then
          perform notify_user(new.company_id, driver_user, 'load_assigned', 'Load ' || new.load_number || ' assigned to you',
            new.pickup_city || ', ' || new.pickup_state || ' to ' || new.delivery_city || ', ' || new.delivery_state,
            '/driver-portal', new.id);
        end if;
        if tg_op = 'UPDATE' and old.status is distinct from new.status then
          for target in
            select p.user_id from profiles p
            left join user_roles r on r.user_id = p.user_id and r.company_id = p.company_id
            where p.company_id = new.company_id
              and (p.is_master_admin or r.role in ('admin', 'dispatcher', 'treasury')
                   or (r.role = 'sales' and p.user_id in (new.sales_user_id, new.created_by)))
          loop
            perform notify_user(new.company_id, target, 'load_status', 'Load ' || new.load_number,
              'Load ' || new.load_number || ' status changed from ' || status_label(old.status) || ' to ' || status_label(new.status),
              staff_link, new.id);
          end loop;
          -- The driver hears of the status of their own load (its assignment is told above).
          if driver_user is not null and new.status <> 'assigned' then
            perform notify_user(new.company_id, driver_user, 'load_status', 'Load ' || new.load_number,
              'Load ' || new.load_number || ' status changed from ' || status_label(old.status) || ' to ' || status_label(new.status),
              '/driver-portal', new.id);
          end if;
        end if;
        return null;
      end
      $$;
    create trigger loads_to_notifications after insert or update of status, driver_id on loads
      for each row execute function loads_notifications();

    create function messages_notifications() returns trigger
      language plpgsql
      as $$
      declare
        sender_name text;
      begin
        select nullif(trim(p.first_name || ' ' || p.last_name), '') into sender_name
          from profiles p where p.company_id = new.company_id and p.user_id = new.sender_id;
        perform notify_user(new.company_id, new.recipient_id, 'message',
          'New message from ' || coalesce(sender_name, 'a colleague'),
          coalesce(new.subject, left(new.body, 140)),
          '/messages?id=' || new.id, new.id);
        return null;
      end
      $$;
    create trigger messages_to_notifications after insert on messages
      for each row execute function messages_notifications();

    create function wip_assignments_notifications() returns trigger
      language plpgsql
      as $$
      begin
        if old.status = 'pending' and new.status <> 'pending' then
          perform notify_user(new.company_id, new.user_id, 'wip_decided',
            'Assignment request ' || new.status, coalesce(new.notes, ''), '/dashboard', new.id);
        end if;
        return null;
      end
      $$;
    create trigger wip_assignments_to_notifications after update of status on wip_assignments
      for each row execute function wip_assignments_notifications();

    create function notifications_notify() returns trigger
      language plpgsql
      as $$
      declare
        row_data notifications := coalesce(new, old);
      begin
        perform notify_event(jsonb_build_object(
          'table', 'notifications', 'op', tg_op, 'id', row_data.id, 'company_id', row_data.company_id,
          'actor_id', app_user_id(),
          'user_id', row_data.user_id,
          'status', case when row_data.read_at is null then 'unread' else 'read' end,
          'old_status', case when tg_op = 'UPDATE' then case when old.read_at is null then 'unread' else 'read' end end));
        return null;
      end
      $$;
    create trigger notifications_notify after insert or update or delete on notifications
      for each row execute function notifications_notify();

    grant execute on function notify_user(uuid, uuid, text, text, text, text, uuid),
      notify_company_roles(uuid, text[], text, text, text, text, uuid), status_label(text) to haulwise_app;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop trigger if exists loads_to_notifications on loads;
    drop trigger if exists messages_to_notifications on messages;
    drop trigger if exists wip_assignments_to_notifications on wip_assignments;
    drop table if exists notifications, notification_preferences cascade;
    drop function if exists loads_notifications, messages_notifications, wip_assignments_notifications, notifications_notify,
      notify_company_roles, notify_user, status_label;
  `.execute(db);
}
