import { sql, type Expression, type ExpressionBuilder, type Insertable, type Kysely, type SqlBool } from 'kysely';
import { DOCUMENT_VISIBILITY } from '#shared/permissions.js';
import type { DocumentListItem, DocumentTypeFilter } from '#shared/schemas/documents.js';
import { keysetPage, type Page, type PageRequest } from '../../db/pagination.js';
import type { Database, DocumentsTable } from '../../db/schema.js';
import { readable, writable, type Scope } from '../../db/scope.js';
import { containsPattern, isoTimestamp } from '../../db/sql.js';
import { findOwnCarrier, findOwnDriver } from '../portal/own-driver.js';
import { visibilitiesOf } from './document-visibility.js';

export type DocumentsDb = Kysely<Database>;

const LIST_COLUMNS = [
  'documents.id',
  'documents.fileName',
  sql<number>`documents.file_size::float8`.as('fileSize'),
  'documents.contentType',
  'documents.documentType',
  'documents.visibility',
  'documents.loadId',
  'loads.loadNumber',
  'documents.driverId',
  'documents.carrierId',
  'documents.uploadedBy',
  isoTimestamp('documents.createdAt').as('createdAt'),
] as const;

/**
 * The documents this scope may see by their visibility (DOCUMENT_VISIBILITY in
 * shared/src/permissions.ts): its role's visibilities, and its own uploads. A master admin sees
 * every document of the company they read.
 */
function visibleTo(scope: Scope) {
  return (eb: ExpressionBuilder<Database & { loads: Database['loads'] }, 'documents'>): Expression<SqlBool> => {
    if (scope.isMasterAdmin) return sql<SqlBool>`true`;
    const visibilities = visibilitiesOf(scope);
    const own = eb('documents.uploadedBy', '=', scope.userId);
    return visibilities.length > 0 ? eb.or([eb('documents.visibility', 'in', visibilities), own]) : own;
  };
}

function baseQuery(db: DocumentsDb, scope: Scope) {
  return db
    .selectFrom('documents')
    .leftJoin('loads', (join) => join.onRef('loads.id', '=', 'documents.loadId').onRef('loads.companyId', '=', 'documents.companyId'))
    .where(readable(scope, 'documents'))
    .where(visibleTo(scope));
}

export interface DocumentFilters {
  search: string;
  documentType: DocumentTypeFilter;
  loadId: string | null | undefined;
}

/** Newest first, keyset paged; search by file name. */
export function listDocuments(db: DocumentsDb, scope: Scope, filters: DocumentFilters, page: PageRequest): Promise<Page<DocumentListItem>> {
  let query = baseQuery(db, scope).select(LIST_COLUMNS);
  if (filters.documentType !== 'all') query = query.where('documents.documentType', '=', filters.documentType);
  if (filters.loadId) query = query.where('documents.loadId', '=', filters.loadId);
  if (filters.search) query = query.where(sql<boolean>`lower(documents.file_name) like lower(${containsPattern(filters.search)})`);
  return keysetPage(query, { sortedBy: 'documents.createdAt', id: 'documents.id' }, page);
}

