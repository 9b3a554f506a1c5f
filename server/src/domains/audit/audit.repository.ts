import { sql, type Kysely, type SqlBool } from 'kysely';
import type { AuditAction, AuditEntityType, AuditEntry } from '#shared/schemas/audit.js';
import { keysetPage, type Page, type PageRequest } from '../../db/pagination.js';
import type { Database } from '../../db/schema.js';
import { readable, type Scope } from '../../db/scope.js';
import { containsPattern, isoTimestamp } from '../../db/sql.js';

type Db = Kysely<Database>;

export interface AuditFilters {
  entityType?: AuditEntityType | undefined;
  action?: AuditAction | undefined;
  search?: string | undefined;
}

function filteredEntries(db: Db, scope: Scope, filters: AuditFilters) {
  let query = db
    .selectFrom('auditLogs as a')
    .innerJoin('companies as c', 'c.id', 'a.companyId')
    .leftJoin('profiles as p', 'p.userId', 'a.userId')
    .leftJoin('apiKeys as k', 'k.id', 'a.apiKeyId');
  query = query.where(readable(scope, 'auditLogs', 'a'));
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

/** The newest entries that match, a page at a time, and how many match in all. */
export async function listAuditEntries(
  db: Db,
  scope: Scope,
  filters: AuditFilters,
  page: PageRequest,
): Promise<Page<AuditEntry> & { total: number }> {
  const entries = await keysetPage(
    filteredEntries(db, scope, filters).select([
      'a.id',
      'a.entityType',
      'a.entityId',
      'a.action',
      isoTimestamp('a.createdAt').as('createdAt'),
      'a.userId',
      'p.firstName as userFirstName',
      'p.lastName as userLastName',
      'k.name as apiKeyName',
      'a.companyId',
      'c.name as companyName',
      // changes.changed_fields when it names any field, else null; parsed from jsonb, so every old and new value is JSON.
      sql<AuditEntry['changedFields']>`case when jsonb_typeof(a.changes -> 'changed_fields') = 'object'
        and a.changes -> 'changed_fields' <> '{}'::jsonb then a.changes -> 'changed_fields' end`.as('changedFields'),
    ]),
    { sortedBy: 'a.createdAt', id: 'a.id' },
    page,
  );
  const counted = await filteredEntries(db, scope, filters)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return { ...entries, total: counted.total };
}
