import { sql, type Kysely } from 'kysely';
import type { ImportEntity, ImportItem, ImportMapping, ImportStatus } from '#shared/schemas/imports.js';
import { keysetPage, type PageRequest } from '../../db/pagination.js';
import type { Database } from '../../db/schema.js';
import type { Scope } from '../../db/scope.js';
import { isoTimestamp, isoTimestampOrNull } from '../../db/sql.js';

type Db = Kysely<Database>;

/** An import as the screen shows it: progress (bytes read of the file, 0 to 100) and totals. */
const selectImport = (db: Db, scope: Scope) =>
  db
    .selectFrom('imports')
    .select([
      'imports.id',
      'imports.entity',
      'imports.status',
      'imports.fileName',
      sql<number>`imports.file_size::float8`.as('fileSize'),
      sql<number>`imports.bytes_read::float8`.as('bytesRead'),
      sql<number>`case when imports.status = 'done' then 100
        when imports.file_size = 0 then 0
        else least(99, floor(100 * imports.bytes_read::float8 / imports.file_size))::int end`.as('progress'),
      'imports.rowsProcessed',
      'imports.createdCount as created',
      'imports.updatedCount as updated',
      'imports.failedCount as failed',
      sql<boolean>`imports.failed_file_key is not null`.as('hasFailedRows'),
      'imports.error',
      isoTimestamp('imports.createdAt').as('createdAt'),
      isoTimestampOrNull('imports.finishedAt').as('finishedAt'),
    ])
    .where('imports.companyId', '=', scope.companyId);

export function findImport(db: Db, scope: Scope, id: string): Promise<ImportItem | undefined> {
  return selectImport(db, scope).where('imports.id', '=', id).executeTakeFirst();
}

export function listImports(db: Db, scope: Scope, page: PageRequest) {
  return keysetPage(selectImport(db, scope), { sortedBy: 'imports.createdAt', id: 'imports.id' }, page);
}

/** What running an import needs: its file, entity, mapping and status. */
export function findImportFile(db: Db, scope: Scope, id: string) {
  return db
    .selectFrom('imports')
    .select(['id', 'entity', 'status', 'fileKey', 'fileName', 'mapping', 'failedFileKey', 'createdBy'])
    .where('companyId', '=', scope.companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertImport(
  db: Db,
  scope: Scope,
  values: { entity: ImportEntity; fileKey: string; fileName: string; fileSize: number },
): Promise<string> {
  const { id } = await db
    .insertInto('imports')
    .values({ ...values, companyId: scope.companyId, createdBy: scope.userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Moves an uploaded import to queued with its mapping; false when it was started already. */
export async function queueImport(db: Db, scope: Scope, id: string, mapping: ImportMapping): Promise<boolean> {
  const changed = await db
    .updateTable('imports')
    .set({ status: 'queued', mapping: JSON.stringify(mapping) })
    .where('companyId', '=', scope.companyId)
    .where('id', '=', id)
    .where('status', '=', 'uploaded')
    .returning('id')
    .executeTakeFirst();
  return changed !== undefined;
}

export interface ImportProgress {
  status?: ImportStatus;
  bytesRead?: number;
  rowsProcessed?: number;
  created?: number;
  updated?: number;
  failed?: number;
  failedFileKey?: string | null;
  error?: string | null;
  finished?: boolean;
}

export async function recordProgress(db: Db, companyId: string, id: string, progress: ImportProgress): Promise<void> {
  await db
    .updateTable('imports')
    .set({
      status: progress.status,
      bytesRead: progress.bytesRead,
      rowsProcessed: progress.rowsProcessed,
      createdCount: progress.created,
      updatedCount: progress.updated,
      failedCount: progress.failed,
      failedFileKey: progress.failedFileKey,
      error: progress.error === undefined ? undefined : progress.error?.slice(0, 2000),
      finishedAt: progress.finished ? sql<Date>`now()` : undefined,
    })
    .where('companyId', '=', companyId)
    .where('id', '=', id)
    .execute();
}
