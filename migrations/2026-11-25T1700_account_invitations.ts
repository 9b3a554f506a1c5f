import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * Driver and carrier-user invitations (issue 14): the team invitation, widened exactly as needed.
 * - role may also be 'driver' or 'carrier' (an account with no staff role, linked to a driver
 *   record: docs/fleet.md); such an invitation names that driver record (driver_id), a staff
 *   invitation names none;
 * - the driver belongs to the invitation's company (composite key): an invitation for another
 *   company's driver cannot exist; deleting the driver deletes its invitations;
 * - one open invitation per driver record;
 * - row-level security: the table's own policies (tenant, master admin's read, the token's read)
 *   cover the new column as they cover the others.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table invitations add column driver_id uuid;
    alter table invitations add constraint invitations_driver_fkey
      foreign key (company_id, driver_id) references drivers (company_id, id) on delete cascade;
    alter table invitations drop constraint invitations_role_check;
    alter table invitations add constraint invitations_role_check
      check (role in ('admin', 'sales', 'dispatcher', 'treasury', 'driver', 'carrier'));
    alter table invitations add constraint invitations_account_driver_check
      check ((role in ('driver', 'carrier')) = (driver_id is not null));
    create unique index invitations_open_driver_key on invitations (company_id, driver_id)
      where driver_id is not null and accepted_at is null and revoked_at is null;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    delete from invitations where driver_id is not null;
    drop index if exists invitations_open_driver_key;
    alter table invitations drop constraint if exists invitations_account_driver_check;
    alter table invitations drop constraint if exists invitations_role_check;
    alter table invitations add constraint invitations_role_check check (role in ('admin', 'sales', 'dispatcher', 'treasury'));
    alter table invitations drop constraint if exists invitations_driver_fkey;
    alter table invitations drop column if exists driver_id;
  `.execute(db);
}
