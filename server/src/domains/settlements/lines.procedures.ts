import { addLineInput, removeLineInput, settlementDetail, updateLineInput } from '#shared/schemas/settlements.js';
import { permitted } from '../../trpc/procedures.js';
import { addLine, getSettlement, removeLine, updateLine } from './settlements.repository.js';

/** A draft's lines change only with a reason; an approved settlement's never ("add an adjustment to the next one"). */
export const updateLineProcedure = permitted('settlements', 'write')
  .input(updateLineInput)
  .output(settlementDetail)
  .mutation(async ({ ctx, input }) => getSettlement(ctx.db, ctx.scope.companyId, await updateLine(ctx.db, ctx.scope, input)));

export const addLineProcedure = permitted('settlements', 'write')
  .input(addLineInput)
  .output(settlementDetail)
  .mutation(async ({ ctx, input }) => getSettlement(ctx.db, ctx.scope.companyId, await addLine(ctx.db, ctx.scope, input)));

export const removeLineProcedure = permitted('settlements', 'write')
  .input(removeLineInput)
  .output(settlementDetail)
  .mutation(async ({ ctx, input }) => getSettlement(ctx.db, ctx.scope.companyId, await removeLine(ctx.db, ctx.scope, input)));
