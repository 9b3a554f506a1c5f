import { defaultLoadNumber, LOAD_LIMITS } from '#shared/schemas/loads.js';
import { writable, type Scope } from '../../db/scope.js';
import type { LoadsDb } from './loads.repository.js';

/**
 * The company's next load number (issue 26, item 5). Load numbers are unique per company (the
 * unique index of migrations/2026-11-28T1900_unique_load_numbers.ts); the default a new load
 * starts with follows the company's own pattern:
 *
 * - the pattern is the newest of the company's recent loads (PATTERN_WINDOW, newest first) whose
 *   number ends in digits ('SFL-2611-0321': the prefix 'SFL-2611-', 4 digits), leaving out the
 *   spec's own default (LOAD- and a 13-digit timestamp), which is no pattern of the company's;
 * - the next number is that prefix with the highest trailing number the window holds under it,
 *   plus one, zero-padded to the same width ('SFL-2611-0322');
 * - a number already taken (an older load outside the window) moves on, a few probes at most,
 *   each one look-up on the unique index;
 * - no pattern, no free number within the probes, or one too long: the spec's `LOAD-<timestamp>`.
 *
 * It is a proposal, not a reservation: two people creating at once may be offered the same number;
 * the second save is refused naming the field ("Load number already exists"), and the form offers
 * the next one again. The numbers read are the company's, a sales user's included (they see only
 * their own loads, but number them in the company's sequence).
 */

/** How many of the company's newest loads the pattern is read from (their index: company, newest first). */
const PATTERN_WINDOW = 200;
/** How many taken numbers the next one may skip before falling back on the spec's default. */
const PROBES = 20;

const TRAILING_DIGITS = /^(.*?)(\d+)$/;
const SPEC_DEFAULT = /^LOAD-\d{13}$/;

interface Pattern {
  prefix: string;
  width: number;
  highest: bigint;
}

/** The pattern of a company's numbers (newest first), or null when none ends in digits. */
export function patternOf(numbers: readonly string[]): Pattern | null {
  let pattern: Pattern | null = null;
  for (const number of numbers) {
    const match = TRAILING_DIGITS.exec(number);
    if (!match || SPEC_DEFAULT.test(number)) continue;
    const [, prefix = '', digits = ''] = match;
    if (pattern === null) pattern = { prefix, width: digits.length, highest: BigInt(digits) };
    else if (prefix === pattern.prefix && BigInt(digits) > pattern.highest) pattern.highest = BigInt(digits);
  }
  return pattern;
}

/** The pattern's number `step` places after its highest, or null when it would be too long for the field. */
export function numberAfter(pattern: Pattern, step = 1): string | null {
  const number = `${pattern.prefix}${(pattern.highest + BigInt(step)).toString().padStart(pattern.width, '0')}`;
  return number.length <= LOAD_LIMITS.loadNumber ? number : null;
}

/** The company's next free load number: its pattern's next, else the spec's default. */
export async function nextLoadNumber(db: LoadsDb, scope: Scope): Promise<string> {
  // The company's loads (never only a sales user's own): the sequence is the company's.
  const company = writable({ ...scope, role: null }, 'loads');
  const recent = await db
    .selectFrom('loads')
    .select('loads.loadNumber')
    .where(company)
    .orderBy('loads.createdAt', 'desc')
    .orderBy('loads.id', 'desc')
    .limit(PATTERN_WINDOW)
    .execute();
  const pattern = patternOf(recent.map((row) => row.loadNumber));
  if (pattern === null) return defaultLoadNumber();
  for (let step = 1; step <= PROBES; step++) {
    const candidate = numberAfter(pattern, step);
    if (candidate === null) break;
    const taken = await db
      .selectFrom('loads')
      .select('loads.id')
      .where(company)
      .where('loads.loadNumber', '=', candidate)
      .executeTakeFirst();
    if (!taken) return candidate;
  }
  return defaultLoadNumber();
}
