import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * Invoices (issue 12). One lifecycle (docs/invoices.md):
 *   draft -> sent -> paid, draft -> paid (a payment arrived before it was sent), draft|sent -> void;
 *   paid and void are final. "Overdue" is not stored: an unpaid (draft or sent) invoice past its
 *   due date is overdue.
 * - the number INV-yyyymmdd-NNN is unique per company (the server retries another number when two
 *   creations draw the same one);
 * - a load is invoiced once unless its invoice is void (a partial unique index);
 * - the load and the broker belong to the invoice's company (composite keys, as loads do);
 * - only a draft is edited, and the status moves only along the lifecycle: a trigger refuses
 *   anything else, whoever writes (the server checks first and says why);
 * - sent_at and paid_at are stamped by the trigger when the status gets there;
 * - row-level security: the tenant policy and the master admin's read; the app inserts and
 *   updates named columns only, and never deletes an invoice (it is voided);
 * - audited (audit_row), live (notify_event), and a status change notifies the company's treasury
 *   users and admins (notify_company_roles, migrations/2026-11-25T1300_notifications.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table invoices (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies (id) on delete cascade,
      invoice_number text not null check (invoice_number ~ '^INV-[0-9]{8}-[0-9]{3}$'),
      load_id uuid,
      broker_id uuid,
      invoice_date date not null,
      due_date date not null,
      amount numeric(12, 2) not null check (amount >= 0),
      notes text check (length(notes) <= 2000),
      status text not null default 'draft' check (status in ('draft', 'sent', 'paid', 'void')),
      sent_at timestamptz,
      paid_at timestamptz,
      voided_at timestamptz,
      created_by uuid references users (id) on delete set null,
      airwallex_payment_link text check (length(airwallex_payment_link) <= 2000),
      payment_link_id text check (length(payment_link_id) <= 200),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (company_id, id),
      constraint invoices_number_key unique (company_id, invoice_number),
      check (due_date >= invoice_date),
      foreign key (company_id, load_id) references loads (company_id, id) on delete set null (load_id),
      foreign key (company_id, broker_id) references brokers (company_id, id) on delete set null (broker_id)
    );
    create unique index invoices_load_once_key on invoices (company_id, load_id) where load_id is not null and status <> 'void';
    create index invoices_company_created_idx on invoices (company_id, created_at desc, id desc);
    create index invoices_company_status_created_idx on invoices (company_id, status, created_at desc, id desc);
    create index invoices_company_broker_created_idx on invoices (company_id, broker_id, created_at desc, id desc) where broker_id is not null;
    create index invoices_company_date_idx on invoices (company_id, invoice_date desc, id desc);
    create index invoices_number_trgm_idx on invoices using gin (lower(invoice_number) gin_trgm_ops);

    alter table invoices enable row level security;
    alter table invoices force row level security;
    create policy invoices_tenant on invoices
      using (company_id = app_company_id()) with check (company_id = app_company_id());
    create policy invoices_master_read on invoices for select using (app_is_master_admin());

    grant select on invoices to haulwise_app;
    grant insert (company_id, invoice_number, load_id, broker_id, invoice_date, due_date, amount, notes, created_by)
      on invoices to haulwise_app;
    grant update (load_id, broker_id, invoice_date, due_date, amount, notes, status, airwallex_payment_link, payment_link_id)
      on invoices to haulwise_app;

    create function invoices_before_write() returns trigger
      language plpgsql
      as $$
      begin
        if tg_op = 'INSERT' then
          if new.status <> 'draft' then
            raise exception 'a new invoice is a draft' using errcode = 'check_violation', constraint = 'invoices_lifecycle';
          end if;
          return new;
        end if;
        if new.status is distinct from old.status then
          if not ((old.status = 'draft' and new.status in ('sent', 'paid', 'void'))
                  or (old.status = 'sent' and new.status in ('paid', 'void'))) then
            raise exception 'invoice status cannot change from % to %', old.status, new.status
              using errcode = 'check_violation', constraint = 'invoices_lifecycle';
          end if;
          if new.status = 'sent' then new.sent_at := now(); end if;
          if new.status = 'paid' then new.paid_at := now(); end if;
          if new.status = 'void' then new.voided_at := now(); end if;
        end if;
        -- Only a draft is edited (a deleted load or broker may still be let go of).
        if old.status <> 'draft' and (
             new.invoice_number is distinct from old.invoice_number
             or (new.load_id is distinct from old.load_id and new.load_id is not null)
             or (new.broker_id is distinct from old.broker_id and new.broker_id is not null)
             or new.invoice_date is distinct from old.invoice_date
             or new.due_date is distinct from old.due_date
             or new.amount is distinct from old.amount
             or new.notes is distinct from old.notes) then
          raise exception 'only a draft invoice can be edited' using errcode = 'check_violation', constraint = 'invoices_draft_only';
        end if;
        new.updated_at := now();
        return new;
      end
      $$;
    create trigger invoices_before_write before insert or update on invoices
      for each row execute function invoices_before_write();

    create trigger invoices_audit after insert or update or delete on invoices
      for each row execute function audit_row();

    create function invoices_notify() returns trigger
      language plpgsql
      as $$
      declare
        row_data invoices := coalesce(new, old);
      begin
        perform notify_event(jsonb_build_object(
          'table', 'invoices', 'op', tg_op, 'id', row_data.id, 'company_id', row_data.company_id,
          'actor_id', app_user_id(),
          'status', row_data.status,
          'old_status', case when tg_op = 'UPDATE' then old.status end,
          'load_id', row_data.load_id,
          'created_by', row_data.created_by));
        return null;
      end
      $$;
    create trigger invoices_notify after insert or update or delete on invoices
      for each row execute function invoices_notify();

    -- A change of payment status tells the company's treasury users and admins.
    create function invoices_notifications() returns trigger
      language plpgsql
      as $$
      begin
        if old.status is distinct from new.status then
          perform notify_company_roles(new.company_id, array['admin', 'treasury'], 'invoice_payment',
            'Invoice ' || new.invoice_number || ' ' || new.status,
            'Invoice ' || new.invoice_number || ' status changed from ' || status_label(old.status) || ' to ' || status_label(new.status),
            '/invoices?search=' || new.invoice_number, new.id);
        end if;
        return null;
      end
      $$;
    create trigger invoices_to_notifications after update of status on invoices
      for each row execute function invoices_notifications();
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop table if exists invoices cascade;
    drop function if exists invoices_before_write, invoices_notify, invoices_notifications;
  `.execute(db);
}
