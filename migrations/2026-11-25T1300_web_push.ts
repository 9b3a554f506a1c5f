import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * Web Push (issue 13): the browsers a user asked to receive their notifications in, and a job per
 * stored notification that delivers it to them after commit (graphile-worker, in the transaction
 * that made the notification: nothing is pushed for a change that rolled back).
 * A subscription is its user's alone (row-level security): nobody else reads its endpoint or keys.
 * The job is queued for every notification (the actor's transaction cannot see whether the
 * recipient has a browser subscribed); it finds none for most people and ends at once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table push_subscriptions (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies (id) on delete cascade,
      user_id uuid not null,
      endpoint text not null check (length(endpoint) between 10 and 1000),
      p256dh text not null check (length(p256dh) between 20 and 200),
      auth text not null check (length(auth) between 8 and 100),
      created_at timestamptz not null default now(),
      unique (company_id, user_id, endpoint),
      foreign key (company_id, user_id) references profiles (company_id, user_id) on delete cascade
    );
    alter table push_subscriptions enable row level security;
    alter table push_subscriptions force row level security;
    create policy push_subscriptions_tenant on push_subscriptions
      using (company_id = app_company_id() and user_id = app_user_id())
      with check (company_id = app_company_id() and user_id = app_user_id());
    grant select, insert, delete on push_subscriptions to haulwise_app;

    create function notifications_to_web_push() returns trigger
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
    create trigger notifications_to_web_push after insert on notifications
      for each row execute function notifications_to_web_push();
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop trigger if exists notifications_to_web_push on notifications;
    drop function if exists notifications_to_web_push;
    drop table if exists push_subscriptions cascade;
  `.execute(db);
}
