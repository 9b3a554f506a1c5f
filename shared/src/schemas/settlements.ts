import { z } from 'zod';
import { DECIMAL_WHOLE_DIGITS, isPlausibleDate, requiredText, timestamp } from './fields.js';

/**
 * Driver pay (issue 30, docs/settlements.md): pay profiles, deductions, weekly periods,
 * settlements and their lines, statements and reports, on the wire both ways.
 *
 * Money is an exact decimal string ("1234.56"), signed on lines (deductions negative); a pay rate
 * has up to 4 decimal places ("0.6250" a mile, "25.00" percent); dates are "YYYY-MM-DD".
 */

export const PAY_BASES = ['loaded_mile', 'total_mile', 'line_haul_percent', 'rate_percent', 'flat', 'hourly'] as const;
export type PayBasis = (typeof PAY_BASES)[number];
export const PAY_BASIS_LABELS: Record<PayBasis, string> = {
  loaded_mile: 'Per loaded mile',
  total_mile: 'Per total mile',
  line_haul_percent: '% of line haul',
  rate_percent: '% of rate',
  flat: 'Flat per load',
  hourly: 'Hourly',
};

export const DRIVER_PAY_TYPES = ['company', 'owner_operator'] as const;
export type DriverPayType = (typeof DRIVER_PAY_TYPES)[number];
export const DRIVER_PAY_TYPE_LABELS: Record<DriverPayType, string> = { company: 'Company driver', owner_operator: 'Owner-operator' };

export const PAY_ITEM_KINDS = ['stop_pay', 'detention', 'layover', 'lumper', 'tarp', 'other'] as const;
export type PayItemKind = (typeof PAY_ITEM_KINDS)[number];
export const PAY_ITEM_KIND_LABELS: Record<PayItemKind, string> = {
  stop_pay: 'Stop pay',
  detention: 'Detention',
  layover: 'Layover',
  lumper: 'Lumper reimbursement',
  tarp: 'Tarp',
  other: 'Other',
};

export const DEDUCTION_KINDS = ['one_off', 'recurring', 'escrow', 'advance'] as const;
export type DeductionKind = (typeof DEDUCTION_KINDS)[number];
export const DEDUCTION_KIND_LABELS: Record<DeductionKind, string> = {
  one_off: 'One-off',
  recurring: 'Recurring',
  escrow: 'Escrow',
  advance: 'Advance',
};

export const SETTLEMENT_LINE_KINDS = [
  'load_pay',
  'extra_pay',
  'deduction',
  'advance',
  'advance_repayment',
  'escrow',
  'adjustment',
] as const;
export type SettlementLineKind = (typeof SETTLEMENT_LINE_KINDS)[number];
export const SETTLEMENT_LINE_KIND_LABELS: Record<SettlementLineKind, string> = {
  load_pay: 'Load pay',
  extra_pay: 'Extra pay',
  deduction: 'Deduction',
  advance: 'Advance',
  advance_repayment: 'Advance repayment',
  escrow: 'Escrow',
  adjustment: 'Adjustment',
};

export const PAYMENT_METHODS = ['ach', 'check', 'wire', 'cash', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  ach: 'ACH',
  check: 'Check',
  wire: 'Wire',
  cash: 'Cash',
  other: 'Other',
};

export const SETTLEMENT_STATUSES = ['draft', 'approved', 'paid'] as const;
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number];
export const PERIOD_STATUSES = ['open', 'approved', 'paid'] as const;
export type PeriodStatus = (typeof PERIOD_STATUSES)[number];

export const SETTLEMENT_REPORTS = ['by_period', 'per_driver', 'ytd', '1099'] as const;
export type SettlementReport = (typeof SETTLEMENT_REPORTS)[number];

/** The texts both sides share (field errors and refusals). */
export const SETTLEMENT_TEXTS = {
  reasonRequired: 'Give a reason for the change',
  approvedLocked: "Approved settlements can't change; add an adjustment to the next one",
  notApproved: 'Only an approved settlement can be marked paid',
  totalRequired: 'Give the total (an advance) or the target (an escrow)',
  carrierRequired: 'An owner-operator needs a carrier',
  weekStart: 'The period must start on the company’s week start day',
  alreadyEnded: 'This deduction has already ended',
} as const;

/** Rates: at most 4 decimal places, not negative. */
export const RATE_SCALE = 4;

