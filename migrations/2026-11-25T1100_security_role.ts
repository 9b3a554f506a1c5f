import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * A narrower haulwise_app role (issue 10, item 5). Runs after 2026-11-25T1100_security_hardening
 * (the outbox's company_id). What the app role may no longer do:
 * - DELETE companies (a cascade would take the append-only audit log with it);
 * - execute any function it is not granted: EXECUTE is revoked from PUBLIC on every function of
 *   the schema, now and for functions created later, and granted back one by one;
 * - call notify_event itself: it stays granted (triggers call it as the invoker, and migrations
 *   after this one add triggers that do), but it refuses to run outside a trigger, so the app
 *   cannot forge a bus event (such as "this session ended") with it;
 * - INSERT profiles.is_master_admin (column grants on insert; create_company_for_user asks
 *   app_grant_platform_admin, which sets the flag only on a verified account);
 * - read users.password_hash: column grants on select, and two owner-rights functions answer one
 *   account's hash (by email, for a sign-in; the current user's, to prove their password);
 * - read or change sessions table-wide: row-level security shows a user their own sessions; a
 *   company transaction ends a member's sessions, and a master admin's suspension the company's,
 *   through owner-rights functions that check exactly that; a session is looked up, renewed or
 *   ended by its stored (hashed) id through owner-rights functions, and expired ones swept by one;
 * - read the outbox or two-factor codes table-wide: row-level security (a company's messages in its
 *   transaction, a master admin's read, a user's own codes); the delivery job reads and records a
 *   message through owner-rights functions, by id.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    revoke delete on companies from haulwise_app;

    -- Functions: nothing by default, then only what the app needs.
    revoke execute on all functions in schema public from public;
    -- Functions the owner creates from now on, too (a per-schema default cannot take back the global one).
    alter default privileges revoke execute on functions from public;
    grant execute on function app_company_id(), app_user_id(), app_is_master_admin(), app_master_admin_write(),
      app_invitation_token_hash(), create_company_for_user(text, uuid, boolean, text, text) to haulwise_app;

    create or replace function notify_event(payload jsonb) returns void
      language plpgsql volatile
      as $$
      begin
        if pg_trigger_depth() = 0 then
          raise exception 'notify_event is called by triggers only' using errcode = 'insufficient_privilege';
        end if;
        perform pg_notify('haulwise_events', payload::text);
      end
      $$;
    grant execute on function notify_event(jsonb) to haulwise_app;

    -- profiles.is_master_admin: never inserted by the app.
    revoke insert on profiles from haulwise_app;
    grant insert (user_id, company_id, first_name, last_name, phone, two_factor_enabled, two_factor_method,
      two_factor_phone, created_at) on profiles to haulwise_app;
    create or replace function create_company_for_user(
      _company_name text, _user_id uuid, _is_platform_admin boolean,
      _first_name text, _last_name text
    ) returns uuid
      language plpgsql volatile
      as $$
      declare
        new_company_id uuid := gen_random_uuid();
      begin
        perform set_config('app.company_id', new_company_id::text, true);
        perform set_config('app.user_id', _user_id::text, true);
        insert into companies (id, name) values (new_company_id, _company_name);
        insert into profiles (user_id, company_id, first_name, last_name)
          values (_user_id, new_company_id, _first_name, _last_name);
        insert into user_roles (user_id, company_id, role) values (_user_id, new_company_id, 'admin');
        if _is_platform_admin then
          perform app_grant_platform_admin(_user_id);
        end if;
        return new_company_id;
      end
      $$;

    -- Password hashes: one account's at a time.
    revoke select on users from haulwise_app;
    grant select (id, email, email_verified_at, password_changed_at, created_at) on users to haulwise_app;
    create function app_credentials_by_email(_email text) returns table (user_id uuid, password_hash text)
      language sql stable security definer
      set search_path = public, pg_temp
      as $$ select u.id, u.password_hash from users u where u.email = _email $$;
    create function app_own_password_hash() returns text
      language sql stable security definer
      set search_path = public, pg_temp
      as $$ select u.password_hash from users u where u.id = nullif(current_setting('app.user_id', true), '')::uuid $$;

    -- Sessions: one's own (row-level security); a company ends a member's, and a suspension the
    -- suspended company's, through owner-rights functions that check exactly that.
    alter table sessions enable row level security;
    alter table sessions force row level security;
    create policy sessions_own on sessions using (user_id = app_user_id()) with check (user_id = app_user_id());
    create function app_end_member_sessions(_user_id uuid) returns integer
      language plpgsql volatile security definer
      set search_path = public, pg_temp
      as $$
      declare
        ended integer;
      begin
        if app_company_id() is null
           or not exists (select 1 from profiles p where p.user_id = _user_id and p.company_id = app_company_id()) then
          return 0;
        end if;
        delete from sessions where user_id = _user_id;
        get diagnostics ended = row_count;
        return ended;
      end
      $$;
    create function app_end_company_sessions() returns integer
      language plpgsql volatile security definer
      set search_path = public, pg_temp
      as $$
      declare
        ended integer;
      begin
        if app_master_admin_write() is distinct from 'company_status'
           or not exists (select 1 from profiles p where p.user_id = app_user_id() and p.is_master_admin) then
          raise exception 'only a master admin''s status change ends a company''s sessions' using errcode = 'insufficient_privilege';
        end if;
        delete from sessions where user_id in (select p.user_id from profiles p where p.company_id = app_company_id());
        get diagnostics ended = row_count;
        return ended;
      end
      $$;
    create function app_session_lookup(_id text)
      returns table (id text, user_id uuid, expires_at timestamptz, absolute_expires_at timestamptz,
                     created_at timestamptz, user_agent text, ip text, email text)
      language sql stable security definer
      set search_path = public, pg_temp
      as $$
        select s.id, s.user_id, s.expires_at, s.absolute_expires_at, s.created_at, s.user_agent, s.ip, u.email
        from sessions s join users u on u.id = s.user_id where s.id = _id
      $$;
    create function app_session_extend(_id text, _expires_at timestamptz) returns void
      language sql volatile security definer
      set search_path = public, pg_temp
      as $$ update sessions set expires_at = least(_expires_at, absolute_expires_at) where id = _id $$;
    create function app_session_end(_id text) returns boolean
      language plpgsql volatile security definer
      set search_path = public, pg_temp
      as $$
      begin
        delete from sessions where id = _id;
        return found;
      end
      $$;
    create function app_sessions_sweep() returns integer
      language plpgsql volatile security definer
      set search_path = public, pg_temp
      as $$
      declare
        swept integer;
      begin
        delete from sessions where expires_at <= now() or absolute_expires_at <= now();
        get diagnostics swept = row_count;
        return swept;
      end
      $$;

    -- The outbox: a company's messages in its own transaction, a master admin's read; the job by id.
    alter table outbox enable row level security;
    alter table outbox force row level security;
    create policy outbox_tenant on outbox using (company_id = app_company_id()) with check (company_id = app_company_id());
    create policy outbox_without_company on outbox for insert with check (company_id is null and app_company_id() is null);
    create policy outbox_master_read on outbox for select using (app_is_master_admin());
    -- As on every table with company_id: the master admin's status write path writes none of it.
    create policy outbox_no_master_admin_insert on outbox as restrictive for insert with check (app_master_admin_write() is null);
    create policy outbox_no_master_admin_update on outbox as restrictive for update
      using (app_master_admin_write() is null) with check (app_master_admin_write() is null);
    create policy outbox_no_master_admin_delete on outbox as restrictive for delete using (app_master_admin_write() is null);
    create function app_outbox_for_delivery(_id uuid)
      returns table (id uuid, channel text, recipient text, subject text, body_text text, body_html text, status text)
      language sql stable security definer
      set search_path = public, pg_temp
      as $$ select o.id, o.channel, o.recipient, o.subject, o.body_text, o.body_html, o.status from outbox o where o.id = _id $$;
    create function app_outbox_delivered(_id uuid, _provider_message_id text, _attempts integer) returns void
      language sql volatile security definer
      set search_path = public, pg_temp
      as $$
        update outbox set status = 'sent', sent_at = now(), provider_message_id = _provider_message_id,
          attempts = _attempts, error = null, body_text = '', body_html = null
        where id = _id
      $$;
    create function app_outbox_failed(_id uuid, _error text, _attempts integer, _final boolean) returns void
      language sql volatile security definer
      set search_path = public, pg_temp
      as $$
        update outbox set status = case when _final then 'failed' else 'queued' end, error = _error, attempts = _attempts,
          body_text = case when _final then '' else body_text end,
          body_html = case when _final then null else body_html end
        where id = _id and status <> 'sent'
      $$;

    -- Two-factor codes: a user's own.
    alter table two_factor_codes enable row level security;
    alter table two_factor_codes force row level security;
    create policy two_factor_codes_own on two_factor_codes using (user_id = app_user_id()) with check (user_id = app_user_id());

    revoke execute on function app_credentials_by_email(text), app_own_password_hash(), app_session_lookup(text),
      app_session_extend(text, timestamptz), app_session_end(text), app_sessions_sweep(), app_end_member_sessions(uuid),
      app_end_company_sessions(), app_outbox_for_delivery(uuid), app_outbox_delivered(uuid, text, integer),
      app_outbox_failed(uuid, text, integer, boolean) from public;
    grant execute on function app_credentials_by_email(text), app_own_password_hash(), app_session_lookup(text),
      app_session_extend(text, timestamptz), app_session_end(text), app_sessions_sweep(), app_end_member_sessions(uuid),
      app_end_company_sessions(), app_outbox_for_delivery(uuid), app_outbox_delivered(uuid, text, integer),
      app_outbox_failed(uuid, text, integer, boolean) to haulwise_app;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop policy two_factor_codes_own on two_factor_codes;
    alter table two_factor_codes no force row level security;
    alter table two_factor_codes disable row level security;
    drop function app_outbox_failed(uuid, text, integer, boolean), app_outbox_delivered(uuid, text, integer), app_outbox_for_delivery(uuid);
    drop policy outbox_no_master_admin_delete on outbox;
    drop policy outbox_no_master_admin_update on outbox;
    drop policy outbox_no_master_admin_insert on outbox;
    drop policy outbox_master_read on outbox;
    drop policy outbox_without_company on outbox;
    drop policy outbox_tenant on outbox;
    alter table outbox no force row level security;
    alter table outbox disable row level security;
    drop function app_sessions_sweep(), app_session_end(text), app_session_extend(text, timestamptz), app_session_lookup(text);
    drop function app_end_company_sessions(), app_end_member_sessions(uuid);
    drop policy sessions_own on sessions;
    alter table sessions no force row level security;
    alter table sessions disable row level security;
    drop function app_own_password_hash(), app_credentials_by_email(text);
    grant select on users to haulwise_app;
    grant insert on profiles to haulwise_app;
    alter default privileges grant execute on functions to public;
    grant execute on all functions in schema public to public;
    grant delete on companies to haulwise_app;
  `.execute(db);
}
