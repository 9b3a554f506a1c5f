/**
 * Exact decimal arithmetic for pay (docs/settlements.md, "Money and rounding"): money is held as
 * integer cents in BigInt, rates, quantities and percentages as integer ten-thousandths
 * (4 decimal places). No float ever carries money.
 *
 * The rounding rule: each line's amount (quantity × unit rate, or a percentage of an amount) is
 * rounded half-up to the cent (half away from zero for a negative product: -0.005 → -0.01); a
 * total is the sum of its already rounded lines.
 */

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** A decimal string ("1234.5", "-0.01", "12") at a fixed scale, as an integer of that scale; throws on anything else. */
export function parseScaled(text: string, scale: number): bigint {
  const match = DECIMAL.exec(text.trim());
  if (!match) throw new Error(`Not a decimal: ${text}`);
  const [, minus, whole = '0', fraction = ''] = match;
  if (fraction.replace(/0+$/, '').length > scale) throw new Error(`More than ${scale} decimal places: ${text}`);
  const value = BigInt(whole + fraction.padEnd(scale, '0').slice(0, scale));
  return minus ? -value : value;
}

/** An integer of the given scale as its decimal string ("-12.30" for -1230n at scale 2). */
export function formatScaled(value: bigint, scale: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}

/** Money: cents. */
export const cents = (text: string): bigint => parseScaled(text, 2);
export const money = (value: bigint): string => formatScaled(value, 2);
/** Quantities (miles, hours, a percentage's base in dollars) and profile rates: ten-thousandths. */
export const QUANTITY_SCALE = 4;
export const units = (text: string): bigint => parseScaled(text, QUANTITY_SCALE);
export const unitText = (value: bigint): string => formatScaled(value, QUANTITY_SCALE);
/** A line's unit rate: millionths (a percentage is stored as its fraction: 27.125% is 0.271250). */
export const UNIT_RATE_SCALE = 6;
export const unitRate = (text: string): bigint => parseScaled(text, UNIT_RATE_SCALE);
export const unitRateText = (value: bigint): string => formatScaled(value, UNIT_RATE_SCALE);

/** A decimal string without trailing zeros past two places ("0.625000" → "0.625", "12.500000" → "12.50"). */
export function tidyDecimal(text: string): string {
  const [whole, fraction = ''] = text.split('.');
  return `${whole}.${fraction.replace(/0+$/, '').padEnd(2, '0')}`;
}

/** numerator / denominator rounded half away from zero. */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new Error('Division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (n * 2n + d) / (d * 2n);
  return negative ? -quotient : quotient;
}

/** quantity (4 places) × unit rate (6 places) in cents, rounded half-up once. */
export function lineAmount(quantity: bigint, rate: bigint): bigint {
  // quantity·rate is at 10 places of a dollar = 8 places of a cent.
  return divideRounded(quantity * rate, 100_000_000n);
}

export const sum = (values: Iterable<bigint>): bigint => {
  let total = 0n;
  for (const value of values) total += value;
  return total;
};

export const minBig = (a: bigint, b: bigint): bigint => (a < b ? a : b);
export const maxBig = (a: bigint, b: bigint): bigint => (a > b ? a : b);
