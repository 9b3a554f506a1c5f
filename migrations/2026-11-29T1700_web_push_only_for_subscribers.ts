import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * A web push fan-out job only for a notification whose recipient has a push subscription.
 *
 * Every notification queued a `web-push-fan-out` job (2026-11-25T1300_web_push), which for a user
 * without a subscription finds nothing and ends. Under `make soak` a status change notifies two or
 * three people, so each paid two or three job inserts (about 2.4 ms each in PostgreSQL, the
 * statement's largest cost after the list reads) and the worker fetched and deleted as many jobs,
 * all for nobody. The writer cannot look: push_subscriptions shows a user their own rows only.
 *
 * app_has_push_subscription(company, user) answers that one boolean with the owner's rights, for a
 * user of the transaction's own company (app.company_id). Outside a company's transaction (no
 * company set, or another company: a master admin's write) it answers true, so the job is queued
 * as before and the job itself finds the subscriptions. It reads nothing else and answers nothing
 * else.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function app_has_push_subscription(_company_id uuid, _user_id uuid) returns boolean
      language sql stable security definer
      set search_path = pg_catalog, public
    as $$
      select case when _company_id is distinct from public.app_company_id() then true
        else exists (select 1 from public.push_subscriptions s where s.company_id = _company_id and s.user_id = _user_id) end
    $$;
    revoke all on function app_has_push_subscription(uuid, uuid) from public;
    grant execute on function app_has_push_subscription(uuid, uuid) to haulwise_app;

    create or replace function notifications_to_web_push() returns trigger
      language plpgsql
      as $$
      begin
        if app_has_push_subscription(new.company_id, new.user_id) then
          perform graphile_worker.add_job(
            identifier => 'web-push-fan-out',
            payload => json_build_object('notificationId', new.id, 'companyId', new.company_id, 'userId', new.user_id),
            max_attempts => 5,
            job_key => 'web-push:' || new.id::text);
        end if;
        return null;
      end
      $$;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function notifications_to_web_push() returns trigger
      language plpgsql
      as $$
      begin
        perform graphile_worker.add_job(
          identifier => 'web-push-fan-out',
          payload => json_build_object('notificationId', new.id, 'companyId', new.company_id, 'userId', new.user_id),
          max_attempts => 5,
          job_key => 'web-push:' || new.id::text);
        return null;
      end
      $$;
    drop function if exists app_has_push_subscription(uuid, uuid);
  `.execute(db);
}
