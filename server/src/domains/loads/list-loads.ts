import { loadListInput, loadListOutput } from '#shared/schemas/loads.js';
import { permitted, wireOutput } from '../../trpc/procedures.js';
import { listLoads } from './loads.repository.js';

/** Loads list: search, status filter, newest first, keyset paged; a sales user sees their own loads only. */
export const listLoadsProcedure = permitted('loads', 'read', { readOnly: true })
  .input(loadListInput)
  .output(wireOutput(loadListOutput))
  .query(({ ctx, input: { search, status, ...page } }) => listLoads(ctx.db, ctx.scope, { search, status }, page));
