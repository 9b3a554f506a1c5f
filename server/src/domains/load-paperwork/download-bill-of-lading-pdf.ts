import { loadPaperworkInput, paperworkPdfOutput } from '#shared/schemas/load-paperwork.js';
import { notFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { billOfLadingPdfName, renderBillOfLadingPdf } from './bill-of-lading-pdf.js';
import { readablePaperwork } from './load-paperwork.repository.js';

/** loadPaperwork.billOfLadingPdf: the load's straight bill of lading, prefilled for the shipper to complete and sign. */
export const downloadBillOfLadingPdfProcedure = permitted('loads', 'read')
  .input(loadPaperworkInput)
  .output(paperworkPdfOutput)
  .mutation(async ({ ctx, input }) => {
    const data = await readablePaperwork(ctx.db, ctx.scope, input.loadId);
    if (!data) throw notFound('Load');
    const pdf = await renderBillOfLadingPdf(data);
    return { fileName: billOfLadingPdfName(data.load.loadNumber), contentBase64: pdf.toString('base64') };
  });
