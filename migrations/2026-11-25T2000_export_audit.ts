import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * The data export is audited (issue 15): one audit_logs row per export, entity type 'export'
 * and action 'exported' (a deviation from the spec's created/updated/deleted, docs/dashboards.md).
 * The app inserts it in the export's own transaction; the trail stays append-only.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table audit_logs drop constraint audit_logs_entity_type_check;
    alter table audit_logs add constraint audit_logs_entity_type_check
      check (entity_type in ('loads', 'invoices', 'documents', 'drivers', 'brokers', 'export'));
    alter table audit_logs drop constraint audit_logs_action_check;
    alter table audit_logs add constraint audit_logs_action_check
      check (action in ('created', 'updated', 'deleted', 'exported'));
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    delete from audit_logs where entity_type = 'export' or action = 'exported';
    alter table audit_logs drop constraint audit_logs_entity_type_check;
    alter table audit_logs add constraint audit_logs_entity_type_check
      check (entity_type in ('loads', 'invoices', 'documents', 'drivers', 'brokers'));
    alter table audit_logs drop constraint audit_logs_action_check;
    alter table audit_logs add constraint audit_logs_action_check check (action in ('created', 'updated', 'deleted'));
  `.execute(db);
}
