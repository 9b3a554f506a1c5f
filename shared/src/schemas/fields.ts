import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.js';

/**
 * The one set of field builders: every input schema in shared/ takes its names, emails, phones,
 * states, money, dates and optional text from here, so a field means the same thing and says
 * the same message on every form and every procedure.
 *
 * Messages: "<Label> is required", "<Label> must be at most <max> characters",
 * "<Label> must be a valid date", "<Label> is invalid", "Invalid email address",
 * "Invalid phone number", "<Label> must be 2 letters".
 *
 * Optional fields have ONE meaning (optionalText, optionalEmail, optionalPhone, optionalDate,
 * optionalId, optionalDecimal):
 * - a value: stored (trimmed);
 * - '' (an emptied form field) or null: "no value", stored as null (on update: cleared);
 * - undefined (the key left out): "not given": on create the column keeps its default (null),
 *   on update it is left as it is. Kysely leaves undefined values out of INSERT and SET.
 *
 * Text with U+0000 cannot be stored by PostgreSQL: every text builder refuses it naming the
 * field (the server also refuses it for every procedure before any schema runs).
 */

/** Dates without time are accepted from 2000-01-01 to 2100-12-31: anything else is a typo. */
export const DATE_YEARS = { min: 2000, max: 2100 } as const;

export const NAME_MAX = 100;
export const EMAIL_MAX = 255;
export const PHONE_MAX = 30;
/** numeric(12,2): at most 10 digits before the point. */
export const DECIMAL_WHOLE_DIGITS = 10;

const hasNoNul = (value: string) => !value.includes('\u0000');
const nulMessage = (label: string) => `${label} contains a character that cannot be saved`;
const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;

/** '' means "no value" (null); null stays null; undefined stays undefined ("not given"). */
const emptyToNull = <T>(value: T | '' | null | undefined): T | null | undefined => (value === '' ? null : value);

/** Required text: trimmed, not empty, at most `max` characters. */
export function requiredText(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, tooLong(label, max))
    .refine(hasNoNul, nulMessage(label));
}

/** Optional text (see the meaning above): trimmed, at most `max` characters. */
export function optionalText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, tooLong(label, max))
    .refine(hasNoNul, nulMessage(label))
    .nullish()
    .transform(emptyToNull);
}

/** A person's first or last name. */
export const personName = (label: string) => requiredText(label, NAME_MAX);

const isEmail = (value: string) => z.email().safeParse(value).success;

/** A required email address: trimmed and lowercased (accounts are found by it). */
export function requiredEmail(label = 'Email') {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .toLowerCase()
    .min(1, `${label} is required`)
    .max(EMAIL_MAX, tooLong(label, EMAIL_MAX))
    .refine(isEmail, 'Invalid email address');
}

/** An optional contact email (see the meaning above), kept as typed apart from the trim. */
export function optionalEmail(label = 'Email') {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(EMAIL_MAX, tooLong(label, EMAIL_MAX))
    .refine((value) => value === '' || isEmail(value), 'Invalid email address')
    .nullish()
    .transform(emptyToNull);
}

/** Digits with the usual separators ("+1 (555) 010-2020", "555.010.2020 ext 12"): 7 to 15 digits. */
const PHONE_PATTERN = /^\+?[\d\s().-]+(?:\s*(?:x|ext\.?)\s*\d{1,6})?$/i;

export const isPhoneNumber = (value: string) => {
  const digits = value.replace(/(?:x|ext\.?)\s*\d+$/i, '').replace(/\D/g, '').length;
  return PHONE_PATTERN.test(value) && digits >= 7 && digits <= 15;
};

/** An optional phone number (see the meaning above). */
export function optionalPhone(label = 'Phone') {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(PHONE_MAX, tooLong(label, PHONE_MAX))
    .refine((value) => value === '' || isPhoneNumber(value), 'Invalid phone number')
    .nullish()
    .transform(emptyToNull);
}

