import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * Issue 24, item 7. Migration 2026-11-21T1320 gave every table with a company_id of its day three
 * restrictive policies that refuse inserts, updates and deletes while the master admin's
 * status-write path is open (app.master_admin_write): that path may change a company's
 * subscription status and nothing else. Tables made since (documents, pod_data, messages,
 * notifications, notification_preferences, push_subscriptions, invoices) went without; this adds
 * the missing ones to every such table, by the same names, and
 * tests/integration/security/master-admin-write-gate.test.ts fails on any table that lacks them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    do $$
    declare
      target text;
    begin
      for target in
        select c.relname::text
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
          and exists (select 1 from pg_attribute a
                      where a.attrelid = c.oid and a.attname = 'company_id' and not a.attisdropped)
        order by 1
      loop
        if not exists (select 1 from pg_policies where schemaname = 'public' and tablename = target
                       and policyname = target || '_no_master_admin_insert') then
          execute format('create policy %I on %I as restrictive for insert with check (app_master_admin_write() is null)',
                         target || '_no_master_admin_insert', target);
        end if;
        if not exists (select 1 from pg_policies where schemaname = 'public' and tablename = target
                       and policyname = target || '_no_master_admin_update') then
          execute format('create policy %I on %I as restrictive for update using (app_master_admin_write() is null) with check (app_master_admin_write() is null)',
                         target || '_no_master_admin_update', target);
        end if;
        if not exists (select 1 from pg_policies where schemaname = 'public' and tablename = target
                       and policyname = target || '_no_master_admin_delete') then
          execute format('create policy %I on %I as restrictive for delete using (app_master_admin_write() is null)',
                         target || '_no_master_admin_delete', target);
        end if;
      end loop;
    end
    $$;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    do $$
    declare
      target text;
      action text;
    begin
      foreach target in array array['documents', 'pod_data', 'messages', 'notifications', 'notification_preferences',
                                    'push_subscriptions', 'invoices']
      loop
        foreach action in array array['insert', 'update', 'delete']
        loop
          execute format('drop policy if exists %I on %I', target || '_no_master_admin_' || action, target);
        end loop;
      end loop;
    end
    $$;
  `.execute(db);
}
