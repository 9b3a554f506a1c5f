import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * The owner reads and writes every row, on every database, as a superuser owner always did
 * (superusers bypass row-level security, FORCE or not). A managed PostgreSQL's owner is neither a
 * superuser nor BYPASSRLS, and tenant tables FORCE row-level security, so without this:
 * - the owner-rights functions the app calls (app_session_lookup, app_credentials_by_email, ...:
 *   SECURITY DEFINER, each reviewed to reach exactly its rows, tests/integration/security/
 *   database-gate.test.ts) would see only what the tenant policies let through: no session
 *   would load, nobody could sign in;
 * - `make backup` would copy no rows, and the migrations' own data changes would miss rows.
 *
 * So one permissive policy per table with forced row-level security, `to` the owner role (the
 * role running this migration) only, `using (true) with check (true)`. The app role is not the
 * owner and cannot become it (the gate test checks its memberships), and no view runs with the
 * owner's rights (the gate test again), so the app reaches rows only through its own policies and
 * the reviewed owner-rights functions, exactly as on a superuser owner. Restrictive policies
 * (INSERT, UPDATE and DELETE ones only) still apply to the owner. A table made by a later
 * migration needs the same policy: tests/integration/managed-owner.test.ts checks every forced
 * table has it. On a superuser owner the policy changes nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    do $$
    declare
      target text;
    begin
      for target in
        select c.relname::text from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
          and c.relrowsecurity and c.relforcerowsecurity
        order by 1
      loop
        execute format('create policy %I on public.%I as permissive for all to %I using (true) with check (true)',
                       target || '_owner', target, current_user);
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
        where schemaname = 'public' and policyname = tablename || '_owner' and roles = array[current_user::name]
      loop
        execute format('drop policy %I on public.%I', found.policyname, found.tablename);
      end loop;
    end
    $$;
  `.execute(db);
}
