/** The one place money, dates and times are formatted. Money arrives as exact decimal strings. */

/**
 * A formatter made on its first use: making an Intl formatter costs a few milliseconds, and a screen
 * loading this module uses one or two of them, so none is made when the module loads.
 */
function once<Formatter>(make: () => Formatter): () => Formatter {
  let made: Formatter | undefined;
  return () => (made ??= make());
}

const usd = once(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }));

/**
 * US dollars as Intl's en-US currency format writes them ("$1,900.00", "-$12.50"), without making
 * the formatter: a plain decimal (what the server sends, or a number's shortest digits, which is
 * what Intl rounds) is rounded half away from zero to cents here; anything else (an exponent) goes
 * to Intl. The list screens format a few hundred amounts on their first render.
 */
function dollars(amount: number, digits: string): string {
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(digits.trim());
  if (!match || (match[2] ?? '').length > 15) return usd().format(amount);
  const [, sign, whole = '0', fraction = ''] = match;
  let cents = BigInt(whole + (fraction + '00').slice(0, 2));
  if ((fraction[2] ?? '0') >= '5') cents += 1n;
  const text = cents.toString().padStart(3, '0');
  const grouped = text.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign || Object.is(amount, -0) ? '-' : ''}$${grouped}.${text.slice(-2)}`;
}

export function formatMoney(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const amount = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(amount) ? dollars(amount, typeof value === 'number' ? String(value) : value) : '—';
}

const shortDate = once(() => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }));
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A date without time ("2026-11-21") shown as "Nov 21, 2026", never shifted by time zone (as Intl's en-US short date, without making it for the usual years). */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return '—';
  const year = date.getUTCFullYear();
  if (year < 1000 || year > 9999) return shortDate().format(date);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${year}`;
}

/**
 * A range of whole days as people read it: "Nov 1 – Nov 30, 2026"; "Dec 1, 2025 – Jan 31, 2026"
 * across years; "Nov 5, 2026" for one day. `from` is the first day; `until` is the day AFTER the
 * last (the exclusive end the server's ranges carry), shown as the last day itself. Dates
 * ("2026-11-01") are read as UTC calendar days, never shifted by time zone. The one range
 * formatter: every screen that shows a range uses it.
 */
export function formatDateRange(from: string | null | undefined, until: string | null | undefined): string {
  if (!from || !until) return '—';
  const first = new Date(`${from.slice(0, 10)}T00:00:00Z`);
  const end = new Date(`${until.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(first.getTime()) || Number.isNaN(end.getTime())) return '—';
  const last = new Date(end.getTime() - 86_400_000);
  const day = (date: Date) => date.toISOString().slice(0, 10);
  if (last.getTime() <= first.getTime()) return formatDate(day(first));
  if (first.getUTCFullYear() !== last.getUTCFullYear()) return `${formatDate(day(first))} – ${formatDate(day(last))}`;
  const lastText = formatDate(day(last));
  const firstText = formatDate(day(first)).replace(/, \d+$/, '');
  return `${firstText} – ${lastText}`;
}

const monthDayTime = once(() => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }));

/** "Jan 5, 3:04 PM" */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '—';
  return monthDayTime().format(new Date(value));
}

const longDate = once(() => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }));
const clock = once(() => new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }));

/** "Jan 5, 2025 at 3:04 PM" */
export function formatDateAtTime(value: string | Date): string {
  const date = new Date(value);
  return `${longDate().format(date)} at ${clock().format(date)}`;
}

/** The spec's last-location age: minutes under an hour, hours under a day, then days; or "Never". */
export function formatAge(value: string | Date | null | undefined, now = Date.now()): string {
  if (!value) return 'Never';
  const minutes = Math.max(0, Math.floor((now - new Date(value).getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} d ago`;
}

export function formatCoordinate(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  return Number(value).toFixed(4);
}

const upToTwo = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const exactlyTwo = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A number with thousands separators and at most two decimals ("1,603.81", "24"); `fixed`: always two ("24.00"), for a column of quantities read side by side. */
export function formatNumber(value: string | number | null | undefined, unit?: string, { fixed = false } = {}): string {
  if (value === null || value === undefined || value === '') return '—';
  const formatted = (fixed ? exactlyTwo : upToTwo).format(Number(value));
  return unit ? `${formatted} ${unit}` : formatted;
}
