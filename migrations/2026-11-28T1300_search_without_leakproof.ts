import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * Search through its trigram index without marking built-in operators LEAKPROOF (which needs a
 * superuser, so a managed PostgreSQL's owner cannot; migrations/2026-11-25T1400_search_under_rls.ts
 * did it where the owner was one, and this undoes it there). One design for every database:
 *
 * Why the app role's own query cannot use the index: under row-level security the planner may
 * evaluate a condition before the policies' (and so as an index condition) only when it is
 * LEAKPROOF, and LIKE is not. A SECURITY INVOKER function runs as the app role, so it meets the
 * same wall. A SECURITY DEFINER function owned by the owner meets it too: tenant tables FORCE
 * row-level security, so the owner is under the policies as well.
 *
 * So the search runs in app_search_loads, a SECURITY DEFINER function owned by haulwise_search, a
 * role of its own (NOLOGIN, no other rights): it may read only the columns a search filters and
 * orders by (id, company_id, search_text, status, sales_user_id, created_by, created_at), through
 * a SELECT policy of its own whose condition is `true` (folded away, so LIKE becomes an index
 * condition). The function filters by the caller's company explicitly, with the same settings
 * the tenant policies read (app.company_id; across companies only when app.master_admin is on, as
 * the master admin's read policy), and answers only load ids: one page of them, newest first.
 *
 * Row-level security stays the real guard: the list reads its rows from loads as the app role
 * (`loads.id in (select app_search_loads(...))`), under the tenant policies, so an id the
 * function answered wrongly would still not be read. haulwise_search owns nothing but the
 * function, cannot log in, cannot write, and no role can become it but the owner.
 *
 * The statement inside is written per call (which conditions apply) and planned with the call's
 * values (EXECUTE ... USING), so a rare term walks the trigram index and a common one the
 * newest-first index, as the planner judges.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    do $$
    begin
      if (select rolsuper from pg_roles where rolname = current_user) then
        alter function pg_catalog.textlike(text, text) not leakproof;
        alter function pg_catalog.texticlike(text, text) not leakproof;
      end if;
      if not exists (select 1 from pg_roles where rolname = 'haulwise_search') then
        create role haulwise_search nologin nosuperuser nobypassrls nocreatedb nocreaterole noinherit;
      end if;
    end
    $$;
    -- The owner makes the function haulwise_search's (ALTER ... OWNER TO needs membership).
    grant haulwise_search to current_user;
    grant usage on schema public to haulwise_search;
    grant select (id, company_id, search_text, status, sales_user_id, created_by, created_at) on loads to haulwise_search;
    create policy loads_search_reads on loads for select to haulwise_search using (true);

    create function app_search_loads(_pattern text, _company_id uuid, _status text, _owner_id uuid,
                                     _after_at timestamptz, _after_id uuid, _limit integer)
      returns table (id uuid)
      language plpgsql stable security definer
      set search_path = pg_catalog, public
      rows 50
    as $f$
    declare
      _master boolean := coalesce(nullif(current_setting('app.master_admin', true), '')::boolean, false);
      _query text := 'select l.id from public.loads l where l.search_text like $2';
    begin
      if _company_id is null then
        -- Every company's loads: only on the master admin's read path.
        if not _master then return; end if;
      elsif _company_id = nullif(current_setting('app.company_id', true), '')::uuid or _master then
        _query := _query || ' and l.company_id = $1';
      else
        return;
      end if;
      if _status is not null then _query := _query || ' and l.status = $3'; end if;
      if _owner_id is not null then _query := _query || ' and (l.sales_user_id = $4 or l.created_by = $4)'; end if;
      if _after_at is not null then _query := _query || ' and (l.created_at, l.id) < ($5, $6)'; end if;
      return query execute _query || ' order by l.created_at desc, l.id desc limit $7'
        using _company_id, _pattern, _status, _owner_id, _after_at, _after_id, _limit;
    end
    $f$;
    revoke all on function app_search_loads(text, uuid, text, uuid, timestamptz, uuid, integer) from public;
    grant execute on function app_search_loads(text, uuid, text, uuid, timestamptz, uuid, integer) to haulwise_app;
    -- A new owner needs CREATE on the function's schema, for the moment of the change only.
    grant create on schema public to haulwise_search;
    alter function app_search_loads(text, uuid, text, uuid, timestamptz, uuid, integer) owner to haulwise_search;
    revoke create on schema public from haulwise_search;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop function if exists app_search_loads(text, uuid, text, uuid, timestamptz, uuid, integer);
    drop policy if exists loads_search_reads on loads;
    revoke select on loads from haulwise_search;
    revoke usage on schema public from haulwise_search;
  `.execute(db);
}
