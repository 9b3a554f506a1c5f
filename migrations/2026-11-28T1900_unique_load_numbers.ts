import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * A load number is unique within its company (issue 26, item 5): a unique index on
 * (company_id, load_number), which also finds a number of the company at once (the next default
 * number's probe, server/src/domains/loads/load-numbers.ts).
 *
 * A database may already hold duplicates (demo data, companies from before the rule): they are
 * renumbered first, deterministically, so the index never fails to build. Within a company the
 * first load of a number (oldest created_at, then id) keeps it; each later one gets the number
 * with `-2`, `-3`, ... appended (its rank among the duplicates, or the next free suffix when that
 * number is taken too), the base cut so the whole stays within the 50 characters the column allows.
 * The renumbering is an ordinary update: the audit trail records it (by nobody: "System").
 *
 * Runs as the owner, who reaches every company's rows through its own policy
 * (2026-11-28T1200_owner_rows), on a superuser owner and on a managed PostgreSQL's alike. A
 * temporary index keeps the look-ups of the renumbering fast on a large table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create index loads_company_load_number_tmp on loads (company_id, load_number);
    do $$
    declare
      duplicate record;
      suffix integer;
      candidate text;
    begin
      for duplicate in
        select ranked.id, ranked.company_id, ranked.load_number, ranked.rank
          from (select l.id, l.company_id, l.load_number,
                       row_number() over (partition by l.company_id, l.load_number order by l.created_at, l.id) as rank
                  from loads l) ranked
         where ranked.rank > 1
         order by ranked.company_id, ranked.load_number, ranked.rank
      loop
        suffix := duplicate.rank;
        loop
          candidate := left(duplicate.load_number, 50 - length('-' || suffix)) || '-' || suffix;
          exit when not exists (select 1 from loads l where l.company_id = duplicate.company_id and l.load_number = candidate);
          suffix := suffix + 1;
        end loop;
        update loads set load_number = candidate where id = duplicate.id;
      end loop;
    end
    $$;
    drop index loads_company_load_number_tmp;
    create unique index loads_company_load_number_key on loads (company_id, load_number);
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists loads_company_load_number_key`.execute(db);
}
