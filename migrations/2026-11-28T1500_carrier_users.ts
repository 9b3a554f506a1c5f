import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * Issue 24, item 3: driver and carrier accounts are kinds of their own. Until now a carrier user
 * was "an account linked to a driver record that has a carrier" (drivers.user_id), exactly what a
 * driver whose record has a carrier also is, so such a driver opened the carrier portal.
 *
 * - carrier_users: one row per carrier user, linked to the carrier itself (company, carrier,
 *   user). An account is a carrier user when it has this row, a driver when a driver record is
 *   linked to it, never both (this migration unlinks the driver record of each account it moves).
 *   The user's profile in that company is required (composite key): removing the member removes
 *   the row; deleting the carrier removes its users' rows.
 * - row-level security like every company table: enabled and forced, the tenant policy (USING and
 *   WITH CHECK), the master admin's read, the restrictive policies of the master admin's
 *   status-write path (to the app role, as 2026-11-28T1400_owner_past_restrictive_policies left them), the user's own row before the company is set (as drivers_self_read: the
 *   session reads who it is with app.user_id only), and the owner's (as 2026-11-28T1200_owner_rows
 *   gives every forced table). The app may select, insert and delete.
 * - existing accounts: an account linked to a driver record with a carrier that did not accept a
 *   `driver` invitation for that record came by a `carrier` invitation or was linked by hand as
 *   the carrier's user (the demo's carrier@summit.demo): it becomes that carrier's user, and the
 *   driver record is no longer linked to it. A driver invited as a driver stays a driver.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table carrier_users (
      company_id uuid not null,
      user_id uuid not null,
      carrier_id uuid not null,
      created_at timestamptz not null default now(),
      primary key (company_id, user_id),
      constraint carrier_users_user_key unique (user_id),
      constraint carrier_users_profile_fkey foreign key (company_id, user_id)
        references profiles (company_id, user_id) on delete cascade,
      constraint carrier_users_carrier_fkey foreign key (company_id, carrier_id)
        references carriers (company_id, id) on delete cascade
    );
    create index carrier_users_carrier_idx on carrier_users (company_id, carrier_id);

    alter table carrier_users enable row level security;
    alter table carrier_users force row level security;
    create policy carrier_users_tenant on carrier_users
      using (company_id = app_company_id()) with check (company_id = app_company_id());
    create policy carrier_users_master_read on carrier_users for select using (app_is_master_admin());
    create policy carrier_users_self_read on carrier_users for select
      using (user_id = app_user_id() and company_id = (select p.company_id from profiles p where p.user_id = app_user_id()));
    -- Restrictive policies bind the app role only (2026-11-28T1400_owner_past_restrictive_policies).
    create policy carrier_users_no_master_admin_insert on carrier_users as restrictive for insert to haulwise_app
      with check (app_master_admin_write() is null);
    create policy carrier_users_no_master_admin_update on carrier_users as restrictive for update to haulwise_app
      using (app_master_admin_write() is null) with check (app_master_admin_write() is null);
    create policy carrier_users_no_master_admin_delete on carrier_users as restrictive for delete to haulwise_app
      using (app_master_admin_write() is null);
    -- The owner's own rows, as on every forced table (2026-11-28T1200_owner_rows): the data move below, backups.
    create policy carrier_users_owner on carrier_users as permissive for all to current_user using (true) with check (true);
    grant select, insert, delete on carrier_users to haulwise_app;

    create temporary table moved_carrier_users on commit drop as
      select distinct on (d.user_id) d.company_id, d.user_id, d.carrier_id, d.id as driver_id
      from drivers d
      join profiles p on p.user_id = d.user_id and p.company_id = d.company_id
      where d.user_id is not null and d.carrier_id is not null
        and not exists (select 1 from user_roles r where r.user_id = d.user_id)
        and not exists (
          select 1 from invitations i join users u on u.id = d.user_id
          where i.company_id = d.company_id and i.driver_id = d.id and i.role = 'driver'
            and i.accepted_at is not null and lower(i.email) = lower(u.email))
      order by d.user_id, d.created_at desc, d.id desc;
    insert into carrier_users (company_id, user_id, carrier_id)
      select company_id, user_id, carrier_id from moved_carrier_users;
    update drivers d set user_id = null
      from moved_carrier_users m where d.company_id = m.company_id and d.user_id = m.user_id;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  // Best effort back to the old shape: each carrier user is linked to the newest unlinked driver record of their carrier.
  await sql`
    update drivers d set user_id = c.user_id
      from carrier_users c
      where d.id = (select x.id from drivers x
                    where x.company_id = c.company_id and x.carrier_id = c.carrier_id and x.user_id is null
                    order by x.created_at desc, x.id desc limit 1);
    drop table if exists carrier_users;
  `.execute(db);
}
