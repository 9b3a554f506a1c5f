import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { ZipArchive } from 'archiver';
import { sql, type Transaction } from 'kysely';
import type { ExportCategory, ExportFormat } from '#shared/schemas/export.js';
import type { Database } from '../../db/schema.js';

type Tx = Transaction<Database>;
import { csvLine, EXPORT_BATCH_ROWS, EXPORT_SOURCES } from './export-categories.js';

export interface ExportPlan {
  companyId: string;
  companyName: string;
  format: ExportFormat;
  categories: readonly ExportCategory[];
  /** Writes the export's audit entry (entity type 'export', action 'exported') as the export starts. */
  audit?: { exportId: string; userId: string | null };
}

export interface ExportResult {
  rows: Partial<Record<ExportCategory, number>>;
  skipped: { category: ExportCategory; reason: string }[];
}

/** Writes with backpressure: waits for 'drain', or fails when the reader went away. */
async function write(stream: Writable, chunk: string): Promise<void> {
  if (stream.destroyed) throw new Error('export: the reader went away');
  if (stream.write(chunk)) return;
  await new Promise<void>((resolve, reject) => {
    const done = (error?: Error) => {
      stream.off('drain', onDrain);
      stream.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => done();
    const onClose = () => done(new Error('export: the reader went away'));
    stream.on('drain', onDrain);
    stream.on('close', onClose);
  });
}

/**
 * The audit entry of an export: entity type 'export' (entity id: the export's own id), action
 * 'exported', the acting user, and as new values the format, the categories, the rows of each
 * (counted as the export starts) and the skipped categories; or, for an export that failed after
 * its transaction was rolled back, the error instead of the counts.
 */
export async function recordExportAudit(
  tx: Tx,
  entry: {
    exportId: string;
    companyId: string;
    userId: string | null;
    format: ExportFormat;
    categories: readonly ExportCategory[];
    rows?: Partial<Record<ExportCategory, number>>;
    skipped?: readonly ExportCategory[];
    failed?: string;
  },
): Promise<void> {
  const fields: Record<string, unknown> = { format: entry.format, categories: entry.categories };
  if (entry.rows) fields.rows = entry.rows;
  if (entry.skipped?.length) fields.skipped = entry.skipped;
  if (entry.failed) fields.failed = entry.failed;
  const changedFields = Object.fromEntries(Object.entries(fields).map(([field, value]) => [field, { old: null, new: value }]));
  await tx
    .insertInto('auditLogs')
    .values({
      companyId: entry.companyId,
      entityType: 'export',
      entityId: entry.exportId,
      action: 'exported',
      userId: entry.userId,
      changes: JSON.stringify({ changed_fields: changedFields }),
    })
    .execute();
}

/** The table's exported columns, in table order. */
async function columnsOf(tx: Tx, table: string, omit: readonly string[]): Promise<string[]> {
  const rows = await sql<{ name: string }>`
    select column_name as name from information_schema.columns
    where table_schema = 'public' and table_name = ${table} order by ordinal_position`.execute(tx);
  return rows.rows.map((row) => row.name).filter((name) => !omit.includes(name));
}

/**
 * The rows of one category through a server-side cursor (DECLARE ... FETCH n): one batch in memory
 * at a time, oldest first, ties by id. 'json': each row as JSON text made by PostgreSQL
 * (json_build_object, snake_case keys as in the database); 'values': each row's values in column order.
 */
async function eachBatch(
  tx: Tx,
  category: ExportCategory,
  companyId: string,
  columns: string[],
  mode: 'json' | 'values',
  onBatch: (rows: Record<string, unknown>[]) => Promise<void>,
): Promise<number> {
  const { table } = EXPORT_SOURCES[category];
  const cursor = sql.id(`export_${category}`);
  const select =
    mode === 'json'
      ? sql`json_build_object(${sql.join(columns.flatMap((column) => [sql.lit(column), sql.ref(`t.${column}`)]))})::text as j`
      : sql.join(columns.map((column) => sql.ref(`t.${column}`)));
  const order = columns.includes('created_at') ? sql`t.created_at, t.id` : sql`t.id`;
  await sql`declare ${cursor} no scroll cursor for
    select ${select} from ${sql.table(table)} as t where t.company_id = ${companyId} order by ${order}`.execute(tx);
  let total = 0;
  for (;;) {
    const batch = await sql<Record<string, unknown>>`fetch ${sql.lit(EXPORT_BATCH_ROWS)} from ${cursor}`.execute(tx);
    if (batch.rows.length === 0) break;
    total += batch.rows.length;
    await onBatch(batch.rows);
    if (batch.rows.length < EXPORT_BATCH_ROWS) break;
  }
  await sql`close ${cursor}`.execute(tx);
  return total;
}

/**
 * Streams the export into `out` inside the company's transaction `tx`:
 * - JSON: { exportedAt, company, format, categories, skipped, data: { <category>: [rows] } };
 * - CSV: a zip with <category>.csv (a header line, then one line per row) and manifest.json.
 */
export async function streamExport(tx: Tx, plan: ExportPlan, out: Writable): Promise<ExportResult> {
  const result: ExportResult = { rows: {}, skipped: [] };
  const present: { category: ExportCategory; columns: string[] }[] = [];
  for (const category of plan.categories) {
    const { table, omit } = EXPORT_SOURCES[category];
    const exists = await sql<{ found: string | null }>`select to_regclass(${`public.${table}`})::text as found`.execute(tx);
    if (!exists.rows[0]?.found) {
      result.skipped.push({ category, reason: 'Not recorded yet: this category has no table in this installation' });
      continue;
    }
    present.push({ category, columns: await columnsOf(tx, table, omit) });
  }
  if (plan.audit) {
    // Audited in the export's own transaction, before the first byte goes out: the rows each category holds now.
    const rows: Partial<Record<ExportCategory, number>> = {};
    for (const { category } of present) {
      const counted = await sql<{ n: string }>`select count(*) as n from ${sql.table(EXPORT_SOURCES[category].table)} as t
        where t.company_id = ${plan.companyId}`.execute(tx);
      rows[category] = Number(counted.rows[0]?.n ?? 0);
    }
    await recordExportAudit(tx, {
      exportId: plan.audit.exportId,
      companyId: plan.companyId,
      userId: plan.audit.userId,
      format: plan.format,
      categories: present.map((entry) => entry.category),
      rows,
      skipped: result.skipped.map((entry) => entry.category),
    });
  }
  const header = {
    exportedAt: new Date().toISOString(),
    company: { id: plan.companyId, name: plan.companyName },
    format: plan.format,
    categories: present.map((entry) => entry.category),
    skipped: result.skipped,
  };

  if (plan.format === 'json') {
    await write(out, `${JSON.stringify(header).slice(0, -1)},"data":{`);
    for (const [index, { category, columns }] of present.entries()) {
      await write(out, `${index === 0 ? '' : ','}${JSON.stringify(category)}:[`);
      let first = true;
      result.rows[category] = await eachBatch(tx, category, plan.companyId, columns, 'json', async (rows) => {
        const chunk = rows.map((row) => row.j as string).join(',');
        await write(out, first ? chunk : `,${chunk}`);
        first = false;
      });
      await write(out, ']');
    }
    await write(out, '}}');
    out.end();
    return result;
  }

  // Deflate level 1: the CSV compresses to about a fifth of its size at level 1 as well (level 6 gains a few
  // percent more), at about a third of the CPU; the deflate runs on libuv's thread pool, but the
  // 2-core machine shares that CPU with the server, and it was most of the export's time.
  const archive = new ZipArchive({ zlib: { level: 1 } });
  const finished = new Promise<void>((resolve, reject) => {
    out.once('finish', resolve);
    out.once('close', resolve);
    archive.once('error', reject);
    out.once('error', reject);
  });
  // Awaited at the end; an export abandoned before then must not leave it rejecting unhandled.
  finished.catch(() => {});
  let current: PassThrough | null = null;
  // A reader gone away stops the zip, which then stops reading the entry: end the entry's wait too.
  const abandon = () => {
    if (!out.writableFinished) current?.destroy();
  };
  out.once('close', abandon);
  archive.pipe(out);
  try {
    for (const { category, columns } of present) {
      const entry = new PassThrough({ highWaterMark: 256 * 1024 });
      current = entry;
      archive.append(entry, { name: `${category}.csv` });
      await write(entry, csvLine(columns));
      result.rows[category] = await eachBatch(tx, category, plan.companyId, columns, 'values', async (rows) => {
        // The zip writes into `out` on its own: a reader gone away shows there, not on the entry.
        if (out.destroyed) throw new Error('export: the reader went away');
        await write(entry, rows.map((row) => csvLine(Object.values(row))).join(''));
      });
      entry.end();
      await once(entry, 'end');
    }
  } catch (error) {
    current?.destroy();
    archive.abort();
    throw error;
  } finally {
    out.off('close', abandon);
  }
  archive.append(JSON.stringify({ ...header, rows: result.rows }, null, 2), { name: 'manifest.json' });
  await archive.finalize();
  await finished;
  return result;
}
