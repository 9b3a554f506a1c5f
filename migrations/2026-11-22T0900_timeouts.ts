import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * Nothing the app does waits forever: a statement runs at most 15 s, a lock is awaited at most
 * 5 s, and a transaction left idle is ended after 30 s (its connection goes back to the pool).
 * Role settings apply to new connections of the app role; the owner (migrations, backups) is unaffected.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter role haulwise_app set statement_timeout = '15s';
    alter role haulwise_app set lock_timeout = '5s';
    alter role haulwise_app set idle_in_transaction_session_timeout = '30s';
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    alter role haulwise_app reset statement_timeout;
    alter role haulwise_app reset lock_timeout;
    alter role haulwise_app reset idle_in_transaction_session_timeout;
  `.execute(db);
}
