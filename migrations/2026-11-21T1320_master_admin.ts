import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * The master admin's one write outside their own company: a company's subscription status
 * (suspend, reactivate). No policy widens writes across companies and no function runs with
 * its owner's rights. Instead the write runs in a transaction of its own that is scoped to
 * the target company like any tenant transaction (so the ordinary tenant policies apply),
 * names the acting master admin in app.user_id and marks itself with
 * app.master_admin_write = 'company_status'. While that mark is set, the database itself
 * keeps the transaction narrow:
 * - on companies, a trigger lets through only an UPDATE that changes subscription_status
 *   alone, to 'active' or 'suspended', by a user whose profile is a master admin, who does
 *   not suspend their own company;
 * - on every other table with company_id, restrictive policies refuse INSERT, UPDATE and
 *   DELETE (tables created by later migrations must add the same three policies).
 * Reads stay as they are. The app code that opens this transaction logs every use.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function app_master_admin_write() returns text
      language sql stable
      as $$ select nullif(current_setting('app.master_admin_write', true), '') $$;

    create function companies_guard_master_admin_write() returns trigger
      language plpgsql
      as $$
      declare
        purpose text := app_master_admin_write();
      begin
        if purpose is null then
          return case when tg_op = 'DELETE' then old else new end;
        end if;
        if purpose <> 'company_status' or tg_op <> 'UPDATE' then
          raise exception 'the master admin write path only changes a company''s subscription status'
            using errcode = 'insufficient_privilege';
        end if;
        if (to_jsonb(new) - 'subscription_status') is distinct from (to_jsonb(old) - 'subscription_status') then
          raise exception 'the master admin write path only changes a company''s subscription status'
            using errcode = 'insufficient_privilege';
        end if;
        if new.subscription_status not in ('active', 'suspended') then
          raise exception 'a subscription status is active or suspended' using errcode = 'check_violation';
        end if;
        -- profiles_self_read lets the acting user read their own profile whatever app.company_id is.
        if not exists (select 1 from profiles where user_id = app_user_id() and is_master_admin) then
          raise exception 'only a master admin changes a company''s subscription status'
            using errcode = 'insufficient_privilege';
        end if;
        if new.subscription_status = 'suspended'
           and exists (select 1 from profiles where user_id = app_user_id() and company_id = new.id) then
          raise exception 'a master admin cannot suspend their own company' using errcode = 'insufficient_privilege';
        end if;
        return new;
      end
      $$;
    create trigger companies_guard_master_admin_write before insert or update or delete on companies
      for each row execute function companies_guard_master_admin_write();

    do $$
    declare
      target text;
    begin
      for target in
        select c.relname::text
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relname <> 'companies'
          and exists (select 1 from pg_attribute a
                      where a.attrelid = c.oid and a.attname = 'company_id' and not a.attisdropped)
      loop
        execute format('create policy %I on %I as restrictive for insert with check (app_master_admin_write() is null)',
                       target || '_no_master_admin_insert', target);
        execute format('create policy %I on %I as restrictive for update using (app_master_admin_write() is null) with check (app_master_admin_write() is null)',
                       target || '_no_master_admin_update', target);
        execute format('create policy %I on %I as restrictive for delete using (app_master_admin_write() is null)',
                       target || '_no_master_admin_delete', target);
      end loop;
    end
    $$;

    grant execute on function app_master_admin_write() to haulwise_app;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    do $$
    declare
      policy record;
    begin
      for policy in
        select tablename, policyname from pg_policies
        where schemaname = 'public' and policyname ~ '_no_master_admin_(insert|update|delete)$'
      loop
        execute format('drop policy %I on %I', policy.policyname, policy.tablename);
      end loop;
    end
    $$;
    drop trigger if exists companies_guard_master_admin_write on companies;
    drop function if exists companies_guard_master_admin_write, app_master_admin_write;
  `.execute(db);
}
