import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * Security hardening (issue 10):
 * - the outbox keeps no secrets at rest: every body of a message already sent (or given up on) is
 *   erased, and each row carries the company it was sent for (the caller's app.company_id), so a
 *   master admin's viewer can say whose it was without reading it;
 * - two-factor codes by SMS go to a phone proven by a code (profiles.two_factor_phone), not to
 *   whatever the profile's phone says; a code records where it was sent (two_factor_codes.destination);
 * - drivers_self_read shows a user their own driver record only in the company they belong to.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table outbox add column company_id uuid references companies (id) on delete set null
      default nullif(current_setting('app.company_id', true), '')::uuid;
    create index outbox_company_created_idx on outbox (company_id, created_at desc);
    update outbox set body_text = '', body_html = null where status in ('sent', 'failed');

    alter table profiles add column two_factor_phone text;
    -- Accounts already on SMS keep getting codes where they get them today.
    update profiles set two_factor_phone = phone where two_factor_enabled and two_factor_method = 'sms' and phone is not null;
    alter table two_factor_codes add column destination text;
    grant update (two_factor_phone) on profiles to haulwise_app;

    drop policy drivers_self_read on drivers;
    create policy drivers_self_read on drivers for select
      using (user_id = app_user_id() and company_id = (select p.company_id from profiles p where p.user_id = app_user_id()));
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop policy drivers_self_read on drivers;
    create policy drivers_self_read on drivers for select using (user_id = app_user_id());
    revoke update (two_factor_phone) on profiles from haulwise_app;
    alter table two_factor_codes drop column destination;
    alter table profiles drop column two_factor_phone;
    drop index outbox_company_created_idx;
    alter table outbox drop column company_id;
  `.execute(db);
}