/** How many of a load's documents the scope may see (the load detail's tab count). */
export async function countLoadDocuments(db: DocumentsDb, scope: Scope, loadId: string): Promise<number> {
  const row = await baseQuery(db, scope)
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where('documents.loadId', '=', loadId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export function findDocument(db: DocumentsDb, scope: Scope, id: string) {
  return baseQuery(db, scope)
    .select([...LIST_COLUMNS, 'documents.filePath'])
    .where('documents.id', '=', id)
    .executeTakeFirst();
}

/** Deletes the row the scope may see and change; answers its object's key, or undefined. */
export async function deleteDocumentRow(db: DocumentsDb, scope: Scope, id: string): Promise<string | undefined> {
  const row = await db
    .deleteFrom('documents')
    .where(writable(scope, 'documents'))
    .where((eb) => visibleTo(scope)(eb as never))
    .where('documents.id', '=', id)
    .returning('documents.filePath')
    .executeTakeFirst();
  return row?.filePath;
}

/** Whether the scope may link a document to this load (a load it may change), driver or carrier (one it may read). */
export async function mayLink(db: DocumentsDb, scope: Scope, table: 'loads' | 'drivers' | 'carriers', id: string): Promise<boolean> {
  const filter = table === 'loads' ? writable(scope, 'loads') : readable(scope, table);
  const found = await (db as unknown as Kysely<Record<string, { id: string }>>)
    .selectFrom(table)
    .select('id')
    .where(filter as never)
    .where('id', '=', id)
    .executeTakeFirst();
  return found !== undefined;
}

/** The stored keys among `keys` that have a row (the orphan sweeper's question, inside one company). */
export async function keysWithRows(db: DocumentsDb, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.selectFrom('documents').select('filePath').where('filePath', 'in', keys).execute();
  return new Set(rows.map((row) => row.filePath));
}

/** Inserts an uploaded document (its object already stored under filePath) in the scope's company, uploaded by the scope's user; answers it as listed. */
export async function insertDocument(
  db: DocumentsDb,
  scope: Scope,
  values: Omit<Insertable<DocumentsTable>, 'companyId' | 'uploadedBy' | 'id' | 'createdAt'>,
): Promise<DocumentListItem> {
  const { id } = await db
    .insertInto('documents')
    .values({ ...values, companyId: scope.companyId, uploadedBy: scope.userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The uploader always sees their own upload.
  const found = await findDocument(db, scope, id);
  if (!found) throw new Error('the new document could not be read back');
  const { filePath: _key, ...item } = found;
  return item;
}

/** The confirmed POD data of a document the scope may see, or undefined. */
export function findPodData(db: DocumentsDb, scope: Scope, documentId: string) {
  return db
    .selectFrom('podData')
    .innerJoin('documents', (join) =>
      join.onRef('documents.id', '=', 'podData.documentId').onRef('documents.companyId', '=', 'podData.companyId'),
    )
    .leftJoin('profiles', 'profiles.userId', 'podData.confirmedBy')
    .select([
      'podData.documentId',
      'podData.deliveryDate',
      sql<string | null>`to_char(pod_data.delivery_time, 'HH24:MI')`.as('deliveryTime'),
      'podData.recipientName',
      'podData.recipientSignature',
      'podData.location',
      'podData.condition',
      'podData.notes',
      'podData.confirmedBy',
      sql<string | null>`nullif(trim(coalesce(profiles.first_name, '') || ' ' || coalesce(profiles.last_name, '')), '')`.as(
        'confirmedByName',
      ),
      isoTimestamp('podData.confirmedAt').as('confirmedAt'),
    ])
    .where(readable(scope, 'podData'))
    .where((eb) => visibleTo(scope)(eb as never))
    .where('podData.documentId', '=', documentId)
    .executeTakeFirst();
}

export interface PodValues {
  deliveryDate: string | null | undefined;
  deliveryTime: string | null | undefined;
  recipientName: string | null | undefined;
  recipientSignature: boolean;
  location: string | null | undefined;
  condition: 'good' | 'other';
  notes: string | null | undefined;
}

/** Stores the values a person confirmed (replacing earlier ones), as confirmed by them now. */
export async function savePodData(db: DocumentsDb, scope: Scope, documentId: string, values: PodValues): Promise<void> {
  const row = {
    deliveryDate: values.deliveryDate ?? null,
    deliveryTime: values.deliveryTime ?? null,
    recipientName: values.recipientName ?? null,
    recipientSignature: values.recipientSignature,
    location: values.location ?? null,
    condition: values.condition,
    notes: values.notes ?? null,
    confirmedBy: scope.userId,
    confirmedAt: sql<Date>`now()` as unknown as Date,
  };
  await db
    .insertInto('podData')
    .values({ documentId, companyId: scope.companyId, ...row })
    .onConflict((conflict) => conflict.column('documentId').doUpdateSet(row))
    .execute();
}

/**
 * The portals' documents: for a driver (their own driver record) documents marked driver on their
 * loads (or naming them); for a carrier user (carrier_users) documents marked carrier for their
 * carrier (on its loads or naming it); DOCUMENT_VISIBILITY's driver and carrier rows. Newest first, paged.
 */
export async function listPortalDocuments(db: DocumentsDb, scope: Scope, page: PageRequest): Promise<Page<DocumentListItem>> {
  // A driver reads through their driver record, a carrier user through their carrier (carrier_users):
  // a driver whose record has a carrier is not that carrier's user and reads none of its documents.
  const driver = await findOwnDriver(db, scope);
  const carrierId = await findOwnCarrier(db, scope);
  if (!driver && !carrierId) return { items: [], nextCursor: null };
  const query = db
    .selectFrom('documents')
    .leftJoin('loads', (join) => join.onRef('loads.id', '=', 'documents.loadId').onRef('loads.companyId', '=', 'documents.companyId'))
    .select(LIST_COLUMNS)
    .where('documents.companyId', '=', scope.companyId)
    .where((eb) => {
      const ways = [];
      if (driver) {
        ways.push(
          eb.and([
            eb('documents.visibility', 'in', DOCUMENT_VISIBILITY.driver),
            eb.or([eb('loads.driverId', '=', driver.id), eb('documents.driverId', '=', driver.id)]),
          ]),
        );
      }
      if (carrierId) {
        ways.push(
          eb.and([
            eb('documents.visibility', 'in', DOCUMENT_VISIBILITY.carrier),
            eb.or([eb('loads.carrierId', '=', carrierId), eb('documents.carrierId', '=', carrierId)]),
          ]),
        );
      }
      return eb.or(ways);
    });
  return keysetPage(query, { sortedBy: 'documents.createdAt', id: 'documents.id' }, page);
}
