import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * Drivers and carrier users write messages (issue 27, item 2), but only to the company's staff:
 * a message between two accounts without a role (a driver to a driver, a carrier's user to
 * another carrier's user, to a driver) is refused to the app role by a restrictive insert policy.
 * One of the two people must hold a staff role in the message's company (user_roles) or be a
 * master admin of it. The tenant policy already keeps each message to its own company and to its
 * sender and recipient; messages_sent_by_self keeps the sender the caller.
 *
 * Like the other restrictive policies it applies to the app role alone (the owner, superuser or
 * not, stands outside it: 2026-11-28T1400_owner_past_restrictive_policies). It reads user_roles
 * and profiles as the caller, under their own row-level security (the company's rows). Only a
 * policy on a table the owner owns: runs on a managed PostgreSQL as well.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create policy messages_portal_to_staff on messages as restrictive for insert to haulwise_app
      with check (
        exists (
          select 1 from user_roles r
          where r.company_id = messages.company_id and r.user_id in (messages.sender_id, messages.recipient_id)
        )
        or exists (
          select 1 from profiles p
          where p.company_id = messages.company_id and p.user_id in (messages.sender_id, messages.recipient_id) and p.is_master_admin
        )
      );
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop policy if exists messages_portal_to_staff on messages;`.execute(db);
}
