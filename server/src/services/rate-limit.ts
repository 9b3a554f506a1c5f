import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * Counts one hit of `key` in the caller's own handle (a procedure's transaction, so the count
 * takes no connection of its own): true while the key stays within `limit` hits per window.
 * Fixed windows counted in PostgreSQL, so every app instance shares one count. Inside a
 * transaction the count stands only if it commits: a call whose failure must still count (a
 * wrong password) fails with commitThenFail (db/transactions.ts).
 */
export async function hitRateLimit(db: Kysely<Database>, key: string, limit: number, windowSeconds: number): Promise<boolean> {
  const windowStart = new Date(Math.floor(Date.now() / (windowSeconds * 1000)) * windowSeconds * 1000);
  const row = await db
    .insertInto('rateLimitHits')
    .values({ key, windowStart, hits: 1 })
    .onConflict((oc) => oc.columns(['key', 'windowStart']).doUpdateSet({ hits: sql`rate_limit_hits.hits + 1` }))
    .returning('hits')
    .executeTakeFirstOrThrow();
  return row.hits <= limit;
}

/** Windows older than a day are over for every limit: a job of the queue deletes them hourly. */
export async function sweepRateLimits(db: Kysely<Database>): Promise<void> {
  await db
    .deleteFrom('rateLimitHits')
    .where('windowStart', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
}