function decimalInput(label: string, options: { signed: boolean; scale: number }) {
  return z.union([z.string(), z.number()], { error: `${label} must be a number` }).transform((value, context) => {
    const text = (typeof value === 'number' ? String(value) : value).trim();
    const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text);
    if (text === '' || !match) {
      context.addIssue({ code: 'custom', message: text === '' ? `${label} is required` : `${label} must be a number` });
      return z.NEVER;
    }
    const [, minus, whole = '0', fraction = ''] = match;
    if (minus && !options.signed) {
      context.addIssue({ code: 'custom', message: `${label} must be 0 or more` });
      return z.NEVER;
    }
    if (fraction.replace(/0+$/, '').length > options.scale) {
      context.addIssue({ code: 'custom', message: `${label} must have at most ${options.scale} decimal places` });
      return z.NEVER;
    }
    const trimmedWhole = whole.replace(/^0+(?=\d)/, '');
    if (trimmedWhole.length > DECIMAL_WHOLE_DIGITS - (options.scale > 2 ? 2 : 0)) {
      context.addIssue({ code: 'custom', message: `${label} is too large` });
      return z.NEVER;
    }
    const digits = `${trimmedWhole}.${fraction.slice(0, options.scale).padEnd(options.scale, '0')}`;
    return minus && /[1-9]/.test(digits) ? `-${digits}` : digits;
  });
}

/** A money amount (2 places), signed or not. */
export const moneyInput = (label: string, signed = false) => decimalInput(label, { signed, scale: 2 });
/** A pay rate or a quantity (up to 4 places, not negative). */
export const rateInput = (label: string) => decimalInput(label, { signed: false, scale: RATE_SCALE });

export const isoDate = (label: string) =>
  z
    .string({ error: `${label} must be a valid date` })
    .trim()
    .refine(isPlausibleDate, `${label} must be a valid date`);

const id = (label = 'Id') => z.uuid(`${label} is invalid`);
const reason = z
  .string({ error: SETTLEMENT_TEXTS.reasonRequired })
  .trim()
  .min(1, SETTLEMENT_TEXTS.reasonRequired)
  .max(500, 'Reason must be at most 500 characters');
const description = requiredText('Description', 200);

const money = z.string();
const nullableMoney = z.string().nullable();

// ---------------------------------------------------------------- pay profiles

export const payExtraItem = z.object({
  kind: z.enum(PAY_ITEM_KINDS, 'Unknown pay item'),
  description: requiredText('Description', 200),
  amount: moneyInput('Amount'),
});
export const payExtraItemOutput = z.object({ kind: z.enum(PAY_ITEM_KINDS), description: z.string(), amount: money });

export const listProfilesInput = z.object({ driverId: id('Driver').optional() }).prefault({});
export const payProfile = z.object({
  id: z.uuid(),
  driverId: z.uuid(),
  driverName: z.string(),
  effectiveFrom: z.string(),
  driverType: z.enum(DRIVER_PAY_TYPES),
  carrierId: z.uuid().nullable(),
  carrierName: z.string().nullable(),
  payBasis: z.enum(PAY_BASES),
  rate: z.string(),
  extraItems: z.array(payExtraItemOutput),
  createdByName: z.string().nullable(),
  createdAt: timestamp,
});
export type PayProfile = z.infer<typeof payProfile>;

export const setProfileInput = z.object({
  driverId: id('Driver'),
  effectiveFrom: isoDate('Effective from'),
  driverType: z.enum(DRIVER_PAY_TYPES, 'Choose company driver or owner-operator'),
  carrierId: id('Carrier').nullish(),
  payBasis: z.enum(PAY_BASES, 'Choose how the driver is paid'),
  rate: rateInput('Rate'),
  extraItems: z.array(payExtraItem).max(20, 'At most 20 extra items').optional(),
});
export type SetProfileInput = z.input<typeof setProfileInput>;

// ---------------------------------------------------------------- deductions

export const listDeductionsInput = z.object({ driverId: id('Driver').optional() }).prefault({});
export const deduction = z.object({
  id: z.uuid(),
  driverId: z.uuid(),
  driverName: z.string(),
  kind: z.enum(DEDUCTION_KINDS),
  description: z.string(),
  /** Taken each settlement (positive). */
  amount: money,
  /** An advance's total or an escrow's target. */
  total: nullableMoney,
  /** Left to repay (advance), or held (escrow). */
  balance: nullableMoney,
  startsOn: z.string(),
  endedAt: timestamp.nullable(),
  enteredByName: z.string().nullable(),
  createdAt: timestamp,
});
export type Deduction = z.infer<typeof deduction>;

export const createDeductionInput = z.object({
  driverId: id('Driver'),
  kind: z.enum(DEDUCTION_KINDS, 'Unknown deduction kind'),
  description,
  amount: moneyInput('Amount'),
  total: moneyInput('Total').nullish(),
  startsOn: isoDate('Starts on'),
});
export type CreateDeductionInput = z.input<typeof createDeductionInput>;
export const endDeductionInput = z.object({ id: id() });

// ---------------------------------------------------------------- periods and settlements

export const period = z.object({
  id: z.uuid(),
  startsOn: z.string(),
  endsOn: z.string(),
  settlementCount: z.number().int(),
  approvedCount: z.number().int(),
  paidCount: z.number().int(),
  gross: money,
  deductions: money,
  net: money,
  status: z.enum(PERIOD_STATUSES),
});
export type Period = z.infer<typeof period>;
export const periodDefaults = z.object({ weekStartsOn: z.number().int().min(0).max(6), nextStartsOn: z.string() });

export const openPeriodInput = z.object({ startsOn: isoDate('Starts on') });
export const periodIdInput = z.object({ periodId: id('Period') });

