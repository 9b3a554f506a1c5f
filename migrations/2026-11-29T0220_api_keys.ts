import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * Issue 28, item 2: API keys per company.
 *
 * - api_keys: a company's keys. Only the SHA-256 of the key is stored (the key is 32 random bytes,
 *   so a fast hash is enough), with its first characters (prefix) to recognise it in a list; its
 *   name, its scopes (jsonb: each resource's 'read' or 'write'; a resource not named is refused),
 *   an optional expiry, when it was last used (at most once a minute), when it was revoked and who
 *   made it. Row-level security like every company table (enabled and forced, the tenant policy,
 *   the master admin's read, the restrictive policies of the master admin's write path, the owner's).
 * - app_api_key_use(hash): the one read before the company is known (as app_session_lookup is for
 *   a session): the key with that hash, its company and its creator's identity and role, and the
 *   last-used time moved on when it is over a minute old. Only the holder of the key can name the hash.
 * - audit_logs.api_key_id: the key a change was made with, from app.api_key_id (set by the guard of a
 *   call made with a key), as a column default, so every writer of audit entries records it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table api_keys (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies (id) on delete cascade,
      name text not null check (length(name) between 1 and 100),
      prefix text not null check (length(prefix) between 8 and 20),
      secret_hash text not null check (secret_hash ~ '^[0-9a-f]{64}$'),
      scopes jsonb not null check (jsonb_typeof(scopes) = 'object'),
      expires_at timestamptz,
      last_used_at timestamptz,
      revoked_at timestamptz,
      created_by uuid references users (id) on delete set null,
      created_at timestamptz not null default now(),
      unique (company_id, id)
    );
    create unique index api_keys_secret_hash_key on api_keys (secret_hash);
    create index api_keys_company_idx on api_keys (company_id, created_at desc, id desc);

    alter table api_keys enable row level security;
    alter table api_keys force row level security;
    create policy api_keys_tenant on api_keys
      using (company_id = app_company_id()) with check (company_id = app_company_id());
    create policy api_keys_master_read on api_keys for select using (app_is_master_admin());
    create policy api_keys_no_master_admin_insert on api_keys as restrictive for insert to haulwise_app
      with check (app_master_admin_write() is null);
    create policy api_keys_no_master_admin_update on api_keys as restrictive for update to haulwise_app
      using (app_master_admin_write() is null) with check (app_master_admin_write() is null);
    create policy api_keys_no_master_admin_delete on api_keys as restrictive for delete to haulwise_app
      using (app_master_admin_write() is null);
    create policy api_keys_owner on api_keys as permissive for all to current_user using (true) with check (true);
    grant select, insert, update on api_keys to haulwise_app;

    alter table audit_logs add column api_key_id uuid references api_keys (id) on delete set null
      default nullif(current_setting('app.api_key_id', true), '')::uuid;

    create function app_api_key_use(_secret_hash text)
      returns table (id uuid, company_id uuid, name text, scopes jsonb, expires_at timestamptz, revoked_at timestamptz,
                     user_id uuid, email text, first_name text, last_name text, role text,
                     company_name text, subscription_status text)
      language sql volatile security definer
      set search_path = public, pg_temp
      as $$
        with used as (
          update api_keys k set last_used_at = now()
          where k.secret_hash = _secret_hash and k.revoked_at is null
            and (k.last_used_at is null or k.last_used_at < now() - interval '1 minute')
          returning k.id
        )
        select k.id, k.company_id, k.name, k.scopes, k.expires_at, k.revoked_at,
               u.id, u.email, p.first_name, p.last_name, r.role, c.name, c.subscription_status
        from api_keys k
        join companies c on c.id = k.company_id
        left join users u on u.id = k.created_by
        left join profiles p on p.user_id = k.created_by and p.company_id = k.company_id
        left join user_roles r on r.user_id = k.created_by and r.company_id = k.company_id
        where k.secret_hash = _secret_hash
      $$;
    revoke execute on function app_api_key_use(text) from public;
    grant execute on function app_api_key_use(text) to haulwise_app;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop function if exists app_api_key_use(text);
    alter table audit_logs drop column if exists api_key_id;
    drop table if exists api_keys;
  `.execute(db);
}
