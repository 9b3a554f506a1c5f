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
    .selectFrom('auditLogs as a')
    .innerJoin('companies as c', 'c.id', 'a.companyId')
    .leftJoin('profiles as p', 'p.userId', 'a.userId');
  if (scope.companyId) query = query.where('a.companyId', '=', scope.companyId);
  if (filters.entityType) query = query.where('a.entityType', '=', filters.entityType);
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
        eb('p.firstName', 'ilike', pattern),
        eb('p.lastName', 'ilike', pattern),
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
      'a.entityType',
      'a.entityId',
      'a.action',
      'a.createdAt',
      'a.userId',
      'a.changes',
      'a.companyId',
      'c.name as companyName',
      'p.firstName',
      'p.lastName',
    ])
    .orderBy('a.createdAt', 'desc')
    .orderBy('a.id', 'desc')
    .limit(AUDIT_PAGE_SIZE)
    .execute();
  const counted = await filteredEntries(db, scope, filters)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const entries = rows.map((row): AuditEntry => ({
    id: row.id,
    entityType: row.entityType,
    entityId: row.entityId,
    action: row.action,
    createdAt: row.createdAt.toISOString(),
    userId: row.userId,
    userFirstName: row.firstName,
    userLastName: row.lastName,
    companyId: row.companyId,
    companyName: row.companyName,
    changedFields: changedFieldsOf(row.changes),
  }));
  return { entries, total: Number(counted.total) };
}

function changedFieldsOf(changes: Selectable<Database['auditLogs']>['changes']): AuditEntry['changedFields'] {
  const fields = changes?.changedFields;
  if (!fields || typeof fields !== 'object' || Array.isArray(fields) || Object.keys(fields).length === 0) return null;
  // Parsed from jsonb, so every old and new value is JSON.
  return fields as NonNullable<AuditEntry['changedFields']>;
}
