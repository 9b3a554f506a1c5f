import { randomUUID } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { withCompany } from '../../../../server/src/db/with-company.js';
import { insertImport, recordProgress } from '../../../../server/src/domains/imports/imports.repository.js';
import { storageFor } from '../../../../server/src/services/storage/index.js';
import { allowedBy, type ProcedureRule, type Sample } from '../authorization-matrix.js';

/** A stored file of the caller's company: a one-broker CSV. */
async function storedCsv({ company, services }: Sample, text: string): Promise<{ key: string; size: number }> {
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'matrix-import-')), 'brokers.csv');
  await writeFile(file, text);
  const key = `${company.companyId}/${randomUUID()}`;
  await storageFor(services.config).putFile(key, file, Buffer.byteLength(text), 'text/csv');
  return { key, size: Buffer.byteLength(text) };
}

/** An uploaded import of the caller's company (as its admin uploads one), with a failed-rows file when asked. */
async function importId(sample: Sample, options: { failedRows?: boolean } = {}): Promise<{ id: string }> {
  const admin = sample.company.users.admin;
  const text = `Contact Name,Terms\nMatrix Broker ${randomUUID().slice(0, 6)},Net 30\n`;
  const { key, size } = await storedCsv(sample, text);
  const failed = options.failedRows
    ? await storedCsv(sample, 'Contact Name,Terms,error\n,Net 30,"Row 1, Contact name: Contact name is required"\n')
    : null;
  const tenant = { companyId: sample.company.companyId, userId: admin.userId };
  const scope = { ...tenant, role: admin.role, isMasterAdmin: false, readsCompanyId: tenant.companyId };
  const id = await withCompany(sample.services.db, tenant, async (tx) => {
    const made = await insertImport(tx, scope, { entity: 'brokers', fileKey: key, fileName: 'brokers.csv', fileSize: size });
    if (failed) await recordProgress(tx, tenant.companyId, made, { failedFileKey: failed.key, failed: 1 });
    return made;
  });
  return { id };
}

export const importsRules = {
  'imports.preview': { type: 'query', allowed: allowedBy('imports', 'run'), input: (sample) => importId(sample) },
  'imports.run': {
    type: 'mutation',
    allowed: allowedBy('imports', 'run'),
    input: async (sample) => ({ ...(await importId(sample)), mapping: ['name', 'paymentTerms'] }),
  },
  'imports.get': { type: 'query', allowed: allowedBy('imports', 'run'), input: (sample) => importId(sample) },
  'imports.list': { type: 'query', allowed: allowedBy('imports', 'run'), input: () => ({ limit: 10 }) },
  'imports.failedRowsLink': {
    type: 'mutation',
    allowed: allowedBy('imports', 'run'),
    input: (sample) => importId(sample, { failedRows: true }),
  },
} satisfies Record<string, ProcedureRule>;
