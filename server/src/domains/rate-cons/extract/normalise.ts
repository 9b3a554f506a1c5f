/** The values of a rate confirmation as written, made canonical: dates, money, weights, states, MC numbers, phones. */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = '(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*';

const pad = (n: number) => String(n).padStart(2, '0');

function iso(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

const fullYear = (text: string) => (text.length === 2 ? 2000 + Number(text) : Number(text));

const DATE_PATTERNS: { pattern: RegExp; read: (m: RegExpExecArray, year: number) => string | null; full: boolean }[] = [
  { pattern: /\b(20\d\d)-(\d{1,2})-(\d{1,2})\b/, read: (m) => iso(Number(m[1]), Number(m[2]), Number(m[3])), full: true },
  {
    pattern: /\b(\d{1,2})\s*\/\s*(\d{1,2})\s*\/\s*(\d{4}|\d{2})\b/,
    read: (m) => iso(fullYear(m[3] ?? ''), Number(m[1]), Number(m[2])),
    full: true,
  },
  {
    pattern: new RegExp(`\\b(\\d{1,2})[- ]${MONTH}[- ](\\d{4}|\\d{2})\\b`, 'i'),
    read: (m) => iso(fullYear(m[3] ?? ''), MONTHS.indexOf((m[2] ?? '').slice(0, 3).toLowerCase()) + 1, Number(m[1])),
    full: true,
  },
  {
    pattern: new RegExp(`\\b${MONTH}\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b(?:,?\\s+(\\d{4}))?`, 'i'),
    read: (m, year) => iso(m[3] ? Number(m[3]) : year, MONTHS.indexOf((m[1] ?? '').slice(0, 3).toLowerCase()) + 1, Number(m[2])),
    full: false,
  },
];

/** The first date in `text` as YYYY-MM-DD; a date without its year takes `year`. */
export function parseDate(text: string, year = new Date().getUTCFullYear()): string | null {
  let best: { index: number; value: string } | null = null;
  for (const { pattern, read } of DATE_PATTERNS) {
    const match = pattern.exec(text);
    if (!match) continue;
    const value = read(match, year);
    if (value && (!best || match.index < best.index)) best = { index: match.index, value };
  }
  return best?.value ?? null;
}

/** The year of the first date in `text` written with its year. */
export function yearOf(text: string): number | null {
  for (const { pattern, read, full } of DATE_PATTERNS) {
    if (!full) continue;
    const match = pattern.exec(text);
    const value = match ? read(match, 0) : null;
    if (value) return Number(value.slice(0, 4));
  }
  return null;
}

/** "$1,250.00", "USD 1250", "$ 4,447.00" as a number of dollars (US writing only). */
export function parseMoney(text: string): number | null {
  const match =
    /(?:\$|USD)\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{2}))?(?!\d)/i.exec(text) ?? /\b(\d{1,3}(?:,\d{3})+|\d+)\.(\d{2})\b/.exec(text);
  if (!match) return null;
  const cents = Number((match[1] ?? '').replace(/,/g, '')) * 100 + Number(match[2] ?? 0);
  return Number.isFinite(cents) ? cents / 100 : null;
}

export const decimal = (amount: number) => (Math.round(amount * 100) / 100).toFixed(2);

const KG_TO_LB = 2.20462;

/** "42,000 lbs", "42000#", "19,050 kg" as lbs. */
export function parseWeight(text: string, unitRequired = false): number | null {
  const match = /(\d{1,3}(?:,\d{3})+|\d{3,6})(?:\.\d+)?\s*([l1I]bs?\b|pounds\b|#|kgs?\b|kilograms?\b)?/i.exec(text);
  if (!match) return null;
  const unit = (match[2] ?? '').toLowerCase();
  if (unitRequired && !unit) return null;
  const amount = Number((match[1] ?? '').replace(/,/g, ''));
  if (!Number.isFinite(amount) || amount <= 0) return null;
  return unit.startsWith('k') ? Math.round(amount * KG_TO_LB) : amount;
}

export const STATES = new Set(
  'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC AB BC MB NB NL NS ON PE QC SK'.split(
    ' ',
  ),
);

const STATE_NAMES: Record<string, string> = {
  alabama: 'AL',
  arizona: 'AZ',
  arkansas: 'AR',
  california: 'CA',
  colorado: 'CO',
  florida: 'FL',
  georgia: 'GA',
  illinois: 'IL',
  indiana: 'IN',
  iowa: 'IA',
  kansas: 'KS',
  kentucky: 'KY',
  louisiana: 'LA',
  michigan: 'MI',
  minnesota: 'MN',
  mississippi: 'MS',
  missouri: 'MO',
  nebraska: 'NE',
  nevada: 'NV',
  ohio: 'OH',
  oklahoma: 'OK',
  oregon: 'OR',
  pennsylvania: 'PA',
  tennessee: 'TN',
  texas: 'TX',
  utah: 'UT',
  virginia: 'VA',
  washington: 'WA',
  wisconsin: 'WI',
  'new york': 'NY',
  'new jersey': 'NJ',
  'north carolina': 'NC',
  'south carolina': 'SC',
};

/** A state as its 2-letter code. */
export function stateCode(text: string): string | null {
  const trimmed = text.trim().replace(/\.$/, '');
  if (STATES.has(trimmed.toUpperCase()) && trimmed.length === 2) return trimmed.toUpperCase();
  return STATE_NAMES[trimmed.toLowerCase()] ?? null;
}

/** "MC# 123456", "MC-123456", "MC Number: 123456": the digits. */
export const MC_PATTERN = /\bMC\s*(?:#|-|number|no\.?)?\s*:?\s*(\d{5,8})\b/i;

/**
 * The one normal form of an MC number, for the document's and a stored broker's alike: its digits
 * without leading zeros ("MC-0123456", "MC# 123456" and "MC 123456" are all "123456"), or null when
 * it has fewer than 4 or more than 8 digits. Stored ones are compared through the same form in SQL (storedMcDigits, rate-cons.repository.ts).
 */
export function normaliseMc(text: string | null | undefined): string | null {
  const digits = (text ?? '').replace(/\D/g, '');
  return digits.length >= 4 && digits.length <= 8 ? digits.replace(/^0+/, '') : null;
}

export const PHONE_PATTERN = /\(?\b(\d{3})\)?[\s.-]{0,2}(\d{3})[\s.-](\d{4})\b/;

export function parsePhone(text: string): string | null {
  const match = PHONE_PATTERN.exec(text);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : null;
}

export const EMAIL_PATTERN = /\b[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}\b/i;

/** A time window or first-come-first-served note, as written. */
export const APPOINTMENT_PATTERN =
  /\b(FCFS(?:\s+\d{1,2}:?\d{2}\s*(?:-|–|to)\s*\d{1,2}:?\d{2})?|\d{1,2}:\d{2}\s*(?:[ap]m)?\s*(?:-|–|to)\s*\d{1,2}:\d{2}\s*(?:[ap]m)?|(?:appt|appointment)\s*(?:at)?\s*\d{1,2}:?\d{2})/i;
