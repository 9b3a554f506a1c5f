import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * A rate limit's window opens at a key's first hit (as the HTTP limiter's windows do), no longer
 * at a clock boundary shared by every key: a burst of hits then always lands in one window, and a
 * burst that straddles a minute boundary can no longer get twice the limit. One row per key: the
 * latest window of each key is kept, older ones go.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    delete from rate_limit_hits old
     using rate_limit_hits newer
     where newer.key = old.key and newer.window_start > old.window_start;
    alter table rate_limit_hits drop constraint rate_limit_hits_pkey;
    alter table rate_limit_hits add primary key (key);
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    alter table rate_limit_hits drop constraint rate_limit_hits_pkey;
    alter table rate_limit_hits add primary key (key, window_start);
  `.execute(db);
}
