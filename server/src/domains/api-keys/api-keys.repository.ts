import { sql, type Kysely } from 'kysely';
import type { ApiKeyItem, ApiKeyScopes } from '#shared/schemas/api-keys.js';
import type { Database } from '../../db/schema.js';
import type { Scope } from '../../db/scope.js';
import { isoTimestamp, isoTimestampOrNull } from '../../db/sql.js';

type Db = Kysely<Database>;

/** A key's columns as lists show them (never its hash), its creator's name and its status now. */
function keyColumns(db: Db) {
  return db
    .selectFrom('apiKeys as k')
    .leftJoin('profiles as p', 'p.userId', 'k.createdBy')
    .select([
      'k.id',
      'k.name',
      'k.prefix',
      'k.scopes',
      isoTimestampOrNull('k.expiresAt').as('expiresAt'),
      isoTimestampOrNull('k.lastUsedAt').as('lastUsedAt'),
      isoTimestampOrNull('k.revokedAt').as('revokedAt'),
      isoTimestamp('k.createdAt').as('createdAt'),
      sql<string | null>`nullif(trim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')), '')`.as('createdByName'),
      sql<ApiKeyItem['status']>`case when k.revoked_at is not null then 'revoked'
        when k.expires_at is not null and k.expires_at <= now() then 'expired' else 'active' end`.as('status'),
    ]);
}

/** The company's keys, newest first (at most API_KEYS_MAX exist). */
export async function listApiKeys(db: Db, scope: Scope): Promise<ApiKeyItem[]> {
  return keyColumns(db).where('k.companyId', '=', scope.companyId).orderBy('k.createdAt', 'desc').orderBy('k.id', 'desc').execute();
}

export async function countApiKeys(db: Db, scope: Scope): Promise<number> {
  const row = await db
    .selectFrom('apiKeys')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('companyId', '=', scope.companyId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertApiKey(
  db: Db,
  scope: Scope,
  values: { name: string; prefix: string; secretHash: string; scopes: ApiKeyScopes; expiresAt: Date | null },
): Promise<ApiKeyItem> {
  const { id } = await db
    .insertInto('apiKeys')
    .values({ ...values, scopes: JSON.stringify(values.scopes), companyId: scope.companyId, createdBy: scope.userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return keyColumns(db).where('k.id', '=', id).executeTakeFirstOrThrow();
}

/** Revokes a key of the company (a revoked key stays revoked); undefined when the company has no key with this id. */
export async function revokeApiKey(db: Db, scope: Scope, id: string): Promise<ApiKeyItem | undefined> {
  const revoked = await db
    .updateTable('apiKeys')
    .set({ revokedAt: sql`coalesce(revoked_at, now())` })
    .where('companyId', '=', scope.companyId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  if (!revoked) return undefined;
  return keyColumns(db).where('k.id', '=', id).executeTakeFirstOrThrow();
}
