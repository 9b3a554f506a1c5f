import { randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Task } from 'graphile-worker';
import { z } from 'zod';
import { STAFF_ROLES } from '#shared/constants.js';
import { IMPORT_ENTITIES, importMapping, type ImportRowError } from '#shared/schemas/imports.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Scope } from '../../db/scope.js';
import { withCompany } from '../../db/with-company.js';
import { storageFor } from '../../services/storage/index.js';
import { csvLine } from '../export/export-categories.js';
import { readCsv } from './csv-reader.js';
import { cellsOf, validateRow } from './import-fields.js';
import { IMPORT_BATCH_ROWS, RUN_IMPORT_TASK } from './import-jobs.js';
import { writeBatch, type CheckedRow } from './import-writer.js';
import { findImportFile, recordProgress } from './imports.repository.js';

const runPayload = z.object({
  importId: z.uuid(),
  companyId: z.uuid(),
  userId: z.uuid(),
  role: z.enum(STAFF_ROLES).nullable(),
  isMasterAdmin: z.boolean(),
});
export type ImportRun = z.infer<typeof runPayload>;

/** A failed row's errors as one cell: "Row 3, Email: Invalid email address; Row 3, Rate: Rate must be a number". */
export const errorText = (row: number, errors: readonly ImportRowError[]) =>
  errors.map((error) => (error.label ? `Row ${row}, ${error.label}: ${error.message}` : `Row ${row}: ${error.message}`)).join('; ');

async function writeLine(out: WriteStream, line: string): Promise<void> {
  if (out.write(line)) return;
  await new Promise<void>((resolve, reject) => {
    out.once('drain', resolve);
    out.once('error', reject);
  });
}

export interface ImportTotals {
  rows: number;
  created: number;
  updated: number;
  failed: number;
}

/**
 * Runs a queued import, in the importing user's name (their company's tenant transaction, their
 * id as app.user_id: every audit entry names them). The file streams from the file store through
 * the CSV reader; each row is read as its mapping says and checked by the create form's schema;
 * the valid rows are written IMPORT_BATCH_ROWS at a time, one transaction per batch, which also
 * records the progress; a batch is written while the next is read and checked. The failed rows (their cells as read, and an error column) are written to
 * a CSV file, stored beside the upload when there are any. Memory holds two batches.
 */
