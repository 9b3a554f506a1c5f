import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * The platform flag follows a proven address: PLATFORM_ADMIN_EMAILS grants it when a listed
 * address is verified, so the app may now set profiles.is_master_admin on its own (a column
 * grant), and the database refuses the flag, on insert or update, to an account whose address is
 * not verified.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function profiles_master_admin_needs_verified_email() returns trigger
      language plpgsql
      as $$
      begin
        if new.is_master_admin and (tg_op = 'INSERT' or not old.is_master_admin)
           and not exists (select 1 from users where id = new.user_id and email_verified_at is not null) then
          raise exception 'only an account with a verified email address can be a master admin'
            using errcode = 'insufficient_privilege';
        end if;
        return new;
      end
      $$;
    create trigger profiles_master_admin_needs_verified_email before insert or update of is_master_admin on profiles
      for each row execute function profiles_master_admin_needs_verified_email();

    grant update (is_master_admin) on profiles to haulwise_app;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    revoke update (is_master_admin) on profiles from haulwise_app;
    drop trigger if exists profiles_master_admin_needs_verified_email on profiles;
    drop function if exists profiles_master_admin_needs_verified_email();
  `.execute(db);
}
