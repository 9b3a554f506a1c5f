import { loadPaperworkInput, paperworkPdfOutput } from '#shared/schemas/load-paperwork.js';
import { notFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { findOwnDriver, notADriver } from '../portal/own-driver.js';
import { confirmationPdfName, renderLoadConfirmationPdf } from './load-confirmation-pdf.js';
import { latestOwnConfirmation, sentConfirmationPaperwork } from './load-paperwork.repository.js';

/**
 * loadPaperwork.driverConfirmationPdf: the driver's own load's confirmation, once a dispatcher has
 * sent it (the newest sending, signed by its sender). The driver's own, as the portal's steps are
 * (portal.write: a driver account, never a master admin); it only reads. Another driver's load,
 * another company's, or a load whose confirmation was never sent: not found.
 */
export const downloadDriverConfirmationPdfProcedure = permitted('portal', 'write', { readOnly: true })
  .input(loadPaperworkInput)
  .output(paperworkPdfOutput)
  .mutation(async ({ ctx, input }) => {
    const driver = await findOwnDriver(ctx.db, ctx.scope);
    if (!driver) throw notADriver();
    const sent = await latestOwnConfirmation(ctx.db, driver.companyId, driver.id, input.loadId);
    if (!sent) throw notFound('Load');
    const data = await sentConfirmationPaperwork(ctx.db, driver.companyId, sent.id);
    if (!data) throw notFound('Load');
    const pdf = await renderLoadConfirmationPdf(data);
    return { fileName: confirmationPdfName(data.load.loadNumber), contentBase64: pdf.toString('base64') };
  });