export async function runImport(config: Config, db: Db, run: ImportRun): Promise<ImportTotals> {
  const scope: Scope = {
    userId: run.userId,
    companyId: run.companyId,
    role: run.role,
    isMasterAdmin: run.isMasterAdmin,
    readsCompanyId: run.companyId,
  };
  const tenant = { companyId: run.companyId, userId: run.userId };
  const found = await withCompany(db, tenant, (tx) => findImportFile(tx, scope, run.importId));
  const totals: ImportTotals = { rows: 0, created: 0, updated: 0, failed: 0 };
  // Done, failed or never queued: nothing to do. Running: a retry after a crash starts over (writes are upserts).
  if (!found || (found.status !== 'queued' && found.status !== 'running')) return totals;
  const mapping = importMapping.parse(found.mapping ?? []);
  const entity = z.enum(IMPORT_ENTITIES).parse(found.entity);
  await withCompany(db, tenant, (tx) =>
    recordProgress(tx, run.companyId, run.importId, {
      status: 'running',
      bytesRead: 0,
      rowsProcessed: 0,
      created: 0,
      updated: 0,
      failed: 0,
    }),
  );

  const storage = storageFor(config);
  const staging = path.join(config.dataDir, 'files', '.tmp');
  await mkdir(staging, { recursive: true });
  const failedPath = path.join(staging, `${randomUUID()}.import-failed`);
  const failedOut = createWriteStream(failedPath, { flags: 'wx' });
  const closed = new Promise<void>((resolve, reject) => {
    failedOut.once('close', resolve);
    failedOut.once('error', reject);
  });
  closed.catch(() => {});
  let batch: (CheckedRow & { cells: string[] })[] = [];
  let bytes = 0;
  let sinceProgress = 0;

  /**
   * The batch being written while the next one is read, parsed and checked: reading and writing
   * overlap (the reader's CPU beside PostgreSQL's), the writes stay one transaction at a time in
   * the file's order, and memory holds at most two batches.
   */
  let writing: Promise<void> = Promise.resolve();
  const write = async (rows: (CheckedRow & { cells: string[] })[]) => {
    const result = await withCompany(db, tenant, async (tx) => {
      const written = rows.length > 0 ? await writeBatch(tx, scope, entity, rows) : { created: 0, updated: 0, failed: [] };
      totals.created += written.created;
      totals.updated += written.updated;
      totals.failed += written.failed.length;
      await recordProgress(tx, run.companyId, run.importId, {
        bytesRead: bytes,
        rowsProcessed: totals.rows,
        created: totals.created,
        updated: totals.updated,
        failed: totals.failed,
      });
      return written;
    });
    const byRow = new Map(rows.map((row) => [row.row, row.cells]));
    for (const failure of result.failed)
      await writeLine(failedOut, csvLine([...(byRow.get(failure.row) ?? []), errorText(failure.row, failure.errors)]));
  };
  /** Hands the batch read so far to the writer, once the previous batch is written. */
  const flush = async () => {
    const rows = batch;
    batch = [];
    sinceProgress = 0;
    await writing;
    writing = write(rows);
    // Awaited at the next flush or the end; a failure meanwhile is not an unhandled rejection.
    writing.catch(() => {});
  };

  try {
    const input = await storage.read(found.fileKey);
    let width = 0;
    try {
      for await (const record of readCsv(input)) {
        bytes = record.bytes;
        if (record.row === 0) {
          width = record.values.length;
          await writeLine(failedOut, csvLine([...record.values, 'error']));
          continue;
        }
        totals.rows += 1;
        sinceProgress += 1;
        const cells =
          record.values.length < width ? [...record.values, ...Array<string>(width - record.values.length).fill('')] : record.values;
        const checked = validateRow(entity, cellsOf(entity, mapping, cells));
        if (checked.ok) batch.push({ row: record.row, values: checked.values, extra: checked.extra, cells });
        else {
          totals.failed += 1;
          await writeLine(failedOut, csvLine([...cells, errorText(record.row, checked.errors)]));
        }
        if (batch.length >= IMPORT_BATCH_ROWS || sinceProgress >= IMPORT_BATCH_ROWS * 4) await flush();
      }
    } finally {
      input.destroy();
    }
    await flush();
    await writing;
    failedOut.end();
    await closed;
    let failedFileKey: string | null = null;
    if (totals.failed > 0) {
      failedFileKey = `${run.companyId}/${randomUUID()}`;
      await storage.putFile(failedFileKey, failedPath, (await stat(failedPath)).size, 'text/csv');
    }
    await withCompany(db, tenant, (tx) =>
      recordProgress(tx, run.companyId, run.importId, {
        status: 'done',
        bytesRead: bytes,
        rowsProcessed: totals.rows,
        created: totals.created,
        updated: totals.updated,
        failed: totals.failed,
        failedFileKey,
        finished: true,
      }),
    );
    return totals;
  } catch (error) {
    // A batch still being written settles before the import is marked failed.
    await writing.catch(() => {});
    failedOut.destroy();
    await withCompany(db, tenant, (tx) =>
      recordProgress(tx, run.companyId, run.importId, {
        status: 'failed',
        error: (error as Error).message || 'The import failed',
        finished: true,
      }),
    );
    throw error;
  } finally {
    await rm(failedPath, { force: true });
  }
}

/** The jobs to register with the worker (server/src/create-services.ts). */
export function importTasks(config: Config, db: Db): Record<string, Task> {
  return {
    [RUN_IMPORT_TASK]: async (payload) => {
      await runImport(config, db, runPayload.parse(payload));
    },
  };
}
