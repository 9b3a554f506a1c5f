import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * The app role never writes profiles.is_master_admin itself (no column grant: the previous
 * migration's grant is taken back). When a listed PLATFORM_ADMIN_EMAILS address is verified, the
 * app calls app_grant_platform_admin, which runs with its owner's rights and sets the flag only
 * on an account whose address is verified (the trigger of the previous migration refuses it
 * otherwise, whoever writes). It scopes its own write to the account's company, and puts the
 * caller's app.company_id and app.user_id back after.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    revoke update (is_master_admin) on profiles from haulwise_app;

    create function app_grant_platform_admin(_user_id uuid) returns boolean
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
    revoke execute on function app_grant_platform_admin(uuid) from public;
    grant execute on function app_grant_platform_admin(uuid) to haulwise_app;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists app_grant_platform_admin(uuid)`.execute(db);
}
