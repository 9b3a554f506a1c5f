import { lazyModule } from '../../lazy-module.js';
import { invoiceLines } from './invoice-lines.js';
import type { InvoiceDocumentData } from './invoices.repository.js';

const pdfkit = lazyModule(() => import('pdfkit'));
const qrcode = lazyModule(() => import('qrcode'));

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const longDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const day = (value: string | null | undefined) => (value ? longDate.format(new Date(`${value.slice(0, 10)}T00:00:00Z`)) : '—');
const money = (value: string) => usd.format(Number(value));

/** The company's phone and email on one line ("" when it has neither). */
export const companyContactLine = (company: InvoiceDocumentData['company']) =>
  [company?.phone, company?.email].filter((value): value is string => Boolean(value)).join(' · ');

/**
 * How the company signs: its name, then its address, phone and email, each on a line of its own
 * when set (Settings, Company Information).
 */
export const companySignature = (company: InvoiceDocumentData['company']): string[] =>
  [company?.name ?? 'Haulwise', company?.address, company?.phone, company?.email].filter((line): line is string => Boolean(line));

/**
 * Where the broker sends the money: the company's name, address, phone, email, MC and DOT numbers
 * as Settings' Company Information holds them, a line each, leaving out what is not filled in.
 */
export const remitToLines = (company: InvoiceDocumentData['company']): string[] =>
  [
    company?.name,
    company?.address,
    company?.phone ? `Phone: ${company.phone}` : null,
    company?.email ? `Email: ${company.email}` : null,
    company?.mcNumber ? `MC# ${company.mcNumber}` : null,
    company?.dotNumber ? `USDOT# ${company.dotNumber}` : null,
  ].filter((line): line is string => Boolean(line));

/** The file name of an invoice's PDF. */
export const invoicePdfName = (invoiceNumber: string) => `${invoiceNumber}.pdf`;

/**
 * A clean one-page invoice (US Letter): the company, the broker billed, where to remit, the load's
 * lane and dates, the line, the total, the due date, and the payment link as text and as a QR
 * code. Nothing internal: no status (a draft, sent or overdue is the company's business, not the
 * broker's). Helvetica (a PDF standard font), so nothing is read from disk but pdfkit's own metrics.
 */
