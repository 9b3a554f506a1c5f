import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * Change notices carry what the live feed needs to decide who hears them and what a screen
 * should patch or re-read, with the same ownership rule as the lists (server/src/db/scope.ts):
 * - loads: created_by beside sales_user_id (a sales user's own loads are those they sell or
 *   created), and both as they were before an update (old_*), so a user also hears that a load
 *   stopped being theirs;
 * - drivers: their status, and the sales agent before an update;
 * - wip_assignments: their status;
 * - brokers and carriers notify too (carriers with their sales agent), so every record screen is live;
 * - every notice names the acting user (actor_id, from app.user_id): the server tells a subscriber
 *   which notices are their own changes and strips it before anything leaves.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function loads_notify() returns trigger
      language plpgsql
      as $$
      declare
        row_data loads := coalesce(new, old);
      begin
        perform notify_event(jsonb_build_object(
          'table', 'loads', 'op', tg_op, 'id', row_data.id, 'company_id', row_data.company_id,
          'actor_id', app_user_id(),
          'status', row_data.status,
          'old_status', case when tg_op = 'UPDATE' then old.status end,
          'driver_id', row_data.driver_id,
          'sales_user_id', row_data.sales_user_id,
          'created_by', row_data.created_by,
          'old_sales_user_id', case when tg_op = 'UPDATE' then old.sales_user_id end,
          'old_created_by', case when tg_op = 'UPDATE' then old.created_by end));
        return null;
      end
      $$;

    create or replace function drivers_notify() returns trigger
      language plpgsql
      as $$
      declare
        row_data drivers := coalesce(new, old);
      begin
        perform notify_event(jsonb_build_object(
          'table', 'drivers', 'op', tg_op, 'id', row_data.id, 'company_id', row_data.company_id,
          'actor_id', app_user_id(),
          'status', row_data.status,
          'sales_agent_id', row_data.sales_agent_id,
          'old_sales_agent_id', case when tg_op = 'UPDATE' then old.sales_agent_id end));
        return null;
      end
      $$;

    create or replace function wip_assignments_notify() returns trigger
      language plpgsql
      as $$
      declare
        row_data wip_assignments := coalesce(new, old);
      begin
        perform notify_event(jsonb_build_object(
          'table', 'wip_assignments', 'op', tg_op, 'id', row_data.id, 'company_id', row_data.company_id,
          'actor_id', app_user_id(),
          'status', row_data.status,
          'user_id', row_data.user_id));
        return null;
      end
      $$;

    create function carriers_notify() returns trigger
      language plpgsql
      as $$
      declare
        row_data carriers := coalesce(new, old);
      begin
        perform notify_event(jsonb_build_object(
          'table', 'carriers', 'op', tg_op, 'id', row_data.id, 'company_id', row_data.company_id,
          'actor_id', app_user_id(),
          'sales_agent_id', row_data.sales_agent_id,
          'old_sales_agent_id', case when tg_op = 'UPDATE' then old.sales_agent_id end));
        return null;
      end
      $$;
    create trigger carriers_notify after insert or update or delete on carriers
      for each row execute function carriers_notify();

    create function brokers_notify() returns trigger
      language plpgsql
      as $$
      declare
        row_data brokers := coalesce(new, old);
      begin
        perform notify_event(jsonb_build_object(
          'table', 'brokers', 'op', tg_op, 'id', row_data.id, 'company_id', row_data.company_id,
          'actor_id', app_user_id()));
        return null;
      end
      $$;
    create trigger brokers_notify after insert or update or delete on brokers
      for each row execute function brokers_notify();
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop trigger if exists brokers_notify on brokers;
    drop trigger if exists carriers_notify on carriers;
    drop function if exists brokers_notify, carriers_notify;

    create or replace function loads_notify() returns trigger
      language plpgsql
      as $$
      declare
        row_data loads := coalesce(new, old);
      begin
        perform notify_event(jsonb_build_object(
          'table', 'loads', 'op', tg_op, 'id', row_data.id, 'company_id', row_data.company_id,
          'status', row_data.status,
          'old_status', case when tg_op = 'UPDATE' then old.status end,
          'driver_id', row_data.driver_id, 'sales_user_id', row_data.sales_user_id));
        return null;
      end
      $$;

    create or replace function drivers_notify() returns trigger
      language plpgsql
      as $$
      declare
        row_data drivers := coalesce(new, old);
      begin
        perform notify_event(jsonb_build_object(
          'table', 'drivers', 'op', tg_op, 'id', row_data.id, 'company_id', row_data.company_id,
          'sales_agent_id', row_data.sales_agent_id));
        return null;
      end
      $$;

    create or replace function wip_assignments_notify() returns trigger
      language plpgsql
      as $$
      declare
        row_data wip_assignments := coalesce(new, old);
      begin
        perform notify_event(jsonb_build_object(
          'table', 'wip_assignments', 'op', tg_op, 'id', row_data.id, 'company_id', row_data.company_id,
          'user_id', row_data.user_id));
        return null;
      end
      $$;
  `.execute(db);
}
