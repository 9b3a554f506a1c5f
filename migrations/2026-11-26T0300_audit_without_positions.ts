import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * A driver's position reports move drivers.current_location_lat/lng and last_location_update many
 * times an hour per driver; each was an audit entry ("updated", those three fields), the bulk of
 * audit_logs at ingest rates. The positions table (and its partitions) is the record of where a
 * driver was; the audit trail keeps every other change of a driver. Only position reports write
 * these columns. An update that changes nothing else is not audited.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function audit_row() returns trigger
      language plpgsql
      as $$
      declare
        old_row jsonb := case when tg_op in ('UPDATE', 'DELETE') then to_jsonb(old) else '{}'::jsonb end;
        new_row jsonb := case when tg_op in ('INSERT', 'UPDATE') then to_jsonb(new) else '{}'::jsonb end;
        ignored text[] := array['id', 'company_id', 'created_at', 'updated_at', 'search_text', 'status_updated_at']
          || case when tg_table_name = 'drivers'
               then array['current_location_lat', 'current_location_lng', 'last_location_update']
               else array[]::text[] end;
        changed jsonb := '{}'::jsonb;
        field text;
      begin
        for field in select jsonb_object_keys(old_row || new_row) loop
          continue when field = any(ignored);
          if (old_row -> field) is distinct from (new_row -> field)
             and not (tg_op = 'INSERT' and jsonb_typeof(new_row -> field) = 'null')
             and not (tg_op = 'DELETE' and jsonb_typeof(old_row -> field) = 'null') then
            changed := changed || jsonb_build_object(field, jsonb_build_object('old', old_row -> field, 'new', new_row -> field));
          end if;
        end loop;
        if tg_op = 'UPDATE' and changed = '{}'::jsonb then
          return null;
        end if;
        insert into audit_logs (company_id, entity_type, entity_id, action, user_id, changes)
        values (
          coalesce((new_row ->> 'company_id')::uuid, (old_row ->> 'company_id')::uuid),
          tg_table_name,
          coalesce((new_row ->> 'id')::uuid, (old_row ->> 'id')::uuid),
          case tg_op when 'INSERT' then 'created' when 'UPDATE' then 'updated' else 'deleted' end,
          app_user_id(),
          jsonb_build_object('changed_fields', changed)
        );
        return null;
      end
      $$;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function audit_row() returns trigger
      language plpgsql
      as $$
      declare
        old_row jsonb := case when tg_op in ('UPDATE', 'DELETE') then to_jsonb(old) else '{}'::jsonb end;
        new_row jsonb := case when tg_op in ('INSERT', 'UPDATE') then to_jsonb(new) else '{}'::jsonb end;
        ignored text[] := array['id', 'company_id', 'created_at', 'updated_at', 'search_text', 'status_updated_at'];
        changed jsonb := '{}'::jsonb;
        field text;
      begin
        for field in select jsonb_object_keys(old_row || new_row) loop
          continue when field = any(ignored);
          if (old_row -> field) is distinct from (new_row -> field)
             and not (tg_op = 'INSERT' and jsonb_typeof(new_row -> field) = 'null')
             and not (tg_op = 'DELETE' and jsonb_typeof(old_row -> field) = 'null') then
            changed := changed || jsonb_build_object(field, jsonb_build_object('old', old_row -> field, 'new', new_row -> field));
          end if;
        end loop;
        if tg_op = 'UPDATE' and changed = '{}'::jsonb then
          return null;
        end if;
        insert into audit_logs (company_id, entity_type, entity_id, action, user_id, changes)
        values (
          coalesce((new_row ->> 'company_id')::uuid, (old_row ->> 'company_id')::uuid),
          tg_table_name,
          coalesce((new_row ->> 'id')::uuid, (old_row ->> 'id')::uuid),
          case tg_op when 'INSERT' then 'created' when 'UPDATE' then 'updated' else 'deleted' end,
          app_user_id(),
          jsonb_build_object('changed_fields', changed)
        );
        return null;
      end
      $$;
  `.execute(db);
}
