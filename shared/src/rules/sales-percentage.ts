/** The sales percentage input: 0 to 100 in steps of 0.1. */
export const SALES_PERCENTAGE = { min: 0, max: 100, step: 0.1 } as const;

const PLAIN_DECIMAL = /^\+?(\d+(\.\d*)?|\.\d+)$/;
const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * The spec's clamp for a sales percentage: non-numeric or negative becomes 0, above 100
 * becomes 100; anything else is rounded half up to the 0.1 step. The result is an exact
 * decimal string ("12.5", "0", "100"), worked out on the digits, never with float arithmetic.
 */
export function clampSalesPercentage(value: unknown): string {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!NUMERIC.test(text)) return '0';
  const number = Number(text);
  if (!Number.isFinite(number) || number <= 0) return '0';
  if (number >= SALES_PERCENTAGE.max) return String(SALES_PERCENTAGE.max);
  // Between 0 and 100, String(number) is a plain decimal unless the number is tiny (1e-7): that rounds to 0.
  const plain = PLAIN_DECIMAL.test(text) ? text.replace(/^\+/, '') : String(number);
  if (!PLAIN_DECIMAL.test(plain)) return '0';
  const [whole = '', fraction = ''] = plain.split('.');
  const roundUp = (fraction[1] ?? '0') >= '5' ? 1 : 0;
  const tenths = Number(whole || '0') * 10 + Number(fraction[0] ?? '0') + roundUp;
  if (tenths >= SALES_PERCENTAGE.max * 10) return String(SALES_PERCENTAGE.max);
  return tenths % 10 === 0 ? String(tenths / 10) : `${Math.floor(tenths / 10)}.${tenths % 10}`;
}
