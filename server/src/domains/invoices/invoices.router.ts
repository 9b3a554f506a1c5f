import { router } from '../../trpc/procedures.js';
import { buildFactoringPacketProcedure } from './build-factoring-packet.js';
import { changeInvoiceStatusProcedure } from './change-invoice-status.js';
import { createInvoiceProcedure } from './create-invoice.js';
import { downloadInvoicePdfProcedure } from './download-invoice-pdf.js';
import { generatePaymentLinkProcedure } from './generate-payment-link.js';
import { getInvoiceProcedure } from './get-invoice.js';
import { listInvoiceFormOptionsProcedure } from './list-invoice-form-options.js';
import { listInvoicesProcedure } from './list-invoices.js';
import { paymentsStatusProcedure } from './payments-status.js';
import { sendInvoiceProcedure } from './send-invoice.js';
import { treasuryDashboardProcedure } from './treasury-dashboard.js';
import { updateInvoiceProcedure } from './update-invoice.js';

/** Invoices: who may call each is in shared/src/permissions.ts ("invoices"). */
export const invoicesRouter = router({
  list: listInvoicesProcedure,
  get: getInvoiceProcedure,
  formOptions: listInvoiceFormOptionsProcedure,
  create: createInvoiceProcedure,
  update: updateInvoiceProcedure,
  changeStatus: changeInvoiceStatusProcedure,
  paymentsStatus: paymentsStatusProcedure,
  generatePaymentLink: generatePaymentLinkProcedure,
  treasuryDashboard: treasuryDashboardProcedure,
  pdf: downloadInvoicePdfProcedure,
  send: sendInvoiceProcedure,
  factoringPacket: buildFactoringPacketProcedure,
});
