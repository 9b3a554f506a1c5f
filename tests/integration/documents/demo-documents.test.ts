import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoDocuments } from '../../../server/src/seed/demo-documents.js';
import { storageFor } from '../../../server/src/services/storage/index.js';
import { createLoad, setLoadStatus } from '../../support/factories.js';
import { createTestCompany, ownerDb, startTestServices } from '../../support/harness.js';

const dataDir = path.resolve(`.data/test-demo-documents-${randomUUID().slice(0, 8)}`);
let started: Awaited<ReturnType<typeof startTestServices>>;
const owner = ownerDb();

beforeAll(async () => {
  started = await startTestServices({
    config: { HAULWISE_DATA_DIR: dataDir },
  });
});
afterAll(async () => {
  await started?.close();
  await owner.destroy();
  await rm(dataDir, { recursive: true, force: true });
});

describe('demo documents', () => {
  it('puts rate confirmations, BOLs and PODs on the loads, stored for real, once', async () => {
    const company = await createTestCompany(started.services);
    const db = started.services.db;
    for (let index = 0; index < 5; index += 1) {
      const id = await createLoad(db, company.users.dispatcher);
      if (index < 3) await setLoadStatus(db, company.users.dispatcher, id, 'delivered');
    }
    expect(await seedDemoDocuments(db, company.companyId, started.config)).toBe(true);
    const rows = await owner
      .selectFrom('documents')
      .select(['documentType', 'filePath', 'fileSize', 'loadId'])
      .where('companyId', '=', company.companyId)
      .execute();
    const types = rows.map((row) => row.documentType);
    expect(types.filter((type) => type === 'pod').length).toBe(3);
    expect(types).toContain('rate_confirmation');
    expect(types).toContain('bol');
    expect(rows.every((row) => row.loadId !== null)).toBe(true);
    for (const row of rows) expect(await storageFor(started.config).exists(row.filePath)).toBe(true);
    // A second run adds nothing.
    expect(await seedDemoDocuments(db, company.companyId, started.config)).toBe(false);
  });
});
