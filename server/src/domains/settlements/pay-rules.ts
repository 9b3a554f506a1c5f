import type { DeductionKind, DriverPayType, PayBasis, PayItemKind, SettlementLineKind } from '#shared/schemas/settlements.js';
import { haversineMiles, type LatLng } from '#shared/rules/geo.js';
import { cents, divideRounded, lineAmount, maxBig, minBig, money, sum, unitRate, unitRateText, units, unitText } from './money.js';

/**
 * The pay rules, pure (docs/settlements.md): which profile applies, what a load pays, what each
 * deduction takes this week, which week a delivery falls in, and how miles are estimated. Money in
 * integer cents (BigInt, ./money.ts), never a float; every line rounded half-up to the cent, a
 * total the sum of its rounded lines.
 */

// ---------------------------------------------------------------- periods and dates

/** The calendar date ("YYYY-MM-DD") of an instant in an IANA time zone. */
export function localDate(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant);
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** 0 Sunday … 6 Saturday. */
export const weekdayOf = (date: string): number => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The start of the week (from the company's start day) that holds the date. */
export function weekStartOf(date: string, weekStartsOn: number): string {
  return addDays(date, -((weekdayOf(date) - weekStartsOn + 7) % 7));
}

export interface PeriodDates {
  startsOn: string;
  endsOn: string;
}

/** The week from its first day: [startsOn 00:00, endsOn 24:00) in the company's time zone. */
export const periodFrom = (startsOn: string): PeriodDates => ({ startsOn, endsOn: addDays(startsOn, 6) });

/** Whether a delivery (an instant) falls in the period, read in the company's time zone. */
export function deliveredIn(period: PeriodDates, deliveredAt: Date, timeZone: string): boolean {
  const day = localDate(deliveredAt, timeZone);
  return day >= period.startsOn && day <= period.endsOn;
}

/** Whether a delivery is due for this period's settlement: in it, or before it and never settled. */
export function deliveredBy(period: PeriodDates, deliveredAt: Date, timeZone: string): boolean {
  return localDate(deliveredAt, timeZone) <= period.endsOn;
}

// ---------------------------------------------------------------- miles

/** Roads are longer than the great circle: the factor between them (docs/settlements.md). */
export const ROAD_FACTOR = 1.17;

/** Estimated road miles between two points: the great-circle distance × 1.17, whole miles. */
export function estimateRoadMiles(from: LatLng, to: LatLng): number {
  return Math.round(haversineMiles(from, to) * ROAD_FACTOR);
}

export interface MilesFigure {
  /** Decimal string, or null when it can't be known (an unknown city). */
  miles: string | null;
  estimated: boolean;
}

/**
 * A load's loaded miles: a person's correction, else the load's distance, else the estimate
 * from its lane (marked estimated), else unknown.
 */
export function loadedMilesOf(load: { corrected: string | null; distance: string | null; estimate: number | null }): MilesFigure {
  if (load.corrected !== null) return { miles: load.corrected, estimated: false };
  if (load.distance !== null && Number(load.distance) > 0) return { miles: load.distance, estimated: false };
  if (load.estimate !== null) return { miles: String(load.estimate), estimated: true };
  return { miles: null, estimated: false };
}

/** Empty miles: a correction, else the estimate from the previous delivery to this pickup (0 for a driver's first load). */
export function emptyMilesOf(load: { corrected: string | null; estimate: number | null; first: boolean }): MilesFigure {
  if (load.corrected !== null) return { miles: load.corrected, estimated: false };
  if (load.first) return { miles: '0', estimated: false };
  if (load.estimate !== null) return { miles: String(load.estimate), estimated: true };
  return { miles: null, estimated: false };
}

// ---------------------------------------------------------------- profiles and load pay

export interface ExtraItem {
  kind: PayItemKind;
  description: string;
  /** Decimal string. */
  amount: string;
}

export interface ProfileVersion {
  id: string;
  effectiveFrom: string;
  driverType: DriverPayType;
  carrierId: string | null;
  payBasis: PayBasis;
  /** Dollars a mile, a load or an hour; percent for the percentage bases (4 places). */
  rate: string;
  extraItems: readonly ExtraItem[];
}

/** The version in force on the day: the newest whose date is on or before it; null before the first. */
export function profileOn<P extends { effectiveFrom: string }>(versions: readonly P[], day: string): P | null {
  let found: P | null = null;
  for (const version of versions) {
    if (version.effectiveFrom <= day && (!found || version.effectiveFrom > found.effectiveFrom)) found = version;
  }
  return found;
}

export interface PayLoad {
  loadNumber: string;
  /** The delivery's date in the company's time zone. */
  deliveredOn: string;
  rate: string | null;
  /** The line haul when the load names it; else rate less the accessorials (fuel surcharge among them). */
  lineHaul: string | null;
  accessorials: string;
  loadedMiles: MilesFigure;
  emptyMiles: MilesFigure;
  /** Stops beyond one pickup and one delivery. */
  extraStops: number;
}

export interface PayLine {
  kind: SettlementLineKind;
  description: string;
  /** 4 places (miles, hours, a percentage's base in dollars, a count). */
  quantity: string | null;
  /** 6 places (dollars a mile, a load, an hour, an item; a percentage as its fraction). */
  unitRate: string | null;
  /** Signed decimal string (cents exact): quantity × unit rate, rounded half-up to the cent. */
  amount: string;
  milesEstimated: boolean;
  /** Loaded plus empty miles of the load (load pay lines), for the statement and the per-mile report. */
  miles: string | null;
}

/** Average road speed for an hourly driver's hours when none are entered: miles ÷ 50, to the quarter hour (estimated). */
export const HOURLY_MILES_PER_HOUR = 50;

/** The load's line haul in cents: its own figure, else rate less accessorials (so a fuel surcharge is never a percentage's base). */
export function lineHaulCents(load: Pick<PayLoad, 'lineHaul' | 'rate' | 'accessorials'>): bigint {
  if (load.lineHaul !== null) return cents(load.lineHaul);
  return maxBig(0n, cents(load.rate ?? '0') - cents(load.accessorials));
}

const milesUnits = (figure: MilesFigure): bigint => units(figure.miles ?? '0');

/** What the load pays under the profile: one load_pay line, then the profile's extra items (stop pay per extra stop). */
export function loadPayLines(load: PayLoad, profile: ProfileVersion): PayLine[] {
  // Dollars a mile, a load or an hour at 6 places; a percentage (4 places) is the same integer as its fraction at 6.
  const percent = profile.payBasis === 'line_haul_percent' || profile.payBasis === 'rate_percent';
  const rate = percent ? units(profile.rate) : units(profile.rate) * 100n;
  const label = `Load ${load.loadNumber}`;
  const totalMiles = milesUnits(load.loadedMiles) + milesUnits(load.emptyMiles);
  const line = (description: string, quantity: bigint, estimated: boolean): PayLine => ({
    kind: 'load_pay',
    description: `${label}: ${description}`,
    quantity: unitText(quantity),
    unitRate: unitRateText(rate),
    amount: money(lineAmount(quantity, rate)),
    milesEstimated: estimated,
    miles: unitText(totalMiles),
  });
  const lines: PayLine[] = [];
  switch (profile.payBasis) {
    case 'loaded_mile':
      lines.push(line('loaded miles', milesUnits(load.loadedMiles), load.loadedMiles.estimated));
      break;
    case 'total_mile':
      lines.push(line('loaded and empty miles', totalMiles, load.loadedMiles.estimated || load.emptyMiles.estimated));
      break;
    case 'line_haul_percent':
      lines.push(line('% of line haul', lineHaulCents(load) * 100n, false));
      break;
    case 'rate_percent':
      lines.push(line('% of rate', cents(load.rate ?? '0') * 100n, false));
      break;
    case 'flat':
      lines.push(line('flat', units('1'), false));
      break;
    case 'hourly': {
      // Hours estimated from miles: ÷ 50 mph, to the quarter hour.
      const quarters = divideRounded(totalMiles * 4n, BigInt(HOURLY_MILES_PER_HOUR) * 10_000n);
      lines.push(line('hours (estimated from miles)', quarters * 2_500n, true));
      break;
    }
  }
  for (const item of profile.extraItems) {
    const count = item.kind === 'stop_pay' ? load.extraStops : 1;
    if (count <= 0) continue;
    const quantity = BigInt(count) * 10_000n;
    const each = unitRate(item.amount);
    lines.push({
      kind: 'extra_pay',
      description: `${label}: ${item.description}`,
      quantity: unitText(quantity),
      unitRate: unitRateText(each),
      amount: money(lineAmount(quantity, each)),
      milesEstimated: false,
      miles: null,
    });
  }
  return lines;
}

// ---------------------------------------------------------------- deductions

export interface DeductionState {
  id: string;
  kind: DeductionKind;
  description: string;
  /** Per settlement (decimal string, positive). */
  amount: string;
  /** An advance's total or an escrow's target. */
  total: string | null;
  startsOn: string;
  /** The day it was ended, in the company's time zone; null while running. */
  endedOn: string | null;
  /** What approved settlements already took for it (positive cents as a decimal string). */
  taken: string;
}

export interface DeductionLine extends PayLine {
  deductionId: string;
}

/**
 * What each deduction takes from this period's settlement (negative lines):
 * - one-off: its amount once, in the first settlement from its date;
 * - recurring: its amount every settlement from its date until it is ended;
 * - escrow: its amount until the target is held; the last one only tops up to the target;
 * - advance: its amount until the advance is repaid; the last one only the rest.
 */
export function deductionLines(deductions: readonly DeductionState[], period: PeriodDates): DeductionLine[] {
  const lines: DeductionLine[] = [];
  for (const deduction of deductions) {
    if (deduction.startsOn > period.endsOn) continue;
    if (deduction.endedOn !== null && deduction.endedOn < period.startsOn) continue;
    const amount = cents(deduction.amount);
    const taken = cents(deduction.taken);
    let take = 0n;
    let kind: SettlementLineKind = 'deduction';
    switch (deduction.kind) {
      case 'one_off':
        take = taken > 0n ? 0n : amount;
        break;
      case 'recurring':
        take = amount;
        break;
      case 'escrow':
        kind = 'escrow';
        take = minBig(amount, maxBig(0n, cents(deduction.total ?? '0') - taken));
        break;
      case 'advance':
        kind = 'advance_repayment';
        take = minBig(amount, maxBig(0n, cents(deduction.total ?? '0') - taken));
        break;
    }
    if (take <= 0n) continue;
    lines.push({
      kind,
      deductionId: deduction.id,
      description: deduction.description,
      quantity: null,
      unitRate: null,
      amount: money(-take),
      milesEstimated: false,
      miles: null,
    });
  }
  return lines;
}

// ---------------------------------------------------------------- totals

export interface Totals {
  gross: string;
  deductions: string;
  net: string;
}

/** Gross: the sum of the positive lines; deductions: the sum of the negative ones (negative); net: both. */
export function totalsOf(lines: readonly { amount: string }[]): Totals {
  const amounts = lines.map((line) => cents(line.amount));
  const gross = sum(amounts.filter((amount) => amount > 0n));
  const deductions = sum(amounts.filter((amount) => amount < 0n));
  return { gross: money(gross), deductions: money(deductions), net: money(gross + deductions) };
}