/** A US state code: exactly 2 letters, stored uppercase. */
export function stateCode(label = 'State') {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, `${label} must be 2 letters`);
}

/** A real calendar date "YYYY-MM-DD" within DATE_YEARS. */
export const isPlausibleDate = (value: string) => {
  if (!z.iso.date().safeParse(value).success) return false;
  const year = Number(value.slice(0, 4));
  return year >= DATE_YEARS.min && year <= DATE_YEARS.max;
};

/** An optional date without time (see the meaning above). */
export function optionalDate(label: string) {
  return z
    .string({ error: `${label} must be a valid date` })
    .trim()
    .refine((value) => value === '' || isPlausibleDate(value), `${label} must be a valid date`)
    .nullish()
    .transform(emptyToNull);
}

/** The id of a related record (an empty select is "none"; see the meaning above). */
export function optionalId(label: string) {
  return z
    .string({ error: `${label} is invalid` })
    .trim()
    .refine((value) => value === '' || z.uuid().safeParse(value).success, `${label} is invalid`)
    .nullish()
    .transform(emptyToNull);
}

const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;

/**
 * An optional amount for a numeric(12,2) column (money in USD, weight, distance), see the
 * meaning above: a number or the text of one, not negative, at most two decimal places (the
 * 0.01 step), returned as an exact decimal string ("1250.00"). Money is never a float until
 * the client formats it.
 */
export function optionalDecimal(label: string) {
  return z
    .union([z.string(), z.number()], { error: `${label} must be a number` })
    .nullish()
    .transform((value, context) => {
      if (value === null || value === undefined) return value;
      const text = typeof value === 'number' ? String(value) : value.trim();
      if (text === '') return null;
      const number = Number(text);
      if (!Number.isFinite(number)) {
        context.addIssue({ code: 'custom', message: `${label} must be a number` });
        return z.NEVER;
      }
      if (number < 0) {
        context.addIssue({ code: 'custom', message: `${label} must be 0 or more` });
        return z.NEVER;
      }
      // "1e3" is a number to a browser's number input: write it out in digits.
      const digits = PLAIN_DECIMAL.test(text) ? text : String(number);
      if (!PLAIN_DECIMAL.test(digits)) {
        context.addIssue({ code: 'custom', message: `${label} must be a number` });
        return z.NEVER;
      }
      const [whole = '0', fraction = ''] = digits.split('.');
      const trimmedWhole = whole.replace(/^0+(?=\d)/, '');
      if (fraction.replace(/0+$/, '').length > 2) {
        context.addIssue({ code: 'custom', message: `${label} must have at most 2 decimal places` });
        return z.NEVER;
      }
      if (trimmedWhole.length > DECIMAL_WHOLE_DIGITS) {
        context.addIssue({ code: 'custom', message: `${label} must be less than 10,000,000,000` });
        return z.NEVER;
      }
      return `${trimmedWhole}.${fraction.slice(0, 2).padEnd(2, '0')}`;
    });
}

/** Money (USD) is an amount: see optionalDecimal. */
export const optionalMoney = optionalDecimal;

/** A password being chosen (sign-up, invitation, change): the length rules. */
export function newPassword(label = 'Password') {
  return z
    .string({ error: `${label} is required` })
    .min(PASSWORD_MIN_LENGTH, `${label} must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `${label} must be at most ${PASSWORD_MAX_LENGTH} characters`);
}

/** A password being proven (sign-in, re-authentication): only present and bounded. */
export function currentPassword(label = 'Password') {
  return z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .max(PASSWORD_MAX_LENGTH, `${label} is too long`);
}

/** A record named by its id. */
export const recordId = z.object({ id: z.uuid('Invalid id') });

/** What a delete answers: the id it removed. */
export const deleteOutput = z.object({ id: z.uuid() });

/** Timestamps cross the wire as ISO 8601 strings (PostgreSQL's microseconds and offset kept). */
export const timestamp = z.iso.datetime({ offset: true });
