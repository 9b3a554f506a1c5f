import { randomUUID } from 'node:crypto';
import type { DocumentType, DocumentVisibility } from '#shared/schemas/documents.js';
import type { Db } from '../../../server/src/db/database.js';
import { withCompany } from '../../../server/src/db/with-company.js';
import type { Author } from '../../support/factories.js';

export interface DocumentValues {
  fileName?: string;
  documentType?: DocumentType;
  visibility?: DocumentVisibility;
  loadId?: string | null;
  /** The stored object's key; a fresh one (with no object behind it) unless given. */
  filePath?: string;
}

/** A document row written as its author (the audit and live triggers run), for tests that need one without an upload. */
export async function createDocument(db: Db, by: Author, values: DocumentValues = {}): Promise<{ id: string; filePath: string }> {
  const filePath = values.filePath ?? `${by.companyId}/${randomUUID()}`;
  const id = await withCompany(db, by, async (tx) => {
    const row = await tx
      .insertInto('documents')
      .values({
        companyId: by.companyId,
        fileName: values.fileName ?? `Rate confirmation ${randomUUID().slice(0, 6)}.pdf`,
        filePath,
        fileSize: 2048,
        contentType: 'application/pdf',
        documentType: values.documentType ?? 'rate_confirmation',
        visibility: values.visibility ?? 'sales',
        loadId: values.loadId ?? null,
        uploadedBy: by.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  return { id, filePath };
}
