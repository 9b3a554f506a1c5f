import { z } from 'zod';
import { optionalText, stateCode, timestamp } from './fields.js';
import { isoDate, moneyInput, rateInput } from './settlements.js';

/**
 * IFTA (issue 31, item 5; docs/ifta.md): fuel purchases per truck, the tax rates an admin keeps per
 * quarter, and the quarterly report from the per-day roll-ups of miles. Money, gallons, miles and
 * rates are exact decimal strings; dates "YYYY-MM-DD"; a quarter "YYYY-Qn".
 */

export const QUARTER_PATTERN = /^\d{4}-Q[1-4]$/;
export const quarterInput = z.string({ error: 'Quarter is required' }).trim().regex(QUARTER_PATTERN, 'Quarter must look like 2026-Q4');

/** The quarter's first and last day ("2026-Q4" → 2026-10-01, 2026-12-31). */
export function quarterRange(quarter: string): { from: string; to: string } {
  const year = Number(quarter.slice(0, 4));
  const q = Number(quarter.slice(6));
  const startMonth = (q - 1) * 3;
  const from = new Date(Date.UTC(year, startMonth, 1)).toISOString().slice(0, 10);
  const to = new Date(Date.UTC(year, startMonth + 3, 0)).toISOString().slice(0, 10);
  return { from, to };
}

/** The quarter holding a date (UTC). */
export function quarterOf(date: Date | string): string {
  const d = typeof date === 'string' ? new Date(`${date.slice(0, 10)}T00:00:00Z`) : date;
  return `${d.getUTCFullYear()}-Q${Math.floor(d.getUTCMonth() / 3) + 1}`;
}

export const FUEL_SOURCES = ['manual', 'import'] as const;
export type FuelSource = (typeof FUEL_SOURCES)[number];

const fuelFields = {
  truckId: z.uuid('Choose a truck'),
  purchasedOn: isoDate('Date'),
  jurisdiction: stateCode('State'),
  gallons: rateInput('Gallons')
    .refine((value) => Number(value) > 0, 'Gallons must be more than 0')
    .refine((value) => Number(value) < 100_000, 'Gallons must be under 100,000'),
  amount: moneyInput('Amount').refine((value) => Number(value) < 10_000_000, 'Amount must be under 10,000,000'),
  vendor: optionalText('Vendor', 100),
};

export const createFuelPurchaseInput = z.object(fuelFields);
export type CreateFuelPurchaseInput = z.input<typeof createFuelPurchaseInput>;
export const updateFuelPurchaseInput = z.object({ id: z.uuid('Invalid id'), ...fuelFields });

export const fuelPurchase = z.object({
  id: z.uuid(),
  truckId: z.uuid(),
  truckUnit: z.string(),
  purchasedOn: z.string(),
  jurisdiction: z.string(),
  gallons: z.string(),
  amount: z.string(),
  vendor: z.string().nullable(),
  source: z.enum(FUEL_SOURCES),
  createdAt: timestamp,
});
export type FuelPurchase = z.infer<typeof fuelPurchase>;

export const fuelListInput = z.object({
  quarter: quarterInput,
  truckId: z.uuid('Choose a truck').optional(),
});
export const fuelListOutput = z.object({ items: z.array(fuelPurchase) });

/** A fuel card's CSV export: at most 1 MB and 5,000 rows. */
export const FUEL_IMPORT_MAX_BYTES = 1_000_000;
export const FUEL_IMPORT_MAX_ROWS = 5_000;
export const fuelImportInput = z.object({
  csv: z.string({ error: 'Choose a CSV file' }).min(1, 'The file is empty').max(FUEL_IMPORT_MAX_BYTES, 'The file is larger than 1 MB'),
});
export const fuelImportError = z.object({ row: z.number().int(), column: z.string(), message: z.string() });
export const fuelImportOutput = z.object({
  imported: z.number().int(),
  errors: z.array(fuelImportError),
});
export type FuelImportOutput = z.infer<typeof fuelImportOutput>;

export const taxRate = z.object({ jurisdiction: z.string(), rate: z.string() });
export const taxRatesInput = z.object({ quarter: quarterInput });
export const taxRatesOutput = z.object({ quarter: z.string(), rates: z.array(taxRate) });
export const upsertTaxRatesInput = z.object({
  quarter: quarterInput,
  rates: z
    .array(
      z.object({
        jurisdiction: stateCode('State'),
        rate: rateInput('Rate').refine((value) => Number(value) < 10, 'Rate must be under 10 dollars a gallon'),
      }),
    )
    .max(80, 'At most 80 rates at once'),
});

export const reportInput = z.object({ quarter: quarterInput });
export const reportLine = z.object({
  jurisdiction: z.string(),
  miles: z.string(),
  taxableGallons: z.string(),
  gallonsBought: z.string(),
  netTaxableGallons: z.string(),
  rate: z.string().nullable(),
  taxDue: z.string().nullable(),
});
export type ReportLine = z.infer<typeof reportLine>;
export const reportTruck = z.object({
  truckId: z.uuid(),
  truckUnit: z.string(),
  miles: z.string(),
  gallons: z.string(),
  jurisdictions: z.array(z.object({ jurisdiction: z.string(), miles: z.string() })),
});
export const reportGap = z.object({
  id: z.uuid(),
  truckId: z.uuid(),
  truckUnit: z.string(),
  startedAt: timestamp,
  endedAt: timestamp,
  miles: z.string(),
  fromJurisdiction: z.string().nullable(),
  toJurisdiction: z.string().nullable(),
});
export const reportOutput = z.object({
  quarter: z.string(),
  from: z.string(),
  to: z.string(),
  totalMiles: z.string(),
  totalGallons: z.string(),
  /** Total miles / total gallons, 2 places; null without fuel bought. */
  fleetMpg: z.string().nullable(),
  totalTaxDue: z.string(),
  lines: z.array(reportLine),
  trucks: z.array(reportTruck),
  gaps: z.array(reportGap),
  missingRates: z.array(z.string()),
});
export type IftaReport = z.infer<typeof reportOutput>;

export const fileOutput = z.object({ fileName: z.string(), content: z.string() });
export const pdfOutput = z.object({ fileName: z.string(), contentBase64: z.string() });

export const rebuildInput = z.object({ quarter: quarterInput });
/**
 * A quarter's rebuild from the tracks (a job: docs/ifta.md): queued, running truck by truck, then
 * done or failed. `ifta.rebuildQuarter` answers the one it queued (or the one already under way).
 */
export const rebuildStatuses = ['queued', 'running', 'done', 'failed'] as const;
export const rebuildOutput = z.object({
  id: z.uuid(),
  quarter: z.string(),
  status: z.enum(rebuildStatuses),
  trucksTotal: z.number().int(),
  trucksDone: z.number().int(),
  positions: z.number().int(),
  days: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type IftaRebuild = z.infer<typeof rebuildOutput>;
/** The quarter's latest rebuild, or null when none was asked for. */
export const rebuildStatusOutput = rebuildOutput.nullable();
