import { loadListInput, loadListOutput } from '#shared/schemas/loads.js';
import { permitted, wireOutput } from '../../trpc/procedures.js';
import { listLoads } from './loads.repository.js';

/**
 * Loads list and dispatch board: search, status, the board's filters and sorts (newest first by
 * default), keyset paged; a sales user sees their own loads only.
 */
export const listLoadsProcedure = permitted('loads', 'read', { readOnly: true })
  .input(loadListInput)
  .output(wireOutput(loadListOutput))
  .query(({ ctx, input: { cursor, limit, sortDirection, ...filters } }) =>
    listLoads(ctx.db, ctx.scope, { ...filters, direction: sortDirection }, { cursor, limit }),
  );
