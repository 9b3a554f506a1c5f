import { portalStatementsOutput, settlementIdInput, statementPdfOutput } from '#shared/schemas/settlements.js';
import { permitted } from '../../trpc/procedures.js';
import { listPortalStatements, ownStatementId } from '../settlements/portal-statements.js';
import { renderStatementPdf, statementData, statementPdfName } from '../settlements/statement-pdf.js';

/** portal.statements: a driver's own approved and paid statements; a carrier user's, their carrier's owner-operators'. */
export const readStatementsProcedure = permitted('portal', 'read', { readOnly: true })
  .output(portalStatementsOutput)
  .query(({ ctx }) => listPortalStatements(ctx.db, ctx.scope));

/** portal.statementPdf: one of those statements as its PDF; anyone else's answers like a missing one. */
export const statementPdfProcedure = permitted('portal', 'read', { readOnly: true })
  .input(settlementIdInput)
  .output(statementPdfOutput)
  .mutation(async ({ ctx, input }) => {
    const id = await ownStatementId(ctx.db, ctx.scope, input.id);
    const data = await statementData(ctx.db, ctx.scope.companyId, id);
    return { fileName: statementPdfName(data.settlement), contentBase64: (await renderStatementPdf(data)).toString('base64') };
  });
