import { randomUUID } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signStagedFile, STAGED_TTL_MS } from '../../../../server/src/domains/rate-cons/staged-file.js';
import { linkSecretFor, storageFor } from '../../../../server/src/services/storage/index.js';
import { createLoad } from '../../../support/factories.js';
import { allowedBy, type ProcedureRule, type Sample } from '../authorization-matrix.js';

/** A rate con imported by the caller's company (its file staged as the import stores it) and a load to attach it to. */
async function stagedRateCon({ company, services }: Sample): Promise<{ loadId: string; fileToken: string }> {
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'matrix-ratecon-')), 'rate-con.pdf');
  const bytes = Buffer.from('%PDF-1.4\n%%EOF\n', 'latin1');
  await writeFile(file, bytes);
  const key = `${company.companyId}/${randomUUID()}`;
  await storageFor(services.config).putFile(key, file, bytes.length, 'application/pdf');
  const fileToken = signStagedFile(linkSecretFor(services.config), {
    companyId: company.companyId,
    key,
    fileName: 'rate-con.pdf',
    fileSize: bytes.length,
    contentType: 'application/pdf',
    expires: Date.now() + STAGED_TTL_MS,
  });
  return { loadId: await createLoad(services.db, company.users.sales), fileToken };
}

export const rateConsRules = {
  'rateCons.attach': { type: 'mutation', allowed: allowedBy('loads', 'write'), input: stagedRateCon },
} satisfies Record<string, ProcedureRule>;
