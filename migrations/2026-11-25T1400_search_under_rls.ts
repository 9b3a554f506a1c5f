import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * Search under row-level security uses its trigram index. The planner may evaluate a user's
 * condition before the row-level security policy (and so through an index) only when its operator
 * is LEAKPROOF; LIKE (`~~`, textlike) and ILIKE (`~~*`, texticlike) are not marked so, so every
 * search scanned the whole company. They are safe to mark: they return true or false for any two
 * texts and raise an error only for a malformed pattern, which is the caller's own input, never a
 * row's value. Marking a catalog function needs a superuser: the embedded database's owner is one;
 * on a DATABASE_URL whose owner is not, this says so and search stays correct, only slower.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    do $$
    begin
      if (select rolsuper from pg_roles where rolname = current_user) then
        alter function pg_catalog.textlike(text, text) leakproof;
        alter function pg_catalog.texticlike(text, text) leakproof;
      else
        raise notice 'haulwise: the owner is not a superuser, so LIKE stays non-leakproof and search under row-level security scans instead of using its index';
      end if;
    end $$;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    do $$
    begin
      if (select rolsuper from pg_roles where rolname = current_user) then
        alter function pg_catalog.textlike(text, text) not leakproof;
        alter function pg_catalog.texticlike(text, text) not leakproof;
      end if;
    end $$;
  `.execute(db);
}
