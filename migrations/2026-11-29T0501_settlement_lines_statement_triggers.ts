import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * Issue 30, the bench (bench/settlements.ts): gathering a week writes thousands of settlement lines
 * in a few statements, and the row triggers of 2026-11-29T0500 (the approved-settlement check and
 * the audit entry, each reading the line's settlement) cost about 2 ms a line. A gathering's
 * inserts are checked and audited once per statement instead, from the statement's new rows
 * (a transition table): the same refusal, the same audit entries (created, under the driver, the
 * table and the row named). Updates and deletes (a person's edits, one line at a time) keep
 * their row triggers.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    drop trigger settlement_lines_frozen on settlement_lines;
    create trigger settlement_lines_frozen before update or delete on settlement_lines
      for each row execute function settlement_lines_frozen();
    create function settlement_lines_frozen_insert() returns trigger
      language plpgsql
      as $$
      begin
        if exists (select 1 from new_lines n join settlements s on s.company_id = n.company_id and s.id = n.settlement_id
                   where s.status <> 'draft') then
          raise exception 'Approved settlements can''t change; add an adjustment to the next one'
            using errcode = 'check_violation', constraint = 'settlement_lines_frozen';
        end if;
        return null;
      end
      $$;
    create trigger settlement_lines_frozen_insert after insert on settlement_lines
      referencing new table as new_lines for each statement execute function settlement_lines_frozen_insert();

    drop trigger settlement_lines_audit on settlement_lines;
    create trigger settlement_lines_audit after update or delete on settlement_lines
      for each row execute function settlements_audit_row();
    create function settlement_lines_audit_insert() returns trigger
      language plpgsql
      as $$
      begin
        insert into audit_logs (company_id, entity_type, entity_id, action, user_id, changes)
        select n.company_id, 'drivers', coalesce(s.driver_id, n.settlement_id), 'created', app_user_id(),
          jsonb_build_object(
            'changed_fields', (select coalesce(jsonb_object_agg(f.key, jsonb_build_object('old', null, 'new', f.value)), '{}'::jsonb)
              from jsonb_each(to_jsonb(n)) f
              where f.key not in ('id', 'company_id', 'created_at', 'updated_at') and jsonb_typeof(f.value) <> 'null'),
            'table', 'settlement_lines',
            'record_id', n.id)
        from new_lines n
        left join settlements s on s.company_id = n.company_id and s.id = n.settlement_id;
        return null;
      end
      $$;
    create trigger settlement_lines_audit_insert after insert on settlement_lines
      referencing new table as new_lines for each statement execute function settlement_lines_audit_insert();
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop trigger if exists settlement_lines_audit_insert on settlement_lines;
    drop function if exists settlement_lines_audit_insert();
    drop trigger if exists settlement_lines_audit on settlement_lines;
    create trigger settlement_lines_audit after insert or update or delete on settlement_lines
      for each row execute function settlements_audit_row();
    drop trigger if exists settlement_lines_frozen_insert on settlement_lines;
    drop function if exists settlement_lines_frozen_insert();
    drop trigger if exists settlement_lines_frozen on settlement_lines;
    create trigger settlement_lines_frozen before insert or update or delete on settlement_lines
      for each row execute function settlement_lines_frozen();
  `.execute(db);
}
