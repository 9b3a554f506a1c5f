import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * Carriers join the audit trail (issue 24, item 8): who onboarded a carrier (sales_agent_id) now
 * decides whose "Carriers Onboarded" it counts, and admins and dispatchers change it, so a
 * carrier's changes are recorded as those of loads, drivers and brokers are (audit_row, every
 * changed field with its old and new value, the acting user).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table audit_logs drop constraint audit_logs_entity_type_check;
    alter table audit_logs add constraint audit_logs_entity_type_check
      check (entity_type in ('loads', 'invoices', 'documents', 'drivers', 'brokers', 'carriers', 'export'));
    create trigger carriers_audit after insert or update or delete on carriers
      for each row execute function audit_row();
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop trigger if exists carriers_audit on carriers;
    delete from audit_logs where entity_type = 'carriers';
    alter table audit_logs drop constraint audit_logs_entity_type_check;
    alter table audit_logs add constraint audit_logs_entity_type_check
      check (entity_type in ('loads', 'invoices', 'documents', 'drivers', 'brokers', 'export'));
  `.execute(db);
}
