import type { Readable } from 'node:stream';
import { Readable as ReadableStream } from 'node:stream';
import { parse } from 'csv-parse';

/**
 * Reading a CSV as spreadsheets and other systems write it: a UTF-8 BOM, `,`, `;` or a tab as the
 * separator (detected from the header line), quoted fields with line breaks, blank lines and
 * lines of separators only (skipped), rows longer or shorter than the header (trailing empty
 * columns). Streamed: csv-parse reads the file chunk by chunk, with backpressure, so memory holds
 * a chunk and a record, whatever the file's size.
 */

export type Delimiter = ',' | ';' | '\t';

/** How many bytes are read at most to find the header line. */
const SNIFF_BYTES = 64 * 1024;

/** The separator the header line uses most, outside quotes (a comma when it has none). */
export function detectDelimiter(headerLine: string): Delimiter {
  const counts: Record<Delimiter, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const char of headerLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === ',' || char === ';' || char === '\t')) counts[char] += 1;
  }
  const best = (Object.entries(counts) as [Delimiter, number][]).sort((a, b) => b[1] - a[1])[0];
  return best && best[1] > 0 ? best[0] : ',';
}

export interface CsvRecord {
  /** 1 for the first row after the header. */
  row: number;
  values: string[];
  /** Bytes of the file read so far (the progress). */
  bytes: number;
}

/**
 * The records of a CSV stream: first the header (row 0), then every data row. Blank lines and
 * lines of empty fields are skipped; a field's surrounding spaces are kept for the schemas to trim.
 */
export async function* readCsv(input: Readable | AsyncIterable<Buffer | string>): AsyncGenerator<CsvRecord> {
  const iterator = (input as AsyncIterable<Buffer | string>)[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let size = 0;
  for (;;) {
    const next = await iterator.next();
    if (next.done) break;
    const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
    head.push(chunk);
    size += chunk.length;
    if (chunk.includes(10) || size >= SNIFF_BYTES) break;
  }
  const first = Buffer.concat(head);
  const headerLine =
    first
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/, 1)[0] ?? '';
  const delimiter = detectDelimiter(headerLine);
  async function* whole() {
    yield first;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
    }
  }
  const source = ReadableStream.from(whole());
  const parser = source.pipe(
    parse({
      delimiter,
      bom: true,
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
    }),
  );
  // pipe() does not carry a read error on: the parser fails with it, so the reader below sees it.
  source.on('error', (error) => parser.destroy(error));
  let row = 0;
  try {
    for await (const item of parser as AsyncIterable<{ record: string[]; info: { bytes: number } }>) {
      yield { row, values: item.record, bytes: item.info.bytes };
      row += 1;
    }
  } finally {
    // Stopped early (the preview reads a few rows): the rest of the file is not read.
    source.destroy();
    parser.destroy();
  }
}

/** The export's guard against spreadsheet formulas (a leading ' before = + - @ tab), undone. */
export const unguard = (value: string): string => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

/** Excel's day 0 (its serial dates count days from 1899-12-30, the 1900 leap-year bug included). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

/**
 * A date cell as "YYYY-MM-DD": ISO (a timestamp's date part too), US (11/29/2026, 11-29-26) or an
 * Excel serial day (45992). Anything else is returned as it is, for the schema to name it invalid.
 */
export function normalizeDate(raw: string): string {
  const value = raw.trim();
  if (value === '') return '';
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(value);
  if (iso) return ymd(Number(iso[1]), Number(iso[2]), Number(iso[3])) ?? value;
  const us = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(value);
  if (us) {
    const yearText = us[3] ?? '';
    const year = Number(yearText) + (yearText.length === 2 ? 2000 : 0);
    return ymd(year, Number(us[1]), Number(us[2])) ?? value;
  }
  if (/^\d{4,6}(\.\d+)?$/.test(value)) {
    const serial = Math.floor(Number(value));
    if (serial >= 36526 && serial <= 73415) return new Date(EXCEL_EPOCH_MS + serial * DAY_MS).toISOString().slice(0, 10);
  }
  return value;
}

function ymd(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** An amount as written in a sheet ("$1,250.00", "USD 1 250", "1250"): the digits, for the schema's money rules. */
export function normalizeAmount(raw: string): string {
  const value = raw.trim();
  const cleaned = value
    .replace(/^(usd|us\$|\$)\s*/i, '')
    .replace(/\s*(usd)$/i, '')
    .replace(/[$\s]/g, '');
  if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(cleaned)) return cleaned.replaceAll(',', '');
  return /^-?\d+(\.\d+)?$/.test(cleaned) ? cleaned : value;
}

/** A yes/no cell: yes, y, true, 1, x, on (and their opposites); anything else stays as written. */
export function normalizeBoolean(raw: string): boolean | string {
  const value = raw.trim().toLowerCase();
  if (['yes', 'y', 'true', '1', 'x', 'on', 'signed'].includes(value)) return true;
  if (['no', 'n', 'false', '0', '', 'off'].includes(value)) return false;
  return raw;
}

/** A choice cell ("In Transit", "Dry Van") as the choice's name (in_transit, dry_van). */
export const normalizeChoice = (raw: string): string =>
  raw
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** A header as compared with the synonyms: lower case, letters and digits only ("MC#" → "mc", "Origin City" → "origincity"). */
export const headerKey = (header: string): string => header.toLowerCase().replace(/[^a-z0-9]/g, '');
