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

export function formatMoney(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const amount = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(amount) ? usd().format(amount) : '—';
}

const shortDate = once(() => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }));

/** A date without time ("2026-11-21") shown as "Nov 21, 2026", never shifted by time zone. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? '—' : shortDate().format(date);
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

export function formatNumber(value: string | number | null | undefined, unit?: string): string {
  if (value === null || value === undefined || value === '') return '—';
  const formatted = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(Number(value));
  return unit ? `${formatted} ${unit}` : formatted;
}
