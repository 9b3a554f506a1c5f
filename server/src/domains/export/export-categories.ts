import type { ExportCategory } from '#shared/schemas/export.js';

/**
 * Where each export category comes from: its table, and the columns left out (derived search
 * text). Rows are read under row-level security inside the company's transaction and filtered on
 * company_id as well, so the planner uses the indexes that start with it. A table that does not
 * exist yet (invoices before their migration) is skipped with a note.
 */
export const EXPORT_SOURCES: Record<ExportCategory, { table: string; omit: readonly string[] }> = {
  loads: { table: 'loads', omit: ['search_text'] },
  drivers: { table: 'drivers', omit: ['search_text'] },
  brokers: { table: 'brokers', omit: ['search_text'] },
  carriers: { table: 'carriers', omit: ['search_text'] },
  invoices: { table: 'invoices', omit: ['search_text'] },
  documents: { table: 'documents', omit: ['search_text'] },
  messages: { table: 'messages', omit: ['search_text'] },
  auditLogs: { table: 'audit_logs', omit: [] },
};

/** Rows fetched from the cursor at a time: memory holds one batch, whatever the export's size. */
export const EXPORT_BATCH_ROWS = 1000;

/** One CSV field: quoted when needed; text that a spreadsheet would run as a formula is prefixed with '. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (values: readonly unknown[]): string => `${values.map(csvField).join(',')}\r\n`;
