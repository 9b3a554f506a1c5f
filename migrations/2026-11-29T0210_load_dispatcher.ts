import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * A dispatcher per load (issue 26, item 2).
 *
 * - loads.dispatcher_id: the user who dispatches the load, null for none. It references users as
 *   created_by and sales_user_id do (ON DELETE SET NULL): removing a team member keeps their
 *   account (and so the loads keep who dispatched them); only a deleted account clears it. That
 *   the user is a member of the load's company who may dispatch is the server's check
 *   (server/src/domains/loads/load-dispatcher.ts), as for the sales agent.
 * - loads.dispatcher_name: the dispatcher's name as it was when assigned, set by a trigger of its
 *   own whenever dispatcher_id changes, exactly as driver_name, broker_name and carrier_name are
 *   (2026-11-21T1220_people.ts): the board shows it and sorts by it through an index, keyset paged
 *   like the other name columns. A reference cleared because the account was deleted keeps it.
 * - Indexes, company_id first, as the board's others (2026-11-28T2000_load_board_indexes.ts):
 *   (company_id, dispatcher_name, id) for the sort, both directions, rows without one last;
 *   (company_id, dispatcher_id, created_at desc, id desc) for the filter ("Mine", or one
 *   dispatcher) in the board's default order, newest first, only over loads that have one.
 *
 * No backfill: existing loads have no dispatcher. Runs as the owner, who need not be a superuser.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table loads
      add column dispatcher_id uuid references users (id) on delete set null,
      add column dispatcher_name text;

    create function loads_dispatcher_name() returns trigger
      language plpgsql
      as $$
      begin
        if tg_op = 'INSERT' or new.dispatcher_id is distinct from old.dispatcher_id then
          if not (tg_op = 'UPDATE' and new.dispatcher_id is null and not exists (select 1 from users where id = old.dispatcher_id)) then
            new.dispatcher_name := (select nullif(trim(first_name || ' ' || last_name), '') from profiles
              where user_id = new.dispatcher_id and company_id = new.company_id);
          end if;
        end if;
        return new;
      end
      $$;
    create trigger loads_dispatcher_name before insert or update of dispatcher_id on loads
      for each row execute function loads_dispatcher_name();

    create index loads_board_dispatcher_name_idx on loads (company_id, dispatcher_name, id);
    create index loads_board_dispatcher_idx on loads (company_id, dispatcher_id, created_at desc, id desc)
      where dispatcher_id is not null;
    analyze loads;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop trigger if exists loads_dispatcher_name on loads;
    drop function if exists loads_dispatcher_name();
    drop index if exists loads_board_dispatcher_name_idx, loads_board_dispatcher_idx;
    alter table loads drop column if exists dispatcher_name, drop column if exists dispatcher_id;
  `.execute(db);
}
