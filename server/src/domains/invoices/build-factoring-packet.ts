import { buffer } from 'node:stream/consumers';
import type { PDFDocument } from 'pdf-lib';
import { FACTORING_PAPERS, factoringPacketOutput, invoiceIdInput, type FactoringPacket } from '#shared/schemas/invoices.js';
import { AppError, notFound } from '../../errors.js';
import { storageFor } from '../../services/storage/index.js';
import { lazyModule } from '../../lazy-module.js';
import { permitted } from '../../trpc/procedures.js';
import { companySignature, renderInvoicePdf } from './invoice-pdf.js';
import { invoiceDocumentData } from './invoices.repository.js';

/** US Letter, in PDF points. */
const LETTER: [number, number] = [612, 792];
const MARGIN = 36;
const pdfLib = lazyModule(() => import('pdf-lib'));

/**
 * "Build factoring packet": the invoice's PDF, then the load's rate confirmations, BOLs and PODs
 * (each type oldest first), merged into one PDF with pdf-lib; photos (JPG, PNG) become a page
 * each, scaled to fit. It says which of the three papers are missing, and which files could not
 * be merged (Word files, damaged or encrypted PDFs). For invoices of loads flagged for factoring.
 * The packet reads the load's documents whatever their visibility: building it is an invoices
 * right (treasury and admins), made for handing the papers to the factoring company.
 */
export const buildFactoringPacketProcedure = permitted('invoices', 'write')
  .input(invoiceIdInput)
  .output(factoringPacketOutput)
  .mutation(async ({ ctx, input }): Promise<FactoringPacket> => {
    const data = await invoiceDocumentData(ctx.db, ctx.scope, input.id);
    if (!data) throw notFound('Invoice');
    const { invoice } = data;
    if (!invoice.loadId) throw new AppError('BAD_REQUEST', 'This invoice has no load');
    if (!invoice.factoring) throw new AppError('CONFLICT', 'This load is not flagged for factoring');
    const documents = await ctx.db
      .selectFrom('documents')
      .select(['documents.fileName', 'documents.filePath', 'documents.contentType', 'documents.documentType'])
      .where('documents.companyId', '=', ctx.scope.companyId)
      .where('documents.loadId', '=', invoice.loadId)
      .where('documents.documentType', 'in', FACTORING_PAPERS)
      .orderBy('documents.createdAt')
      .orderBy('documents.id')
      .limit(50)
      .execute();

    const { PDFDocument } = await pdfLib();
    const packet = await PDFDocument.create();
    packet.setTitle(`Factoring packet ${invoice.invoiceNumber}`);
    // Whose papers these are: the company as Settings names it (its address, phone and email head the invoice page).
    if (data.company) {
      packet.setAuthor(data.company.name);
      packet.setSubject(companySignature(data.company).join(', '));
    }
    const invoicePdf = await PDFDocument.load(await renderInvoicePdf(data));
    for (const page of await packet.copyPages(invoicePdf, invoicePdf.getPageIndices())) packet.addPage(page);

    const storage = storageFor(ctx.services.config);
    const included: FactoringPacket['included'] = [];
    const skipped: FactoringPacket['skipped'] = [];
    for (const type of FACTORING_PAPERS) {
      for (const document of documents.filter((candidate) => candidate.documentType === type)) {
        let bytes: Buffer;
        try {
          bytes = await buffer(await storage.read(document.filePath));
        } catch {
          skipped.push({ fileName: document.fileName, reason: 'The file could not be read' });
          continue;
        }
        const reason = await appendDocument(packet, bytes, document.contentType);
        if (reason) skipped.push({ fileName: document.fileName, reason });
        else included.push({ documentType: type, fileName: document.fileName });
      }
    }
    const missing = FACTORING_PAPERS.filter((type) => !included.some((paper) => paper.documentType === type));
    const bytes = await packet.save();
    return {
      fileName: `Factoring packet ${invoice.invoiceNumber}.pdf`,
      contentBase64: Buffer.from(bytes).toString('base64'),
      pageCount: packet.getPageCount(),
      included,
      missing,
      skipped,
    };
  });

/** Adds a document's pages (a PDF) or a page holding it (a photo); answers why not when it cannot. */
async function appendDocument(packet: PDFDocument, bytes: Buffer, contentType: string): Promise<string | null> {
  const { PDFDocument } = await pdfLib();
  if (contentType === 'application/pdf') {
    try {
      const source = await PDFDocument.load(bytes);
      for (const page of await packet.copyPages(source, source.getPageIndices())) packet.addPage(page);
      return null;
    } catch {
      return 'The PDF is damaged or encrypted';
    }
  }
  if (contentType === 'image/jpeg' || contentType === 'image/png') {
    try {
      const image = contentType === 'image/png' ? await packet.embedPng(bytes) : await packet.embedJpg(bytes);
      const page = packet.addPage(LETTER);
      const scale = Math.min((LETTER[0] - 2 * MARGIN) / image.width, (LETTER[1] - 2 * MARGIN) / image.height, 1);
      const width = image.width * scale;
      const height = image.height * scale;
      page.drawImage(image, { x: (LETTER[0] - width) / 2, y: (LETTER[1] - height) / 2, width, height });
      return null;
    } catch {
      return 'The image could not be read';
    }
  }
  return 'Only PDF, JPG and PNG files can be merged';
}
