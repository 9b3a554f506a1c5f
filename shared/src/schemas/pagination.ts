import { z } from 'zod';

/**
 * The one pagination contract of every list (server side: server/src/db/pagination.ts).
 *
 * - Input: `cursor` (opaque text: the `nextCursor` of the previous page, or nothing for the
 *   first page) and `limit` (1 to PAGE_SIZE.max, PAGE_SIZE.default when left out). A list with
 *   filters extends `pageInput`; a list without any takes `pageOnlyInput` (which may be omitted).
 * - Output: `{ items, nextCursor }`, `nextCursor` null on the last page. A list may add figures
 *   about the whole result beside them (the audit trail's `total`), never instead of them.
 * - Order: newest first, ties broken by id, so no row is skipped or repeated between pages
 *   however many share a timestamp, and rows added meanwhile never shift a later page.
 */
export const PAGE_SIZE = { default: 50, max: 100 } as const;

/** A cursor is short; anything longer is not one of ours. */
export const CURSOR_MAX_LENGTH = 200;

export const pageInput = z.object({
  cursor: z.string({ error: 'Invalid cursor' }).max(CURSOR_MAX_LENGTH, 'Invalid cursor').nullish(),
  limit: z
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(PAGE_SIZE.max, `Limit must be at most ${PAGE_SIZE.max}`)
    .default(PAGE_SIZE.default),
});
export type PageInput = z.input<typeof pageInput>;
/** A page as a procedure receives it, after parsing: the limit is always set. */
export type PageRequest = z.output<typeof pageInput>;

/** The input of a list that has no filters: only the page, and the whole input may be left out. */
export const pageOnlyInput = pageInput.prefault({});

/** The output of a list of `item`s. */
export const pageOutput = <Item extends z.ZodType>(item: Item) =>
  z.object({ items: z.array(item).max(PAGE_SIZE.max), nextCursor: z.string().nullable() });

export interface Page<Item> {
  items: Item[];
  nextCursor: string | null;
}
