import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// The app role (haulwise_app) is created before migrations run; see server/src/db/bootstrap.ts.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function app_company_id() returns uuid
      language sql stable
      as $$ select nullif(current_setting('app.company_id', true), '')::uuid $$;

    create function app_user_id() returns uuid
      language sql stable
      as $$ select nullif(current_setting('app.user_id', true), '')::uuid $$;

    create function app_is_master_admin() returns boolean
      language sql stable
      as $$ select coalesce(nullif(current_setting('app.master_admin', true), '')::boolean, false) $$;

    create function notify_event(payload jsonb) returns void
      language sql volatile
      as $$ select pg_notify('haulwise_events', payload::text) $$;

    -- Tenant root.
    create table companies (
      id uuid primary key default gen_random_uuid(),
      name text not null check (length(name) between 1 and 200),
      email text,
      phone text,
      address text,
      subscription_status text not null default 'active',
      airwallex_account_id text,
      created_at timestamptz not null default now()
    );

    -- Global identities: an account exists before it belongs to a company.
    create table users (
      id uuid primary key default gen_random_uuid(),
      email text not null check (email = lower(email) and length(email) <= 255),
      password_hash text not null,
      password_changed_at timestamptz not null default now(),
      created_at timestamptz not null default now()
    );
    create unique index users_email_key on users (email);

    create table sessions (
      id text primary key,
      user_id uuid not null references users (id) on delete cascade,
      expires_at timestamptz not null,
      absolute_expires_at timestamptz not null,
      created_at timestamptz not null default now(),
      user_agent text,
      ip text
    );
    create index sessions_user_id_idx on sessions (user_id);

    create table profiles (
      user_id uuid primary key references users (id) on delete cascade,
      company_id uuid not null references companies (id) on delete cascade,
      first_name text not null default '',
      last_name text not null default '',
      phone text,
      is_master_admin boolean not null default false,
      two_factor_enabled boolean not null default false,
      two_factor_method text not null default 'sms' check (two_factor_method in ('sms', 'email')),
      created_at timestamptz not null default now()
    );
    create index profiles_company_id_idx on profiles (company_id, created_at);

    create table user_roles (
      user_id uuid primary key references users (id) on delete cascade,
      company_id uuid not null references companies (id) on delete cascade,
      role text not null check (role in ('admin', 'sales', 'dispatcher', 'treasury')),
      created_at timestamptz not null default now()
    );
    create index user_roles_company_id_idx on user_roles (company_id, role);

    create table contact_messages (
      id uuid primary key default gen_random_uuid(),
      name text not null,
      email text not null,
      phone text,
      subject text not null,
      message text not null,
      ip text,
      created_at timestamptz not null default now()
    );

    create table outbox (
      id uuid primary key default gen_random_uuid(),
      channel text not null check (channel in ('email', 'sms')),
      recipient text not null,
      subject text not null default '',
      body_text text not null,
      body_html text,
      status text not null default 'queued' check (status in ('queued', 'sent', 'failed')),
      provider text not null default 'outbox',
      provider_message_id text,
      error text,
      attempts integer not null default 0,
      created_at timestamptz not null default now(),
      sent_at timestamptz
    );
    create index outbox_created_at_idx on outbox (created_at desc);

    create table rate_limit_hits (
      key text not null,
      window_start timestamptz not null,
      hits integer not null default 0,
      primary key (key, window_start)
    );

    -- Row-level security: every tenant table is scoped to app.company_id,
    -- a master admin may read (never write) across companies through app.master_admin.
    alter table companies enable row level security;
    alter table companies force row level security;
    create policy companies_tenant on companies
      using (id = app_company_id()) with check (id = app_company_id());
    create policy companies_master_read on companies for select using (app_is_master_admin());
    create policy companies_member_read on companies for select
      using (id in (select p.company_id from profiles p where p.user_id = app_user_id()));

    alter table profiles enable row level security;
    alter table profiles force row level security;
    create policy profiles_tenant on profiles
      using (company_id = app_company_id()) with check (company_id = app_company_id());
    create policy profiles_self_read on profiles for select using (user_id = app_user_id());
    create policy profiles_master_read on profiles for select using (app_is_master_admin());

    alter table user_roles enable row level security;
    alter table user_roles force row level security;
    create policy user_roles_tenant on user_roles
      using (company_id = app_company_id()) with check (company_id = app_company_id());
    create policy user_roles_self_read on user_roles for select using (user_id = app_user_id());
    create policy user_roles_master_read on user_roles for select using (app_is_master_admin());

    -- Sign-up: the spec's create_company_for_user, run inside the sign-up transaction.
    create function create_company_for_user(
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
        insert into profiles (user_id, company_id, first_name, last_name, is_master_admin)
          values (_user_id, new_company_id, _first_name, _last_name, _is_platform_admin);
        insert into user_roles (user_id, company_id, role) values (_user_id, new_company_id, 'admin');
        return new_company_id;
      end
      $$;

    -- Realtime: a revoked or expired session closes its sockets.
    create function sessions_notify() returns trigger
      language plpgsql
      as $$
      begin
        perform notify_event(jsonb_build_object(
          'table', 'sessions', 'op', TG_OP, 'user_id', old.user_id,
          'session', left(encode(sha256(convert_to(old.id, 'UTF8')), 'hex'), 32)));
        return old;
      end
      $$;
    create trigger sessions_after_delete after delete on sessions
      for each row execute function sessions_notify();

    grant usage on schema public to haulwise_app;
    grant select, insert, update, delete on companies, users, sessions, profiles, user_roles, outbox, rate_limit_hits to haulwise_app;
    grant insert on contact_messages to haulwise_app;
    grant execute on function app_company_id(), app_user_id(), app_is_master_admin(), notify_event(jsonb),
      create_company_for_user(text, uuid, boolean, text, text) to haulwise_app;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop table if exists rate_limit_hits, outbox, contact_messages, user_roles, profiles, sessions, users, companies cascade;
    drop function if exists create_company_for_user, sessions_notify, notify_event, app_is_master_admin, app_user_id, app_company_id;
  `.execute(db);
}
