import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * Each instance keeps a resolved session for a few seconds (server/src/trpc/session-cache.ts);
 * the app's own writes announce what they change on the 'haulwise_sessions' channel. A write that
 * does not go through the app (an operator's psql, a script, a later migration) must be seen at
 * once too: these triggers announce, at commit, every change to what a session is made of (the
 * user's roles, profile and account, the company's name and subscription status), so the caches of every
 * instance drop those sessions whoever made the change. The payload is the cache's own notice
 * shape: { userId } or { companyId }.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function session_facts_changed() returns trigger
      language plpgsql volatile
      as $$
      declare
        row_data jsonb := to_jsonb(coalesce(new, old));
      begin
        if tg_table_name = 'companies' then
          perform pg_notify('haulwise_sessions', json_build_object('companyId', row_data->>'id')::text);
        elsif tg_table_name = 'users' then
          perform pg_notify('haulwise_sessions', json_build_object('userId', row_data->>'id')::text);
        else
          perform pg_notify('haulwise_sessions', json_build_object('userId', row_data->>'user_id')::text);
        end if;
        return null;
      end
      $$;
    revoke execute on function session_facts_changed() from public;

    create trigger user_roles_session_facts after insert or update or delete on user_roles
      for each row execute function session_facts_changed();
    create trigger profiles_session_facts after update or delete on profiles
      for each row execute function session_facts_changed();
    create trigger users_session_facts after update or delete on users
      for each row execute function session_facts_changed();
    create trigger companies_session_facts after update of name, subscription_status on companies
      for each row execute function session_facts_changed();
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop trigger if exists user_roles_session_facts on user_roles;
    drop trigger if exists profiles_session_facts on profiles;
    drop trigger if exists users_session_facts on users;
    drop trigger if exists companies_session_facts on companies;
    drop function if exists session_facts_changed();
  `.execute(db);
}
