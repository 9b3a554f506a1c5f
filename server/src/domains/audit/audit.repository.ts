import { sql, type Kysely, type Selectable, type SqlBool } from 'kysely';
import { AUDIT_PAGE_SIZE, type AuditEntry, type AuditEntityType, type AuditAction } from '#shared/schemas/audit.js';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database>;

export interface AuditFilters {
  entityType?: AuditEntityType | undefined;
  action?: AuditAction | undefined;
  search?: string | undefined;
}

/** Whose entries: one company's, or (a master admin's cross-company read) every company's. */
export interface AuditScope {
  companyId: string | null;
}

/** The text as a LIKE pattern that matches it literally anywhere: %, _ and \ lose their meaning. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function filteredEntries(db: Db, scope: AuditScope, filters: AuditFilters) {
  let query = db
    .selectFrom('audit_logs as a')
    .innerJoin('companies as c', 'c.id', 'a.company_id')
    .leftJoin('profiles as p', 'p.user_id', 'a.user_id');
  if (scope.companyId) query = query.where('a.company_id', '=', scope.companyId);
  if (filters.entityType) query = query.where('a.entity_type', '=', filters.entityType);
  if (filters.action) query = query.where('a.action', '=', filters.action);
  if (filters.search) {
    // Free text matches the entity type, the action, the acting user's first or last name (or
    // both, "Dana Whitfield"), "System" for entries no user made, and any changed field's name
    // or its old or new value (as text).
    const pattern = containsPattern(filters.search);
    query = query.where((eb) =>
      eb.or([
        sql<SqlBool>`a.entity_type ilike ${pattern}`,
        sql<SqlBool>`a.action ilike ${pattern}`,
        eb('p.first_name', 'ilike', pattern),
        eb('p.last_name', 'ilike', pattern),
        sql<SqlBool>`(p.first_name || ' ' || p.last_name) ilike ${pattern}`,
        sql<SqlBool>`(a.user_id is null and 'System' ilike ${pattern})`,
        sql<SqlBool>`exists (
          select 1 from jsonb_each(case when jsonb_typeof(a.changes -> 'changed_fields') = 'object'
                                        then a.changes -> 'changed_fields' else '{}'::jsonb end) as field
          where field.key ilike ${pattern} or (field.value ->> 'old') ilike ${pattern} or (field.value ->> 'new') ilike ${pattern})`,
      ]),
    );
  }
  return query;
}

/** The newest entries that match, at most the spec's 100, and how many match in all. */
export async function listAuditEntries(
  db: Db,
  scope: AuditScope,
  filters: AuditFilters,
): Promise<{ entries: AuditEntry[]; total: number }> {
  const rows = await filteredEntries(db, scope, filters)
    .select([
      'a.id',
      'a.entity_type',
      'a.entity_id',
      'a.action',
      'a.created_at',
      'a.user_id',
      'a.changes',
      'a.company_id',
      'c.name as company_name',
      'p.first_name',
      'p.last_name',
    ])
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(AUDIT_PAGE_SIZE)
    .execute();
  const counted = await filteredEntries(db, scope, filters)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const entries = rows.map((row): AuditEntry => ({
    id: row.id,
    entityType: row.entity_type,
    entityId: row.entity_id,
    action: row.action,
    createdAt: row.created_at.toISOString(),
    userId: row.user_id,
    userFirstName: row.first_name,
    userLastName: row.last_name,
    companyId: row.company_id,
    companyName: row.company_name,
    changedFields: changedFieldsOf(row.changes),
  }));
  return { entries, total: Number(counted.total) };
}

function changedFieldsOf(changes: Selectable<Database['audit_logs']>['changes']): AuditEntry['changedFields'] {
  const fields = changes?.changed_fields;
  if (!fields || typeof fields !== 'object' || Array.isArray(fields) || Object.keys(fields).length === 0) return null;
  // Parsed from jsonb, so every old and new value is JSON.
  return fields as NonNullable<AuditEntry['changedFields']>;
}
