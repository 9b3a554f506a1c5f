import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * Counts one hit of `key` in the caller's own handle (a procedure's transaction, so the count
 * takes no connection of its own): true while the key stays within `limit` hits per window.
 * Counted in PostgreSQL, so every app instance shares one count. A key's window opens at its
 * first hit and lasts `windowSeconds` (one row per key): a burst always lands in one window,
 * wherever the clock stands. Inside a transaction the count stands only if it commits: a call
 * whose failure must still count (a wrong password) fails with commitThenFail (db/transactions.ts).
 */
export async function hitRateLimit(db: Kysely<Database>, key: string, limit: number, windowSeconds: number): Promise<boolean> {
  const now = new Date();
  const windowOver = sql<boolean>`rate_limit_hits.window_start <= ${now}::timestamptz - make_interval(secs => ${windowSeconds})`;
  const row = await db
    .insertInto('rateLimitHits')
    .values({ key, windowStart: now, hits: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        windowStart: sql`case when ${windowOver} then excluded.window_start else rate_limit_hits.window_start end`,
        hits: sql`case when ${windowOver} then 1 else rate_limit_hits.hits + 1 end`,
      }),
    )
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
