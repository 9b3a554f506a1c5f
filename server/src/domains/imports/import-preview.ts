import type { Kysely } from 'kysely';
import { IMPORT_LIMITS, IMPORT_TEXTS, type ImportEntity, type ImportMapping, type ImportPreview } from '#shared/schemas/imports.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { storageFor } from '../../services/storage/index.js';
import { readCsv } from './csv-reader.js';
import { cellsOf, fieldsOf, guessMapping, missingFields, validateRow } from './import-fields.js';
import { resolveLoadLinks, type CheckedRow } from './import-writer.js';

/** The header and the first `rows` rows of a stored CSV; the rest of the file is not read. */
export async function readHead(
  config: Config,
  fileKey: string,
  rows: number,
): Promise<{ headers: string[]; rows: { row: number; values: string[] }[] }> {
  let input: Awaited<ReturnType<ReturnType<typeof storageFor>['read']>>;
  try {
    input = await storageFor(config).read(fileKey);
  } catch (error) {
    // The file store removes an upload not started within the hour (the document sweeper).
    throw new AppError('NOT_FOUND', IMPORT_TEXTS.fileGone, { field: 'id', cause: error });
  }
  let headers: string[] | null = null;
  const head: { row: number; values: string[] }[] = [];
  try {
    for await (const record of readCsv(input)) {
      if (record.row === 0) headers = record.values;
      else head.push({ row: record.row, values: record.values });
      if (head.length >= rows) break;
    }
  } finally {
    input.destroy();
  }
  if (!headers) throw new AppError('BAD_REQUEST', IMPORT_TEXTS.noHeader, { field: 'file' });
  return { headers, rows: head };
}

/** The mapping fitted to the file's columns: one name per header (a missing one: the column left out). */
export const fitMapping = (mapping: ImportMapping, headers: readonly string[]): ImportMapping =>
  headers.map((_, index) => mapping[index] ?? '');

/**
 * The preview: the mapping (guessed from the headers when none is given), the required fields
 * left unmapped, and the first rows as the import will read them, each with its errors by field:
 * the create form's schema, and for loads the broker, driver and carrier they name.
 */
export async function previewImport(
  db: Kysely<Database>,
  config: Config,
  upload: { entity: ImportEntity; fileKey: string },
  given: ImportMapping | undefined,
): Promise<ImportPreview> {
  const { headers, rows } = await readHead(config, upload.fileKey, IMPORT_LIMITS.previewRows);
  const mapping = fitMapping(given ?? guessMapping(upload.entity, headers), headers);
  const checked = rows.map((row) => ({ ...row, result: validateRow(upload.entity, cellsOf(upload.entity, mapping, row.values)) }));
  const linkErrors =
    upload.entity === 'loads'
      ? await resolveLoadLinks(
          db,
          checked.flatMap((row) =>
            row.result.ok ? [{ row: row.row, values: { ...row.result.values }, extra: row.result.extra } satisfies CheckedRow] : [],
          ),
        )
      : new Map();
  return {
    entity: upload.entity,
    headers,
    mapping,
    fields: fieldsOf(upload.entity),
    missing: missingFields(upload.entity, mapping),
    rows: checked.map((row) => ({
      line: row.row,
      values: row.values,
      errors: row.result.ok ? (linkErrors.get(row.row) ?? []) : row.result.errors,
    })),
  };
}
