import { z } from 'zod';
import { loadListInput, loadListOutput } from '#shared/schemas/loads.js';
import { AppError } from '../../errors.js';
import { permittedProcedure } from '../../trpc/procedures.js';
import { listLoads, viewerOf, type LoadPageCursor } from './loads.repository.js';

const cursorShape = z.tuple([z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/), z.uuid()]);

/** The keyset of the last card shown, opaque to the client. */
export const encodeCursor = (cursor: LoadPageCursor) => Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url');

function decodeCursor(text: string): LoadPageCursor {
  try {
    const [createdAt, id] = cursorShape.parse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
    return { createdAt, id };
  } catch {
    throw new AppError('BAD_REQUEST', 'Invalid cursor', { field: 'cursor' });
  }
}

/** Loads list: search, status filter, newest first, keyset paged; a sales user sees their own loads only. */
export const listLoadsProcedure = permittedProcedure('loads', 'read')
  .input(loadListInput)
  .output(loadListOutput)
  .query(async ({ ctx, input }) => {
    const cursor = input.cursor ? decodeCursor(input.cursor) : null;
    const page = await listLoads(ctx.db, viewerOf(ctx.session), { search: input.search, status: input.status, cursor, limit: input.limit });
    return { items: page.items, nextCursor: page.next ? encodeCursor(page.next) : null };
  });
