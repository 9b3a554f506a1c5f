import { loadPaperworkInput, paperworkPdfOutput } from '#shared/schemas/load-paperwork.js';
import { notFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { confirmationPdfName, renderLoadConfirmationPdf } from './load-confirmation-pdf.js';
import { readablePaperwork } from './load-paperwork.repository.js';

/**
 * loadPaperwork.confirmationPdf: the load confirmation as it is now, signed by the caller as its
 * dispatcher. A load the caller may not read (another company's, a sales user's not their own)
 * answers like a missing one.
 */
export const downloadConfirmationPdfProcedure = permitted('loads', 'read')
  .input(loadPaperworkInput)
  .output(paperworkPdfOutput)
  .mutation(async ({ ctx, input }) => {
    const data = await readablePaperwork(ctx.db, ctx.scope, input.loadId);
    if (!data) throw notFound('Load');
    const pdf = await renderLoadConfirmationPdf(data);
    return { fileName: confirmationPdfName(data.load.loadNumber), contentBase64: pdf.toString('base64') };
  });
