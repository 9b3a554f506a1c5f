import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * Issue 24, item 7: app_grant_platform_admin checks that the address is listed. Until now it
 * checked only that the account's address was verified, so any code path of the app role that
 * reached it (a bug, an injected call) could make any verified account a master admin.
 *
 * - platform_admin_addresses: the addresses that may become master admins. The owner keeps it
 *   (the app role has no grant at all, not even select): each start writes PLATFORM_ADMIN_EMAILS
 *   into it (source 'config', the ones taken out of the setting leave); `make admin` lists its
 *   account (source 'operator', kept across starts). Accounts already master admins are listed
 *   as 'operator', so nothing changes for them.
 * - app_grant_platform_admin refuses an account whose address is not listed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table platform_admin_addresses (
      email text primary key check (email = lower(email)),
      source text not null check (source in ('config', 'operator')),
      listed_at timestamptz not null default now()
    );
    revoke all on platform_admin_addresses from public;

    insert into platform_admin_addresses (email, source)
      select lower(u.email), 'operator' from users u join profiles p on p.user_id = u.id where p.is_master_admin
      on conflict do nothing;

    create or replace function app_grant_platform_admin(_user_id uuid) returns boolean
      language plpgsql volatile security definer
      set search_path = public, pg_temp
      as $$
      declare
        target_company uuid;
        previous_company text := coalesce(current_setting('app.company_id', true), '');
        previous_user text := coalesce(current_setting('app.user_id', true), '');
      begin
        if not exists (select 1 from users where id = _user_id and email_verified_at is not null) then
          raise exception 'only an account with a verified email address can be a master admin'
            using errcode = 'insufficient_privilege';
        end if;
        if not exists (select 1 from users u join platform_admin_addresses a on a.email = lower(u.email) where u.id = _user_id) then
          raise exception 'only an address listed in PLATFORM_ADMIN_EMAILS can be a master admin'
            using errcode = 'insufficient_privilege';
        end if;
        perform set_config('app.user_id', _user_id::text, true);
        select company_id into target_company from profiles where user_id = _user_id;
        if target_company is not null then
          perform set_config('app.company_id', target_company::text, true);
          update profiles set is_master_admin = true where user_id = _user_id;
        end if;
        perform set_config('app.company_id', previous_company, true);
        perform set_config('app.user_id', previous_user, true);
        return target_company is not null;
      end
      $$;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function app_grant_platform_admin(_user_id uuid) returns boolean
      language plpgsql volatile security definer
      set search_path = public, pg_temp
      as $$
      declare
        target_company uuid;
        previous_company text := coalesce(current_setting('app.company_id', true), '');
        previous_user text := coalesce(current_setting('app.user_id', true), '');
      begin
        if not exists (select 1 from users where id = _user_id and email_verified_at is not null) then
          raise exception 'only an account with a verified email address can be a master admin'
            using errcode = 'insufficient_privilege';
        end if;
        perform set_config('app.user_id', _user_id::text, true);
        select company_id into target_company from profiles where user_id = _user_id;
        if target_company is not null then
          perform set_config('app.company_id', target_company::text, true);
          update profiles set is_master_admin = true where user_id = _user_id;
        end if;
        perform set_config('app.company_id', previous_company, true);
        perform set_config('app.user_id', previous_user, true);
        return target_company is not null;
      end
      $$;
    drop table if exists platform_admin_addresses;
  `.execute(db);
}
