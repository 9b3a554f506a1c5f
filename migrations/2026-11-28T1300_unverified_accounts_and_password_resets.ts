import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * Issue 24, items 1 and 2.
 *
 * - app_discard_unverified_account: an account whose address nobody has proven may be replaced
 *   (a new sign-up for the address, an invitation accepted from the address's mailbox) and expires
 *   after a few days. The function deletes such an account, its sessions (whose trigger tells every
 *   instance, so its sockets close), links and codes, and the company its sign-up made, but only
 *   while that company has no other member and holds nothing in any table with a company_id: what
 *   an unverified account can reach is nothing, so that is what a sign-up leaves (its own profile
 *   and role, and the mail it was sent: the outbox keeps its rows, their company set to null). An account
 *   verified meanwhile, or one in a company with anything in it (an account made before addresses
 *   were verified), is left alone: false. It locks the account's row first, so a link being used at
 *   the same moment either verifies it first (and it stays) or finds it gone. The app role may not
 *   delete companies itself (the audit log); this deletes only an empty one.
 * - password_resets: mailed password-reset links, stored only as the SHA-256 of their token,
 *   single use, expiring (as email_verifications).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function app_discard_unverified_account(_user_id uuid) returns boolean
      language plpgsql volatile security definer
      set search_path = public, pg_temp
      as $$
      declare
        target_company uuid;
        previous_company text := coalesce(current_setting('app.company_id', true), '');
        previous_user text := coalesce(current_setting('app.user_id', true), '');
        tenant_table text;
        holds_rows boolean := false;
      begin
        perform 1 from users where id = _user_id and email_verified_at is null for update;
        if not found then
          return false;
        end if;
        perform set_config('app.user_id', _user_id::text, true);
        select company_id into target_company from profiles where user_id = _user_id;
        if target_company is not null then
          perform set_config('app.company_id', target_company::text, true);
          holds_rows := exists (select 1 from profiles where company_id = target_company and user_id <> _user_id);
          for tenant_table in
            select c.relname::text from pg_class c
            join pg_namespace n on n.oid = c.relnamespace
            join pg_attribute a on a.attrelid = c.oid and a.attname = 'company_id' and not a.attisdropped
            where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
              and c.relname not in ('profiles', 'user_roles', 'outbox')
          loop
            exit when holds_rows;
            execute format('select exists (select 1 from %I where company_id = $1)', tenant_table) into holds_rows using target_company;
          end loop;
        end if;
        if not holds_rows then
          delete from users where id = _user_id;
          if target_company is not null then
            delete from companies where id = target_company;
          end if;
        end if;
        perform set_config('app.company_id', previous_company, true);
        perform set_config('app.user_id', previous_user, true);
        return not holds_rows;
      end
      $$;
    revoke execute on function app_discard_unverified_account(uuid) from public;
    grant execute on function app_discard_unverified_account(uuid) to haulwise_app;

    create table password_resets (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id) on delete cascade,
      token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    );
    create index password_resets_user_id_idx on password_resets (user_id, created_at desc);
    grant select, insert, update, delete on password_resets to haulwise_app;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop table if exists password_resets;
    drop function if exists app_discard_unverified_account(uuid);
  `.execute(db);
}
