import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { detectDelimiter, normalizeAmount, normalizeBoolean, normalizeDate, readCsv, unguard, type CsvRecord } from './csv-reader.js';

const fixture = (name: string) => path.join(import.meta.dirname, '../../../../tests/fixtures/csv', name);

async function records(input: Buffer | string, chunkSize = 7): Promise<CsvRecord[]> {
  const buffer = typeof input === 'string' ? Buffer.from(input) : input;
  const chunks: Buffer[] = [];
  for (let start = 0; start < buffer.length; start += chunkSize) chunks.push(buffer.subarray(start, start + chunkSize));
  const out: CsvRecord[] = [];
  for await (const record of readCsv(Readable.from(chunks))) out.push(record);
  return out;
}

describe('readCsv', () => {
  it('reads a BOM, semicolons, quoted newlines and separators inside quotes, and skips blank lines', async () => {
    const rows = await records(await readFile(fixture('brokers-bom-semicolon.csv')));
    expect(rows[0]?.values.slice(0, 3)).toEqual(['Contact Name', 'Brokerage', 'E-mail']);
    expect(rows[1]?.values.slice(0, 2)).toEqual(['Ana Reyes', 'Reyes Freight; LLC']);
    expect(rows[1]?.values[5]).toBe('Prefers calls\r\nbefore noon');
    // The blank line and the line of separators only are skipped: Ben is the next row.
    expect(rows[2]?.values[0]).toBe('Ben Cole');
    expect(rows.map((row) => row.row)).toEqual([0, 1, 2, 3]);
  });

  it('keeps reading rows shorter or longer than the header (trailing empty columns)', async () => {
    const rows = await records('a,b\n1,2,,,\n3\n');
    expect(rows.map((row) => row.values)).toEqual([['a', 'b'], ['1', '2', '', '', ''], ['3']]);
  });

  it('counts the bytes read, for the progress', async () => {
    const text = 'a,b\n1,2\n3,4\n';
    const rows = await records(text, 3);
    expect(rows.at(-1)?.bytes).toBeGreaterThan(0);
    expect(rows.at(-1)?.bytes).toBeLessThanOrEqual(text.length);
  });

  it('detects the separator from the header line, ignoring quoted ones', () => {
    expect(detectDelimiter('a;b;c')).toBe(';');
    expect(detectDelimiter('"a;x",b,c')).toBe(',');
    expect(detectDelimiter('a\tb')).toBe('\t');
    expect(detectDelimiter('single')).toBe(',');
  });
});

describe('cell readers', () => {
  it('reads Excel serial, US and ISO dates as YYYY-MM-DD, and leaves nonsense for the schema', () => {
    expect(normalizeDate('45992')).toBe('2025-12-01');
    expect(normalizeDate('11/29/2026')).toBe('2026-11-29');
    expect(normalizeDate('2026-11-29')).toBe('2026-11-29');
    expect(normalizeDate('2026-11-29T10:00:00.000Z')).toBe('2026-11-29');
    expect(normalizeDate('02/30/2026')).toBe('02/30/2026');
    expect(normalizeDate('soon')).toBe('soon');
    expect(normalizeDate('')).toBe('');
  });

  it('reads money as written in sheets', () => {
    expect(normalizeAmount('$1,250.00')).toBe('1250.00');
    expect(normalizeAmount('USD 980')).toBe('980');
    expect(normalizeAmount('1250')).toBe('1250');
    expect(normalizeAmount('abc')).toBe('abc');
  });

  it('reads yes and no', () => {
    expect(normalizeBoolean('Yes')).toBe(true);
    expect(normalizeBoolean('false')).toBe(false);
    expect(normalizeBoolean('maybe')).toBe('maybe');
  });

  it("undoes the export's formula guard", () => {
    expect(unguard("'+1 555 0100")).toBe('+1 555 0100');
    expect(unguard("'plain")).toBe("'plain");
  });
});
