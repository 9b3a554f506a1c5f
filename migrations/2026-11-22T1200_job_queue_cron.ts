import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * The job queue's cron (graphile-worker's scheduler, which runs the hourly sweep of rate-limit
 * windows) keeps when each schedule last ran in graphile_worker._private_known_crontabs: the app
 * role, which runs the worker, reads and writes it. (2026-11-22T1000_job_queue opened it to the
 * app role by a policy but granted nothing on it.)
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`grant select, insert, update on graphile_worker._private_known_crontabs to haulwise_app`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`revoke select, insert, update on graphile_worker._private_known_crontabs from haulwise_app`.execute(db);
}
