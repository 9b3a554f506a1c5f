import { z } from 'zod';
import { createDeductionInput, deduction, endDeductionInput, listDeductionsInput } from '#shared/schemas/settlements.js';
import { permitted } from '../../trpc/procedures.js';
import { createDeduction, endDeduction, listDeductions } from './settlements.repository.js';

/** settlements.listDeductions: deductions, escrows and advances with what is left to repay or held. */
export const listDeductionsProcedure = permitted('settlements', 'read', { readOnly: true })
  .input(listDeductionsInput)
  .output(z.array(deduction))
  .query(({ ctx, input }) => listDeductions(ctx.db, ctx.scope.companyId, input.driverId));

/** settlements.createDeduction: a one-off, recurring, escrow (total: its target) or advance (total: the advance). */
export const createDeductionProcedure = permitted('settlements', 'write')
  .input(createDeductionInput)
  .output(deduction)
  .mutation(({ ctx, input }) => createDeduction(ctx.db, ctx.scope, input));

/** settlements.endDeduction: it stops from now (settlements already approved keep theirs). */
export const endDeductionProcedure = permitted('settlements', 'write')
  .input(endDeductionInput)
  .output(deduction)
  .mutation(({ ctx, input }) => endDeduction(ctx.db, ctx.scope, input.id));
