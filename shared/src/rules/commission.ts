import { clampSalesPercentage } from './sales-percentage.js';

/** A decimal as an exact string ("1250.00") or a number; money never becomes a float sum. */
export type DecimalValue = string | number | null | undefined;

const PLAIN_DECIMAL = /^(\d+)(?:\.(\d*))?$/;

/** The amount in whole units of 10^-places (cents for 2), rounded half up on the digits; null when not a non-negative decimal. */
export function toScaledInteger(value: DecimalValue, places: number): bigint | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const plain = PLAIN_DECIMAL.test(text) ? text : Number.isFinite(Number(text)) && text !== '' ? String(Number(text)) : '';
  const match = PLAIN_DECIMAL.exec(plain);
  if (!match) return null;
  const whole = match[1] ?? '0';
  const fraction = match[2] ?? '';
  const kept = fraction.slice(0, places).padEnd(places, '0');
  const roundUp = (fraction[places] ?? '0') >= '5' ? 1n : 0n;
  return BigInt(whole) * 10n ** BigInt(places) + BigInt(kept || '0') + roundUp;
}

/** Cents as a decimal string: 123456n becomes "1234.56". */
export function centsToDecimal(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const absolute = cents < 0n ? -cents : cents;
  return `${sign}${absolute / 100n}.${String(absolute % 100n).padStart(2, '0')}`;
}

/**
 * The spec's commission: rate times sales_percentage divided by 100, exact to the cent
 * (rounded half up). Worked in integer cents and tenths of a percent, so no float ever
 * touches the money. A load with no rate earns "0.00"; the percentage is clamped as the
 * form clamps it (non-numeric or negative is 0, above 100 is 100).
 */
export function commission(rate: DecimalValue, salesPercentage: DecimalValue): string {
  const rateCents = toScaledInteger(rate, 2);
  const tenths = toScaledInteger(clampSalesPercentage(salesPercentage), 1);
  if (rateCents === null || tenths === null) return '0.00';
  // cents × (tenths / 10) / 100 = cents × tenths / 1000, rounded half up.
  return centsToDecimal((rateCents * tenths + 500n) / 1000n);
}
