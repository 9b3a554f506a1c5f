import { settlementIdInput, statementPdfOutput } from '#shared/schemas/settlements.js';
import { permitted } from '../../trpc/procedures.js';
import { renderStatementPdf, statementData, statementPdfName } from './statement-pdf.js';

/** settlements.statementPdf: the driver's statement for the period, made each time it is asked for. */
export const statementPdfProcedure = permitted('settlements', 'read', { readOnly: true })
  .input(settlementIdInput)
  .output(statementPdfOutput)
  .mutation(async ({ ctx, input }) => {
    const data = await statementData(ctx.db, ctx.scope.companyId, input.id);
    return { fileName: statementPdfName(data.settlement), contentBase64: (await renderStatementPdf(data)).toString('base64') };
  });
