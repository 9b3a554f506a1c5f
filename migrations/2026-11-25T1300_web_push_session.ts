import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * A browser's push subscription lasts as long as the session that made it: signing out (or the
 * session expiring, or being ended from another device) deletes it, so a shared computer does not
 * keep showing the last user's notifications. The cascade is the database's own (a referential
 * action), so it needs no read of sessions by the app role.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    delete from push_subscriptions;
    alter table push_subscriptions add column session_id text not null references sessions (id) on delete cascade;
    create index push_subscriptions_session_idx on push_subscriptions (session_id);
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table push_subscriptions drop column session_id`.execute(db);
}
