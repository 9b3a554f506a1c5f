import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { addJob } from '../../services/jobs/job-queue.js';

/**
 * A document's row and its stored object live and die together (the tasks themselves:
 * server/src/domains/documents/document-tasks.ts):
 * - a deleted row's object is removed after commit, by the job queued with the delete;
 * - the sweeper (hourly) removes objects that have no row and are older than an hour: an upload
 *   that stored its object but whose row never committed (the server stopped between the two).
 */
export const REMOVE_OBJECT_TASK = 'remove-document-object';
export const SWEEP_TASK = 'sweep-document-orphans';
export const DOCUMENT_CRONTAB = `41 * * * * ${SWEEP_TASK}`;

/** An upload in progress stores its object moments before its row commits: younger objects are left alone. */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;

export async function queueObjectRemoval(db: Kysely<Database>, key: string): Promise<void> {
  await addJob(db, REMOVE_OBJECT_TASK, { key }, { jobKey: `${REMOVE_OBJECT_TASK}:${key}`, maxAttempts: 20 });
}
