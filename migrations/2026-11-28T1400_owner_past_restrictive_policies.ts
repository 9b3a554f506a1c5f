import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * The restrictive policies (a message is sent in one's own name, a position is reported by the
 * driver's own account, no master admin writes) are about the app's calls: they now apply to the
 * app role alone, not to PUBLIC. A superuser owner was never under them; an owner that is not a
 * superuser (a managed PostgreSQL's) was, so a restore's, a script's or a test fixture's rows, and
 * the owner-rights functions, met rules made for a signed-in user. With 2026-11-28T1200_owner_rows
 * the owner now stands where a superuser owner stood, on every database. The app role's calls
 * meet exactly the policies they met before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    do $$
    declare
      found record;
    begin
      for found in
        select tablename, policyname from pg_policies
        where schemaname = 'public' and permissive = 'RESTRICTIVE' and roles = array['public'::name]
        order by 1, 2
      loop
        execute format('alter policy %I on public.%I to haulwise_app', found.policyname, found.tablename);
      end loop;
    end
    $$;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    do $$
    declare
      found record;
    begin
      for found in
        select tablename, policyname from pg_policies
        where schemaname = 'public' and permissive = 'RESTRICTIVE' and roles = array['haulwise_app'::name]
      loop
        execute format('alter policy %I on public.%I to public', found.policyname, found.tablename);
      end loop;
    end
    $$;
  `.execute(db);
}
