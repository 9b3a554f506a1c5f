import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Scope } from '../../db/scope.js';
import { addJob } from '../../services/jobs/job-queue.js';

/** The job that runs an import (its task: import-tasks.ts), queued by imports.run in the caller's transaction. */
export const RUN_IMPORT_TASK = 'run-import';

/** Rows written per transaction: memory holds one batch, a failure rolls back at most one batch. */
export const IMPORT_BATCH_ROWS = 500;

export async function queueImportRun(db: Kysely<Database>, scope: Scope, importId: string): Promise<void> {
  await addJob(
    db,
    RUN_IMPORT_TASK,
    { importId, companyId: scope.companyId, userId: scope.userId, role: scope.role, isMasterAdmin: scope.isMasterAdmin },
    { jobKey: `${RUN_IMPORT_TASK}:${importId}`, maxAttempts: 3 },
  );
}
