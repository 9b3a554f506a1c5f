import { sql } from 'kysely';
import type { Db } from '../db/database.js';

export interface RateLimiter {
  /** Counts one hit; true while the key stays within `limit` hits per window. */
  hit(key: string, limit: number, windowSeconds: number): Promise<boolean>;
}

/** Fixed windows counted in PostgreSQL, so every app instance shares one count. */
export function createRateLimiter(db: Db): RateLimiter {
  let lastSweep = 0;
  return {
    async hit(key, limit, windowSeconds) {
      const now = Date.now();
      const windowStart = new Date(Math.floor(now / (windowSeconds * 1000)) * windowSeconds * 1000);
      const row = await db
        .insertInto('rateLimitHits')
        .values({ key, windowStart: windowStart, hits: 1 })
        .onConflict((oc) => oc.columns(['key', 'windowStart']).doUpdateSet({ hits: sql`rate_limit_hits.hits + 1` }))
        .returning('hits')
        .executeTakeFirstOrThrow();
      if (now - lastSweep > 60_000) {
        lastSweep = now;
        await db
          .deleteFrom('rateLimitHits')
          .where('windowStart', '<', new Date(now - 24 * 3600 * 1000))
          .execute();
      }
      return row.hits <= limit;
    },
  };
}
