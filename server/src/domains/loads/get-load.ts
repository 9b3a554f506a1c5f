import { loadDetail, loadIdInput } from '#shared/schemas/loads.js';
import { orNotFound } from '../../errors.js';
import { permitted, wireOutput } from '../../trpc/procedures.js';
import { findLoad } from './loads.repository.js';

/** One load with every field; another company's id, or a load a sales user does not own, answers like a missing one. */
export const getLoadProcedure = permitted('loads', 'read', { readOnly: true })
  .input(loadIdInput)
  .output(wireOutput(loadDetail))
  .query(async ({ ctx, input }) => orNotFound(await findLoad(ctx.db, ctx.scope, input.id), 'Load'));
