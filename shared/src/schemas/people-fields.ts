import { z } from 'zod';

/**
 * Field rules shared by the driver, broker and carrier forms. Forms hold strings, so an empty
 * optional field arrives as '' and is stored as null; an absent field (undefined) means "leave
 * as it is" on update. (Text with U+0000 never gets here: every procedure refuses it first.)
 */

const emptyToNull = <T>(value: T | '' | null | undefined): T | null | undefined => (value === '' ? null : value);

export function requiredText(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

export function optionalText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .optional()
    .transform(emptyToNull);
}

export const EMAIL_MAX = 255;

export function optionalEmail(label = 'Email') {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(EMAIL_MAX, `${label} must be at most ${EMAIL_MAX} characters`)
    .refine((value) => value === '' || z.email().safeParse(value).success, 'Invalid email address')
    .nullable()
    .optional()
    .transform(emptyToNull);
}

/** Digits with the usual separators ("+1 (555) 010-2020", "555.010.2020 ext 12"): 7 to 15 digits. */
const PHONE_PATTERN = /^\+?[\d\s().-]+(?:\s*(?:x|ext\.?)\s*\d{1,6})?$/i;
export const PHONE_MAX = 30;

export function optionalPhone(label = 'Phone') {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(PHONE_MAX, `${label} must be at most ${PHONE_MAX} characters`)
    .refine((value) => {
      if (value === '') return true;
      const digits = value.replace(/(?:x|ext\.?)\s*\d+$/i, '').replace(/\D/g, '').length;
      return PHONE_PATTERN.test(value) && digits >= 7 && digits <= 15;
    }, 'Invalid phone number')
    .nullable()
    .optional()
    .transform(emptyToNull);
}

/** A date without time ("2026-11-21"), or null when left empty. */
export function optionalDate(label: string) {
  return z
    .string({ error: `${label} must be a date` })
    .trim()
    .refine((value) => value === '' || z.iso.date().safeParse(value).success, `${label} must be a valid date`)
    .refine((value) => value === '' || (value >= '1900-01-01' && value <= '2999-12-31'), `${label} must be a valid date`)
    .nullable()
    .optional()
    .transform(emptyToNull);
}

/** The id of a related record, or null when none is chosen (an empty select). */
export function optionalReference(message: string) {
  return z
    .union([z.literal(''), z.uuid(message)], { error: message })
    .nullable()
    .optional()
    .transform(emptyToNull);
}

export const recordId = z.object({ id: z.uuid('Invalid id') });

/** Keyset pagination, newest first: the position after the last row of the previous page. */
export const listCursor = z.object({ createdAt: z.iso.datetime({ offset: true }), id: z.uuid() });
export type ListCursor = z.infer<typeof listCursor>;

export const LIST_PAGE_SIZE = 50;
export const LIST_PAGE_MAX = 200;

export const listInput = z
  .object({
    cursor: listCursor.nullish(),
    limit: z.number().int().min(1).max(LIST_PAGE_MAX).default(LIST_PAGE_SIZE),
  })
  .default({ limit: LIST_PAGE_SIZE });
export type ListInput = z.input<typeof listInput>;

export const deleteOutput = z.object({ id: z.uuid() });

/** Timestamps cross the wire as ISO 8601 strings. */
export const timestamp = z.string();
