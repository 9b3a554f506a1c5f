import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { ExportCategory, ExportFormat } from '#shared/schemas/export.js';
import type { Database } from '../../db/schema.js';
import { lazyModule } from '../../lazy-module.js';
import { csvLine, EXPORT_BATCH_ROWS, EXPORT_SOURCES } from './export-categories.js';

type Tx = Transaction<Database>;
const archiver = lazyModule(() => import('archiver'));

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

export interface Column {
  name: string;
  /** The column's type as pg_type names it (udt_name): text, uuid, timestamptz, numeric, ... */
  type: string;
  /** char(n)'s n. */
  length: number | null;
}

/** The table's exported columns, in table order. */
export async function columnsOf(tx: Tx, table: string, omit: readonly string[]): Promise<Column[]> {
  const rows = await sql<Column>`
    select column_name as name, udt_name as type, character_maximum_length as length from information_schema.columns
    where table_schema = 'public' and table_name = ${table} order by ordinal_position`.execute(tx);
  return rows.rows.filter((row) => !omit.includes(row.name));
}

/**
 * csvField() for a string, in SQL: text a spreadsheet would run as a formula gets a leading ', and
 * a field holding a quote, a comma or a line break is quoted with its quotes doubled. One regular
 * expression for the usual field that needs neither.
 */
const csvText = (text: RawBuilder<string>) =>
  sql<string>`(case when ${text} !~ '^[=+@\\t\\r-]|[",\\r\\n]' then ${text}
    when ${text} ~ '[",\\r\\n]' then (case when ${text} ~ '^[=+@\\t\\r-]' then '"''' else '"' end) || replace(${text}, '"', '""') || '"'
    else '''' || ${text} end)`;

/**
 * One column as csvField() writes the value node-postgres reads for it, computed by PostgreSQL:
 * timestamps as toISOString() (UTC, milliseconds, Z), booleans as true/false, numbers as they
 * are, strings (text, numeric, char(n) with its padding) guarded and quoted, uuids and dates as
 * they are (neither can need either). Null for a type without a SQL form here (json, arrays, ...):
 * such a table is written from its values in JavaScript instead.
 */
function csvFieldSql(column: Column): RawBuilder<string> | null {
  const ref = sql.ref(`t.${column.name}`);
  switch (column.type) {
    case 'timestamptz':
      return sql<string>`to_char(${ref} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    case 'bool':
      return sql<string>`(case when ${ref} then 'true' else 'false' end)`;
    case 'int2':
    case 'int4':
    case 'int8':
    case 'uuid':
    case 'date':
      return sql<string>`${ref}::text`;
    case 'text':
    case 'varchar':
    case 'numeric':
      return csvText(sql<string>`${ref}::text`);
    case 'bpchar':
      return column.length === null ? null : csvText(sql<string>`rpad(${ref}::text, ${sql.lit(column.length)})`);
    default:
      return null;
  }
}

/** A whole CSV line (csvLine() of the row's values) built by PostgreSQL, or null when a column has no SQL form. */
export function csvLineSql(columns: Column[]): RawBuilder<string> | null {
  const fields: RawBuilder<string>[] = [];
  for (const column of columns) {
    const field = csvFieldSql(column);
    if (!field) return null;
    fields.push(sql<string>`coalesce(${field}, '')`);
  }
  return sql<string>`${sql.join(fields, sql` || ',' || `)} || E'\\r\\n'`;
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
  columns: Column[],
  mode: 'json' | 'values' | { csv: RawBuilder<string> },
  onBatch: (rows: Record<string, unknown>[]) => Promise<void>,
): Promise<number> {
  const { table } = EXPORT_SOURCES[category];
  const cursor = sql.id(`export_${category}`);
  const names = columns.map((column) => column.name);
  const select =
    mode === 'json'
      ? sql`json_build_object(${sql.join(names.flatMap((name) => [sql.lit(name), sql.ref(`t.${name}`)]))})::text as j`
      : mode === 'values'
        ? sql.join(names.map((name) => sql.ref(`t.${name}`)))
        : sql`${mode.csv} as line`;
  const order = names.includes('created_at') ? sql`t.created_at, t.id` : sql`t.id`;
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
  const present: { category: ExportCategory; columns: Column[] }[] = [];
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

  // Deflate level 1: on 100,000 loads' CSV (48 MB) about half the CPU of level 6 (measured side by side,
  // 0.53 s against 0.97 s) for a zip 13% larger (11.3 MB against 10.0 MB). The deflate runs on libuv's
  // thread pool, but the 2 cores are shared with the server, and it was most of the export's time.
  const { ZipArchive } = await archiver();
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
      await write(entry, csvLine(columns.map((column) => column.name)));
      // Each line built by PostgreSQL where every column has a SQL form (loads do): the server only joins text.
      const lines = csvLineSql(columns);
      result.rows[category] = await eachBatch(tx, category, plan.companyId, columns, lines ? { csv: lines } : 'values', async (rows) => {
        // The zip writes into `out` on its own: a reader gone away shows there, not on the entry.
        if (out.destroyed) throw new Error('export: the reader went away');
        await write(entry, rows.map((row) => (lines ? (row.line as string) : csvLine(Object.values(row)))).join(''));
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