export async function renderInvoicePdf({ invoice, company, broker, load }: InvoiceDocumentData): Promise<Buffer> {
  const [{ default: PDFDocument }, { default: QRCode }] = await Promise.all([pdfkit(), qrcode()]);
  const qr = invoice.paymentLink ? await QRCode.toBuffer(invoice.paymentLink, { type: 'png', margin: 1, width: 220 }) : null;
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 54,
    info: { Title: `Invoice ${invoice.invoiceNumber}`, Author: company?.name ?? 'Haulwise', Subject: 'Freight invoice' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = 54;
  const right = doc.page.width - 54;
  const width = right - left;

  // Header: the company (and its MC / DOT numbers), and the invoice's number and dates.
  doc
    .font('Helvetica-Bold')
    .fontSize(20)
    .fillColor('#111827')
    .text(company?.name ?? 'Invoice', left, 54, { width: width / 2 });
  doc.font('Helvetica').fontSize(9).fillColor('#374151');
  const numbers = [company?.mcNumber ? `MC# ${company.mcNumber}` : null, company?.dotNumber ? `USDOT# ${company.dotNumber}` : null];
  const numbersLine = numbers.filter(Boolean).join(' · ');
  if (numbersLine) doc.text(numbersLine, { width: width / 2 });
  doc
    .font('Helvetica-Bold')
    .fontSize(24)
    .fillColor('#1d4ed8')
    .text('INVOICE', left + width / 2, 54, { width: width / 2, align: 'right' });
  doc.font('Helvetica').fontSize(10).fillColor('#111827');
  const meta: [string, string][] = [
    ['Invoice number', invoice.invoiceNumber],
    ['Invoice date', day(invoice.invoiceDate)],
    ['Due date', day(invoice.dueDate)],
  ];
  for (const [label, value] of meta) doc.text(`${label}: ${value}`, left + width / 2, undefined, { width: width / 2, align: 'right' });

  // Three columns: bill to, remit to, and the load.
  let y = 160;
  const gutter = 18;
  const column = (width - 2 * gutter) / 3;
  const columns = [left, left + column + gutter, left + 2 * (column + gutter)] as const;
  let bottom = y;
  const heading = (text: string, x: number) => doc.font('Helvetica-Bold').fontSize(10).fillColor('#6b7280').text(text, x, y);
  doc
    .moveTo(left, y - 12)
    .lineTo(right, y - 12)
    .strokeColor('#d1d5db')
    .stroke();

  heading('BILL TO', columns[0]);
  doc.font('Helvetica').fontSize(10).fillColor('#111827');
  if (broker) {
    doc.font('Helvetica-Bold').text(broker.companyName ?? broker.name, columns[0], y + 14, { width: column });
    doc.font('Helvetica');
    if (broker.companyName) doc.text(`Attn: ${broker.name}`, { width: column });
    for (const line of [broker.address, broker.email]) if (line) doc.text(line, { width: column });
    if (broker.paymentTerms) doc.text(`Terms: ${broker.paymentTerms}`, { width: column });
  } else {
    doc.text('—', columns[0], y + 14);
  }
  bottom = Math.max(bottom, doc.y);

  heading('REMIT TO', columns[1]);
  const [remitName, ...remitRest] = remitToLines(company);
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor('#111827')
    .text(remitName ?? '—', columns[1], y + 14, { width: column });
  doc.font('Helvetica');
  for (const line of remitRest) doc.text(line, { width: column });
  bottom = Math.max(bottom, doc.y);

  heading('LOAD', columns[2]);
  doc.font('Helvetica').fontSize(10).fillColor('#111827');
  if (load) {
    doc.font('Helvetica-Bold').text(load.loadNumber, columns[2], y + 14, { width: column });
    doc.font('Helvetica');
    doc.text(`${load.pickupCity}, ${load.pickupState} to ${load.deliveryCity}, ${load.deliveryState}`, { width: column });
    doc.text(`Pickup ${day(load.pickupDate)}`, { width: column });
    doc.text(`Delivery ${day(load.deliveryDate)}`, { width: column });
    if (load.referenceNumber) doc.text(`Reference: ${load.referenceNumber}`, { width: column });
  } else {
    doc.text('—', columns[2], y + 14);
  }
  bottom = Math.max(bottom, doc.y);

  // The line and the total, below the tallest column.
  y = Math.max(320, bottom + 24);
  doc.rect(left, y, width, 22).fill('#f3f4f6');
  doc.font('Helvetica-Bold').fontSize(10).fillColor('#111827');
  doc.text('Description', left + 8, y + 6, { width: width - 140 });
  doc.text('Amount', right - 128, y + 6, { width: 120, align: 'right' });
  // The line haul and each accessorial charge, a line each (one line of freight charges without charges).
  let lineY = y + 32;
  for (const line of invoiceLines({ amount: invoice.amount, load })) {
    doc.font('Helvetica').text(line.description, left + 8, lineY, { width: width - 140 });
    const below = doc.y;
    doc.text(money(line.amount), right - 128, lineY, { width: 120, align: 'right' });
    lineY = Math.max(below, lineY + 14) + 4;
  }
  y = Math.max(lineY, y + 44) + 8;
  doc.moveTo(left, y).lineTo(right, y).strokeColor('#d1d5db').stroke();
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text('Total due', right - 260, y + 10, { width: 130 });
  doc.text(money(invoice.amount), right - 128, y + 10, { width: 120, align: 'right' });
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor('#374151')
    .text(`Due by ${day(invoice.dueDate)}`, right - 260, y + 30, { width: 252, align: 'right' });
  if (invoice.notes) {
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor('#6b7280')
      .text('NOTES', left, y + 60);
    doc
      .font('Helvetica')
      .fillColor('#111827')
      .text(invoice.notes, left, y + 74, { width: width / 2, height: Math.max(24, 540 - (y + 74)), ellipsis: true });
  }

  // How to pay: the link as text and as a QR code.
  if (invoice.paymentLink && qr) {
    const top = 560;
    doc.font('Helvetica-Bold').fontSize(12).fillColor('#111827').text('Pay online', left, top);
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor('#1d4ed8')
      .text(invoice.paymentLink, left, top + 18, {
        width: width - 160,
        link: invoice.paymentLink,
        underline: true,
      });
    doc.fillColor('#374151').text('Scan the code to open the secure payment page.', left, doc.y + 6, { width: width - 160 });
    doc.image(qr, right - 130, top, { width: 130, height: 130 });
  }

  // The footer: how to reach the company about this invoice (Settings, Company Information), then the thanks.
  const contact = companyContactLine(company);
  if (contact)
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#374151')
      .text(`Questions about this invoice? ${contact}`, left, 706, { width, align: 'center' });
  doc.font('Helvetica').fontSize(8).fillColor('#6b7280').text(`${invoice.invoiceNumber} · Thank you for your business.`, left, 720, {
    width,
    align: 'center',
  });
  doc.end();
  return finished;
}
