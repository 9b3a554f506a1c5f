import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { DocumentType, DocumentVisibility } from '#shared/schemas/documents.js';
import type { Db } from '../../../server/src/db/database.js';
import { withCompany } from '../../../server/src/db/with-company.js';
import type { AppServices } from '../../../server/src/services/services.js';
import { storageFor } from '../../../server/src/services/storage/index.js';
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

/** A POD document with a real stored object (the text PDF of tests/fixtures/pod/), for extraction. */
export async function createStoredPod(
  services: AppServices,
  by: Author,
  visibility: DocumentVisibility = 'sales',
): Promise<{ id: string; filePath: string }> {
  const filePath = `${by.companyId}/${randomUUID()}`;
  const storage = storageFor(services.config);
  await storage.ready();
  const staging = path.join(services.config.dataDir, 'files', '.tmp', `${randomUUID()}.fixture`);
  await mkdir(path.dirname(staging), { recursive: true });
  await copyFile(path.resolve('tests/fixtures/pod/pod-text.pdf'), staging);
  await storage.putFile(filePath, staging, (await stat(staging)).size, 'application/pdf');
  return createDocument(services.db, by, { filePath, documentType: 'pod', visibility, fileName: 'POD matrix.pdf' });
}
