import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Task } from 'graphile-worker';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { withCompany } from '../../db/with-company.js';
import { storageFor } from '../../services/storage/index.js';
import { STORAGE_KEY_PATTERN } from '../../services/storage/storage.js';
import { ORPHAN_GRACE_MS, REMOVE_OBJECT_TASK, SWEEP_TASK } from './document-jobs.js';
import { keysWithRows } from './documents.repository.js';

export { DOCUMENT_CRONTAB } from './document-jobs.js';

const removalPayload = z.object({ key: z.string().regex(STORAGE_KEY_PATTERN) });

/** Removes every object with no row, and every abandoned upload file, older than the grace period; answers how many went. */
export async function sweepOrphans(config: Config, db: Db, now = Date.now(), graceMs = ORPHAN_GRACE_MS): Promise<number> {
  const storage = storageFor(config);
  let removed = 0;
  for await (const companyId of storage.companies()) {
    const old: string[] = [];
    for await (const item of storage.list(companyId)) {
      if (now - item.lastModified.getTime() >= graceMs) old.push(item.key);
    }
    for (let start = 0; start < old.length; start += 500) {
      const batch = old.slice(start, start + 500);
      // Inside the company, under row-level security, like any read of its documents.
      const kept = await withCompany(db, { companyId, userId: null }, (tx) => keysWithRows(tx, batch));
      for (const key of batch) {
        if (kept.has(key)) continue;
        await storage.remove(key);
        removed += 1;
      }
    }
  }
  // Temporary files of uploads that never finished (the server stopped mid-upload).
  const staging = path.join(config.dataDir, 'files', '.tmp');
  for (const name of await readdir(staging).catch(() => [] as string[])) {
    const file = path.join(staging, name);
    const info = await stat(file).catch(() => null);
    if (info?.isFile() && now - info.mtime.getTime() >= graceMs) {
      await rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}

/** The jobs to register with the worker (server/src/create-services.ts). */
export function documentTasks(config: Config, db: Db): Record<string, Task> {
  return {
    [REMOVE_OBJECT_TASK]: async (payload) => {
      const { key } = removalPayload.parse(payload);
      await storageFor(config).remove(key);
    },
    [SWEEP_TASK]: async () => {
      await sweepOrphans(config, db);
    },
  };
}
