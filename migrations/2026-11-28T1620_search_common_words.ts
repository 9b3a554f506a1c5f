import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * app_search_loads, for words many loads contain. 2026-11-28T1300 left the choice between the
 * trigram index and the newest-first walk to the planner, but the planner cannot judge it there:
 * under row-level security (haulwise_search reads through a policy of its own) it may not use a
 * column's statistics for a non-LEAKPROOF operator such as LIKE, so it guesses 100 matches for any
 * pattern and always takes the trigram index. For a word in many loads ('chicago' in 36,000 of
 * 1,000,000) that fetched every match of every company and sorted them: 0.4 to 1.5 s a page
 * (bench/run.ts), where the owner's plan walks the company's newest loads and stops at a page in
 * 1 ms.
 *
 * So the function decides, without statistics: first the company's newest COMMON_WINDOW loads
 * (through its (company_id, created_at) index, with the same status, owner and keyset filters);
 * when they hold a page of matches, that page is the answer (a common word, found at once). Only
 * when they do not is the word rare enough for the trigram index, whose matches are then few. The
 * answer is the same either way: the newest matches, a page of them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function app_search_loads(_pattern text, _company_id uuid, _status text, _owner_id uuid,
                                                _after_at timestamptz, _after_id uuid, _limit integer)
      returns table (id uuid)
      language plpgsql stable security definer
      set search_path = pg_catalog, public
      rows 50
    as $f$
    declare
      _master boolean := coalesce(nullif(current_setting('app.master_admin', true), '')::boolean, false);
      _filters text := '';
      _common_window constant integer := 2000;
      _recent uuid[];
    begin
      if _company_id is null then
        -- Every company's loads: only on the master admin's read path.
        if not _master then return; end if;
      elsif _company_id = nullif(current_setting('app.company_id', true), '')::uuid or _master then
        _filters := ' and l.company_id = $1';
      else
        return;
      end if;
      if _status is not null then _filters := _filters || ' and l.status = $3'; end if;
      if _owner_id is not null then _filters := _filters || ' and (l.sales_user_id = $4 or l.created_by = $4)'; end if;
      if _after_at is not null then _filters := _filters || ' and (l.created_at, l.id) < ($5, $6)'; end if;
      if _company_id is not null then
        -- A common word: the company's newest loads hold a page of matches.
        execute 'select array(select s.id from (select l.id, l.search_text, l.created_at from public.loads l where true'
             || _filters || ' order by l.created_at desc, l.id desc limit $8) s'
             || ' where s.search_text like $2 order by s.created_at desc, s.id desc limit $7)'
          into _recent
          using _company_id, _pattern, _status, _owner_id, _after_at, _after_id, _limit, _common_window;
        if coalesce(array_length(_recent, 1), 0) >= _limit then
          return query select unnest(_recent);
          return;
        end if;
      end if;
      -- A rare word: its few matches through the trigram index.
      return query execute 'select l.id from public.loads l where l.search_text like $2' || _filters
        || ' order by l.created_at desc, l.id desc limit $7'
        using _company_id, _pattern, _status, _owner_id, _after_at, _after_id, _limit;
    end
    $f$;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function app_search_loads(_pattern text, _company_id uuid, _status text, _owner_id uuid,
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
  `.execute(db);
}
