import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * Issue 30: driver pay (docs/settlements.md).
 *
 * - companies.settlement_week_starts_on (0 Sunday … 6 Saturday, Monday by default) and
 *   companies.time_zone (an IANA name, America/Chicago by default): a period is the week from the
 *   start day, [starts_on 00:00, ends_on 24:00) in the company's time zone.
 * - pay_profiles: effective-dated versions of a driver's pay (one a day at most); the version in
 *   force on a load's delivery day applies.
 * - load_miles: a person's correction of a load's loaded or empty miles (null: the estimate).
 * - driver_deductions: one-off, recurring, escrow (total = target) and advances (total = the
 *   advance); the balance is read from the approved lines, never stored twice.
 * - settlement_periods, settlements (one per driver and period), settlement_lines.
 * - A load is paid once: a unique index on (company_id, load_id) for load_pay lines.
 * - An approved settlement never changes: triggers refuse any insert, update or delete of a line
 *   of a settlement that is not a draft, and any change of an approved or paid settlement but
 *   the approved → paid step (with its date, method and reference).
 * - Row-level security like every company table (as load_confirmations, 2026-11-29T0200), the
 *   audit trail (audit_logs under the driver, or the load for its miles, the table named) and live
 *   notices for settlements (with the driver's user, so only they of the portal accounts hear).
 * - The driver is notified ('settlement_approved') when their settlement is approved; the
 *   notification's insert queues the web push as every notification does.
 */
const TENANT_TABLES = ['pay_profiles', 'load_miles', 'driver_deductions', 'settlement_periods', 'settlements', 'settlement_lines'];

const NOTIFICATION_KINDS_BEFORE = ['load_assigned', 'load_status', 'invoice_payment', 'message', 'wip_decided'];

function rowLevelSecurity(table: string, grants: string, audited: boolean) {
  return sql.raw(`
    alter table ${table} enable row level security;
    alter table ${table} force row level security;
    create policy ${table}_tenant on ${table}
      using (company_id = app_company_id()) with check (company_id = app_company_id());
    create policy ${table}_master_read on ${table} for select using (app_is_master_admin());
    create policy ${table}_no_master_admin_insert on ${table} as restrictive for insert to haulwise_app
      with check (app_master_admin_write() is null);
    create policy ${table}_no_master_admin_update on ${table} as restrictive for update to haulwise_app
      using (app_master_admin_write() is null) with check (app_master_admin_write() is null);
    create policy ${table}_no_master_admin_delete on ${table} as restrictive for delete to haulwise_app
      using (app_master_admin_write() is null);
    create policy ${table}_owner on ${table} as permissive for all to current_user using (true) with check (true);
    grant ${grants} on ${table} to haulwise_app;
    ${audited ? `create trigger ${table}_audit after insert or update or delete on ${table} for each row execute function settlements_audit_row();` : ''}
  `);
}

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table companies
      add column settlement_week_starts_on smallint not null default 1 check (settlement_week_starts_on between 0 and 6),
      add column time_zone text not null default 'America/Chicago' check (char_length(time_zone) between 1 and 64);

    create table pay_profiles (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies (id) on delete cascade,
      driver_id uuid not null,
      effective_from date not null,
      driver_type text not null check (driver_type in ('company', 'owner_operator')),
      carrier_id uuid,
      pay_basis text not null check (pay_basis in ('loaded_mile', 'total_mile', 'line_haul_percent', 'rate_percent', 'flat', 'hourly')),
      rate numeric(12, 4) not null check (rate >= 0),
      extra_items jsonb not null default '[]'::jsonb check (jsonb_typeof(extra_items) = 'array'),
      created_by uuid references users (id) on delete set null,
      created_at timestamptz not null default now(),
      unique (company_id, driver_id, effective_from),
      check (driver_type = 'company' or carrier_id is not null),
      foreign key (company_id, driver_id) references drivers (company_id, id) on delete cascade,
      foreign key (company_id, carrier_id) references carriers (company_id, id) on delete restrict
    );
    create index pay_profiles_carrier_idx on pay_profiles (company_id, carrier_id) where carrier_id is not null;

    create table load_miles (
      company_id uuid not null references companies (id) on delete cascade,
      load_id uuid not null,
      id uuid not null default gen_random_uuid(),
      loaded_miles numeric(12, 2) check (loaded_miles >= 0),
      empty_miles numeric(12, 2) check (empty_miles >= 0),
      updated_by uuid references users (id) on delete set null,
      updated_at timestamptz not null default now(),
      primary key (company_id, load_id),
      foreign key (company_id, load_id) references loads (company_id, id) on delete cascade
    );

    create table driver_deductions (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies (id) on delete cascade,
      driver_id uuid not null,
      kind text not null check (kind in ('one_off', 'recurring', 'escrow', 'advance')),
      description text not null check (char_length(description) between 1 and 200),
      amount numeric(12, 2) not null check (amount > 0),
      total numeric(12, 2) check (total > 0),
      starts_on date not null,
      ended_at timestamptz,
      entered_by uuid references users (id) on delete set null,
      created_at timestamptz not null default now(),
      unique (company_id, id),
      check (kind not in ('escrow', 'advance') or total is not null),
      foreign key (company_id, driver_id) references drivers (company_id, id) on delete cascade
    );
    create index driver_deductions_driver_idx on driver_deductions (company_id, driver_id, starts_on);

    create table settlement_periods (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies (id) on delete cascade,
      starts_on date not null,
      ends_on date not null,
      created_by uuid references users (id) on delete set null,
      created_at timestamptz not null default now(),
      unique (company_id, id),
      unique (company_id, starts_on),
      check (ends_on = starts_on + 6)
    );

    create table settlements (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies (id) on delete cascade,
      period_id uuid not null,
      driver_id uuid not null,
      driver_type text not null default 'company' check (driver_type in ('company', 'owner_operator')),
      carrier_id uuid,
      status text not null default 'draft' check (status in ('draft', 'approved', 'paid')),
      approved_at timestamptz,
      approved_by uuid references users (id) on delete set null,
      paid_on date,
      paid_method text check (paid_method in ('ach', 'check', 'wire', 'cash', 'other')),
      paid_reference text check (char_length(paid_reference) <= 100),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (company_id, id),
      unique (company_id, period_id, driver_id),
      check (status = 'draft' or approved_at is not null),
      check (status <> 'paid' or (paid_on is not null and paid_method is not null)),
      foreign key (company_id, period_id) references settlement_periods (company_id, id) on delete restrict,
      foreign key (company_id, driver_id) references drivers (company_id, id) on delete restrict
    );
    create index settlements_driver_idx on settlements (company_id, driver_id, status);
    create index settlements_carrier_idx on settlements (company_id, carrier_id) where carrier_id is not null;

    create table settlement_lines (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies (id) on delete cascade,
      settlement_id uuid not null,
      kind text not null check (kind in ('load_pay', 'extra_pay', 'deduction', 'advance', 'advance_repayment', 'escrow', 'adjustment')),
      load_id uuid,
      deduction_id uuid,
      description text not null check (char_length(description) between 1 and 200),
      quantity numeric(12, 4),
      unit_rate numeric(14, 6),
      amount numeric(12, 2) not null,
      miles numeric(12, 2),
      miles_estimated boolean not null default false,
      entered_by uuid references users (id) on delete set null,
      reason text check (char_length(reason) <= 500),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      foreign key (company_id, settlement_id) references settlements (company_id, id) on delete cascade,
      foreign key (company_id, load_id) references loads (company_id, id) on delete cascade,
      foreign key (company_id, deduction_id) references driver_deductions (company_id, id) on delete restrict
    );
    create index settlement_lines_settlement_idx on settlement_lines (company_id, settlement_id, created_at, id);
    -- A load is paid once (the gathering query's "not in any settlement line" is this index).
    create unique index settlement_lines_load_once_idx on settlement_lines (company_id, load_id) where kind = 'load_pay';
    create index settlement_lines_load_idx on settlement_lines (company_id, load_id) where load_id is not null;
    create index settlement_lines_deduction_idx on settlement_lines (company_id, deduction_id) where deduction_id is not null;
    -- The gathering query: a driver's delivered loads.
    create index loads_driver_delivered_idx on loads (company_id, driver_id, status_updated_at) where status = 'delivered';

    -- The audit trail of driver pay, filed under the driver whose pay it is (entity type drivers,
    -- the driver's id; a load's miles under the load), the table and the row named in the changes.
    -- No entity type of its own: audit_logs' list of types is kept by other migrations too.
    create function settlements_audit_row() returns trigger
      language plpgsql
      as $$
      declare
        old_row jsonb := case when tg_op in ('UPDATE', 'DELETE') then to_jsonb(old) else '{}'::jsonb end;
        new_row jsonb := case when tg_op in ('INSERT', 'UPDATE') then to_jsonb(new) else '{}'::jsonb end;
        merged jsonb := old_row || new_row;
        ignored text[] := array['id', 'company_id', 'created_at', 'updated_at'];
        changed jsonb := '{}'::jsonb;
        field text;
        entity_kind text := 'drivers';
        entity uuid;
      begin
        for field in select jsonb_object_keys(merged) loop
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
        if tg_table_name = 'load_miles' then
          entity_kind := 'loads';
          entity := (merged ->> 'load_id')::uuid;
        elsif tg_table_name = 'settlement_lines' then
          select s.driver_id into entity from settlements s
            where s.company_id = (merged ->> 'company_id')::uuid and s.id = (merged ->> 'settlement_id')::uuid;
          entity := coalesce(entity, (merged ->> 'settlement_id')::uuid);
        else
          entity := coalesce((merged ->> 'driver_id')::uuid, (merged ->> 'id')::uuid);
        end if;
        insert into audit_logs (company_id, entity_type, entity_id, action, user_id, changes)
        values (
          (merged ->> 'company_id')::uuid,
          entity_kind,
          entity,
          case tg_op when 'INSERT' then 'created' when 'UPDATE' then 'updated' else 'deleted' end,
          app_user_id(),
          jsonb_build_object('changed_fields', changed, 'table', tg_table_name, 'record_id', merged ->> 'id')
        );
        return null;
      end
      $$;

    -- An approved settlement never changes (docs/settlements.md): its lines are frozen, and the
    -- settlement itself only moves from approved to paid.
    create function settlement_lines_frozen() returns trigger
      language plpgsql
      as $$
      declare
        state text;
      begin
        select s.status into state from settlements s
          where s.company_id = coalesce(new.company_id, old.company_id) and s.id = coalesce(new.settlement_id, old.settlement_id);
        if state is not null and state <> 'draft' then
          raise exception 'Approved settlements can''t change; add an adjustment to the next one'
            using errcode = 'check_violation', constraint = 'settlement_lines_frozen';
        end if;
        return coalesce(new, old);
      end
      $$;
    create trigger settlement_lines_frozen before insert or update or delete on settlement_lines
      for each row execute function settlement_lines_frozen();

    create function settlements_frozen() returns trigger
      language plpgsql
      as $$
      begin
        if tg_op = 'DELETE' then
          if old.status <> 'draft' then
            raise exception 'Approved settlements can''t change; add an adjustment to the next one'
              using errcode = 'check_violation', constraint = 'settlements_frozen';
          end if;
          return old;
        end if;
        if old.status = 'paid'
           or (old.status = 'approved' and (new.status <> 'paid'
               or (new.period_id, new.driver_id, new.driver_type, new.carrier_id, new.approved_at, new.approved_by)
                  is distinct from (old.period_id, old.driver_id, old.driver_type, old.carrier_id, old.approved_at, old.approved_by))) then
          raise exception 'Approved settlements can''t change; add an adjustment to the next one'
            using errcode = 'check_violation', constraint = 'settlements_frozen';
        end if;
        return new;
      end
      $$;
    create trigger settlements_frozen before update or delete on settlements
      for each row execute function settlements_frozen();

    -- Live notices: staff who may read settlements hear of every one; the settlement's driver and
    -- carrier ride along, so the hub tells that driver's portal, or the carrier's users for an
    -- owner-operator's, of an approved or paid one (server/src/domains/realtime/live-batching.ts).
    create function settlements_notify() returns trigger
      language plpgsql
      as $$
      declare
        row_data settlements := coalesce(new, old);
      begin
        perform notify_event(jsonb_build_object(
          'table', 'settlements', 'op', tg_op, 'id', row_data.id, 'company_id', row_data.company_id,
          'actor_id', app_user_id(),
          'status', row_data.status,
          'old_status', case when tg_op = 'UPDATE' then old.status end,
          'driver_id', row_data.driver_id,
          'carrier_id', row_data.carrier_id,
          'driver_type', row_data.driver_type));
        return null;
      end
      $$;
    create trigger settlements_notify after insert or update or delete on settlements
      for each row execute function settlements_notify();

    -- The driver hears that their settlement was approved (a notification, then a web push).
    alter table notifications drop constraint notifications_kind_check;
    alter table notifications add constraint notifications_kind_check
      check (kind in ('load_assigned', 'load_status', 'invoice_payment', 'message', 'wip_decided', 'settlement_approved'));
    alter table notification_preferences drop constraint notification_preferences_kind_check;
    alter table notification_preferences add constraint notification_preferences_kind_check
      check (kind in ('load_assigned', 'load_status', 'invoice_payment', 'message', 'wip_decided', 'settlement_approved'));
    create function settlements_notifications() returns trigger
      language plpgsql
      as $$
      declare
        driver_user uuid;
        period record;
      begin
        if old.status = 'draft' and new.status = 'approved' then
          select d.user_id into driver_user from drivers d where d.company_id = new.company_id and d.id = new.driver_id;
          select p.starts_on, p.ends_on into period from settlement_periods p where p.company_id = new.company_id and p.id = new.period_id;
          perform notify_user(new.company_id, driver_user, 'settlement_approved',
            'Your statement is ready',
            'Your settlement for ' || to_char(period.starts_on, 'Mon FMDD') || ' – ' || to_char(period.ends_on, 'Mon FMDD, YYYY') || ' was approved',
            '/driver-portal', new.id);
        end if;
        return null;
      end
      $$;
    create trigger settlements_notifications after update on settlements
      for each row execute function settlements_notifications();
  `.execute(db);

  for (const [table, grants, audited] of [
    ['pay_profiles', 'select, insert, update', true],
    ['load_miles', 'select, insert, update', true],
    ['driver_deductions', 'select, insert, update', true],
    // A period is a week's frame: what is opened in it (its settlements) is audited.
    ['settlement_periods', 'select, insert, update', false],
    ['settlements', 'select, insert, update, delete', true],
    ['settlement_lines', 'select, insert, update, delete', true],
  ] as const) {
    await rowLevelSecurity(table, grants, audited).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const kinds = NOTIFICATION_KINDS_BEFORE.map((kind) => `'${kind}'`).join(', ');
  await sql`
    drop table if exists ${sql.raw(TENANT_TABLES.slice().reverse().join(', '))} cascade;
    drop function if exists settlements_audit_row(), settlement_lines_frozen(), settlements_frozen(), settlements_notify(), settlements_notifications();
    drop index if exists loads_driver_delivered_idx;
    delete from notifications where kind = 'settlement_approved';
    delete from notification_preferences where kind = 'settlement_approved';
    alter table notifications drop constraint notifications_kind_check;
    alter table notifications add constraint notifications_kind_check check (kind in (${sql.raw(kinds)}));
    alter table notification_preferences drop constraint notification_preferences_kind_check;
    alter table notification_preferences add constraint notification_preferences_kind_check check (kind in (${sql.raw(kinds)}));
    alter table companies drop column if exists settlement_week_starts_on, drop column if exists time_zone;
  `.execute(db);
}
