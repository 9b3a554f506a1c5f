import { parse } from 'csv-parse/sync';
import { FUEL_IMPORT_MAX_ROWS, createFuelPurchaseInput } from '#shared/schemas/ifta.js';
import type { FuelValues } from './ifta.repository.js';

/**
 * A fuel card's CSV export (issue 31, item 5): a header row naming the columns date, unit (or
 * truck), state, gallons and amount (vendor optional; case and spaces ignored, common synonyms
 * accepted), then one purchase a row. Every row is checked before anything is written: an error
 * names the row (1 = the header, as a spreadsheet counts) and the column.
 */

const COLUMNS: Record<string, readonly string[]> = {
  date: ['date', 'transaction date', 'purchase date', 'trans date'],
  unit: ['unit', 'truck', 'unit number', 'truck unit', 'unit #', 'truck #', 'vehicle'],
  state: ['state', 'jurisdiction', 'st', 'location state'],
  gallons: ['gallons', 'qty', 'quantity', 'fuel gallons', 'gal'],
  amount: ['amount', 'total', 'total amount', 'fuel amount', 'cost'],
  vendor: ['vendor', 'merchant', 'location', 'truck stop', 'site'],
};
const REQUIRED = ['date', 'unit', 'state', 'gallons', 'amount'] as const;
const FIELD_COLUMN: Record<string, string> = {
  purchasedOn: 'date',
  truckId: 'unit',
  jurisdiction: 'state',
  gallons: 'gallons',
  amount: 'amount',
  vendor: 'vendor',
};

export interface ImportError {
  row: number;
  column: string;
  message: string;
}

/** "11/03/2026" or "2026-11-03" → "2026-11-03"; anything else unchanged (the schema names it). */
function isoDay(text: string): string {
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (us) return `${us[3]}-${(us[1] ?? '').padStart(2, '0')}-${(us[2] ?? '').padStart(2, '0')}`;
  return text.trim();
}

export function parseFuelCsv(
  csv: string,
  trucks: readonly { id: string; unitNumber: string }[],
): { values: FuelValues[]; errors: ImportError[] } {
  let records: string[][];
  try {
    records = parse(csv, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true }) as string[][];
  } catch (error) {
    return { values: [], errors: [{ row: 0, column: 'file', message: `The file is not valid CSV: ${(error as Error).message}` }] };
  }
  const header = (records[0] ?? []).map((name) => name.toLowerCase().replace(/\s+/g, ' ').trim());
  const at: Record<string, number> = {};
  for (const [column, names] of Object.entries(COLUMNS)) {
    const index = header.findIndex((name) => names.includes(name));
    if (index >= 0) at[column] = index;
  }
  const missing = REQUIRED.filter((column) => at[column] === undefined);
  if (missing.length > 0) {
    return { values: [], errors: missing.map((column) => ({ row: 1, column, message: `The header has no "${column}" column` })) };
  }
  if (records.length - 1 > FUEL_IMPORT_MAX_ROWS) {
    return { values: [], errors: [{ row: 0, column: 'file', message: `At most ${FUEL_IMPORT_MAX_ROWS} rows at once` }] };
  }
  const byUnit = new Map(trucks.map((truck) => [truck.unitNumber.toLowerCase(), truck.id]));
  const values: FuelValues[] = [];
  const errors: ImportError[] = [];
  records.slice(1).forEach((record, index) => {
    const row = index + 2;
    const cell = (column: string) => (at[column] === undefined ? '' : (record[at[column] as number] ?? ''));
    const unit = cell('unit');
    const truckId = byUnit.get(unit.toLowerCase());
    if (!truckId) {
      errors.push({ row, column: 'unit', message: unit ? `No truck with unit number "${unit}"` : 'Unit is required' });
      return;
    }
    const parsed = createFuelPurchaseInput.safeParse({
      truckId,
      purchasedOn: isoDay(cell('date')),
      jurisdiction: cell('state'),
      gallons: cell('gallons').replace(/,/g, ''),
      amount: cell('amount').replace(/[$,]/g, ''),
      vendor: cell('vendor'),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        errors.push({ row, column: FIELD_COLUMN[String(issue.path[0])] ?? String(issue.path[0]), message: issue.message });
      }
      return;
    }
    values.push(parsed.data);
  });
  return { values, errors };
}