export const settlementSummary = z.object({
  id: z.uuid(),
  periodId: z.uuid(),
  driverId: z.uuid(),
  driverName: z.string(),
  driverType: z.enum(DRIVER_PAY_TYPES),
  status: z.enum(SETTLEMENT_STATUSES),
  loadCount: z.number().int(),
  miles: z.string(),
  gross: money,
  deductions: money,
  net: money,
  approvedAt: timestamp.nullable(),
  paidAt: z.string().nullable(),
  paidMethod: z.enum(PAYMENT_METHODS).nullable(),
});
export type SettlementSummary = z.infer<typeof settlementSummary>;

export const settlementLine = z.object({
  id: z.uuid(),
  kind: z.enum(SETTLEMENT_LINE_KINDS),
  loadId: z.uuid().nullable(),
  loadNumber: z.string().nullable(),
  lane: z.string().nullable(),
  loadDate: z.string().nullable(),
  description: z.string(),
  quantity: z.string().nullable(),
  unitRate: z.string().nullable(),
  amount: money,
  milesEstimated: z.boolean(),
  enteredByName: z.string().nullable(),
  reason: z.string().nullable(),
});
export type SettlementLine = z.infer<typeof settlementLine>;

export const settlementDetail = settlementSummary.extend({
  periodStartsOn: z.string(),
  periodEndsOn: z.string(),
  lines: z.array(settlementLine),
  escrowBalance: money,
  ytdGross: money,
  ytdNet: money,
});
export type SettlementDetail = z.infer<typeof settlementDetail>;

export const settlementIdInput = z.object({ id: id() });

export const updateLineInput = z.object({
  id: id(),
  description: requiredText('Description', 200).optional(),
  quantity: rateInput('Quantity').nullish(),
  unitRate: rateInput('Unit rate').nullish(),
  amount: moneyInput('Amount', true).optional(),
  reason,
});
export type UpdateLineInput = z.input<typeof updateLineInput>;

export const addLineInput = z.object({
  settlementId: id('Settlement'),
  kind: z.enum(SETTLEMENT_LINE_KINDS, 'Unknown line kind'),
  description,
  amount: moneyInput('Amount', true),
  loadId: id('Load').nullish(),
  reason,
});
export type AddLineInput = z.input<typeof addLineInput>;

export const removeLineInput = z.object({ id: id(), reason });

export const markPaidInput = z.object({
  id: id(),
  paidOn: isoDate('Paid on'),
  method: z.enum(PAYMENT_METHODS, 'Choose a payment method'),
  reference: z.string().trim().max(100, 'Reference must be at most 100 characters').nullish(),
});
export type MarkPaidInput = z.input<typeof markPaidInput>;

export const setLoadMilesInput = z.object({
  loadId: id('Load'),
  /** A figure; null: back to the estimate; left out: unchanged. */
  loadedMiles: rateInput('Loaded miles').nullish(),
  emptyMiles: rateInput('Empty miles').nullish(),
});
export const loadMilesInput = z.object({ loadId: id('Load') });
export const loadMilesOutput = z.object({
  loadedMiles: z.string().nullable(),
  emptyMiles: z.string().nullable(),
  loadedEstimated: z.boolean(),
  emptyEstimated: z.boolean(),
});
export type LoadMilesOutput = z.infer<typeof loadMilesOutput>;

export const statementPdfOutput = z.object({ fileName: z.string(), contentBase64: z.string() });

// ---------------------------------------------------------------- reports

export const reportRangeInput = z
  .object({ from: isoDate('From'), to: isoDate('To') })
  .refine((value) => value.from <= value.to, { message: 'To must be on or after From', path: ['to'] });
export const reportYearInput = z.object({
  year: z
    .number({ error: 'Year must be a number' })
    .int('Year must be a whole number')
    .min(2000, 'Year is invalid')
    .max(2100, 'Year is invalid'),
});
export const reportOutput = z.object({
  columns: z.array(z.object({ key: z.string(), label: z.string() })),
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
});
export type SettlementReportOutput = z.infer<typeof reportOutput>;
export const reportCsvInput = z.object({
  report: z.enum(SETTLEMENT_REPORTS, 'Unknown report'),
  from: isoDate('From').optional(),
  to: isoDate('To').optional(),
  year: z.number({ error: 'Year must be a number' }).int().min(2000, 'Year is invalid').max(2100, 'Year is invalid').optional(),
});
export const reportCsvOutput = z.object({ fileName: z.string(), content: z.string() });

// ---------------------------------------------------------------- portal

export const portalStatement = z.object({
  id: z.uuid(),
  driverName: z.string(),
  periodStartsOn: z.string(),
  periodEndsOn: z.string(),
  net: money,
  gross: money,
  status: z.enum(SETTLEMENT_STATUSES),
  approvedAt: timestamp.nullable(),
  paidAt: z.string().nullable(),
});
export type PortalStatement = z.infer<typeof portalStatement>;
export const portalStatementsOutput = z.array(portalStatement);
