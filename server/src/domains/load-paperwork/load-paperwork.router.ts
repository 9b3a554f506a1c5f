import { router } from '../../trpc/procedures.js';
import { downloadBillOfLadingPdfProcedure } from './download-bill-of-lading-pdf.js';
import { downloadConfirmationPdfProcedure } from './download-confirmation-pdf.js';
import { downloadDriverConfirmationPdfProcedure } from './download-driver-confirmation-pdf.js';
import { getConfirmationStatusProcedure } from './get-confirmation-status.js';
import { sendConfirmationProcedure } from './send-confirmation.js';

/** A load's paperwork: the load confirmation (the driver's dispatch sheet) and the bill of lading. Who may call each: loads.read / loads.write, and the driver's own (portal.write). */
export const loadPaperworkRouter = router({
  confirmationPdf: downloadConfirmationPdfProcedure,
  billOfLadingPdf: downloadBillOfLadingPdfProcedure,
  confirmationStatus: getConfirmationStatusProcedure,
  sendConfirmation: sendConfirmationProcedure,
  driverConfirmationPdf: downloadDriverConfirmationPdfProcedure,
});
