/**
 * A load's rate (issue 26, item 3): the line haul plus every accessorial charge, in exact cents.
 * Amounts travel as decimal strings ("1250.00"); the total is one too. With neither a line haul nor
 * a charge, the rate is none (null).
 */
export function totalRate(
  lineHaul: string | number | null | undefined,
  accessorials: readonly { amount: string | number | null | undefined }[],
): string | null {
  const amounts = [lineHaul, ...accessorials.map((charge) => charge.amount)].filter(
    (amount): amount is string | number => amount !== null && amount !== undefined && String(amount).trim() !== '',
  );
  if (amounts.length === 0) return null;
  let cents = 0n;
  for (const amount of amounts) cents += toCents(amount);
  const whole = cents / 100n;
  const fraction = (cents % 100n).toString().padStart(2, '0');
  return `${whole}.${fraction}`;
}

/** "1250.5" → 125050n; anything that is not a plain non-negative amount counts as 0. */
function toCents(amount: string | number): bigint {
  const text = typeof amount === 'number' ? amount.toFixed(2) : amount.trim();
  const match = /^(\d+)(?:\.(\d{0,2})\d*)?$/.exec(text);
  if (!match) return 0n;
  return BigInt(match[1] ?? '0') * 100n + BigInt((match[2] ?? '').padEnd(2, '0') || '0');
}
