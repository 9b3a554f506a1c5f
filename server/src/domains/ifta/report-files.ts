import type { IftaReport } from '#shared/schemas/ifta.js';
import { lazyModule } from '../../lazy-module.js';

const pdfkit = lazyModule(() => import('pdfkit'));

const escape = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
const csvLine = (cells: readonly (string | null)[]) => cells.map((cell) => escape(cell ?? '')).join(',');

/** The report as CSV: the jurisdictions, the totals, then each truck's miles per jurisdiction and the gaps. */
export function reportCsv(report: IftaReport): { fileName: string; content: string } {
  const lines = [
    csvLine(['Jurisdiction', 'Miles', 'Taxable gallons', 'Gallons bought', 'Net taxable gallons', 'Tax rate', 'Tax due']),
    ...report.lines.map((line) =>
      csvLine([line.jurisdiction, line.miles, line.taxableGallons, line.gallonsBought, line.netTaxableGallons, line.rate, line.taxDue]),
    ),
    csvLine(['Total', report.totalMiles, '', report.totalGallons, '', '', report.totalTaxDue]),
    csvLine(['Fleet MPG', report.fleetMpg]),
    '',
    csvLine(['Truck', 'Jurisdiction', 'Miles']),
    ...report.trucks.flatMap((truck) => truck.jurisdictions.map((j) => csvLine([truck.truckUnit, j.jurisdiction, j.miles]))),
    '',
    csvLine(['Gap truck', 'Started', 'Ended', 'Miles', 'From', 'To']),
    ...report.gaps.map((gap) => csvLine([gap.truckUnit, gap.startedAt, gap.endedAt, gap.miles, gap.fromJurisdiction, gap.toJurisdiction])),
  ];
  return { fileName: `ifta-${report.quarter}.csv`, content: `${lines.join('\n')}\n` };
}

/** The report as a one-or-more page PDF (pdfkit, as the invoices and pay statements are). */
export async function reportPdf(report: IftaReport, companyName: string): Promise<{ fileName: string; contentBase64: string }> {
  const { default: PDFDocument } = await pdfkit();
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 54,
    info: { Title: `IFTA ${report.quarter}`, Author: companyName, Subject: 'IFTA quarterly report' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(16).text(`${companyName}: IFTA report ${report.quarter}`);
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(
      `${report.from} to ${report.to}. Total miles ${report.totalMiles}, gallons ${report.totalGallons}, fleet MPG ${report.fleetMpg ?? '—'}, tax due ${report.totalTaxDue}`,
    );
  doc.moveDown();
  const columns = [54, 120, 185, 265, 345, 430, 490];
  const headings = ['State', 'Miles', 'Taxable gal', 'Gal bought', 'Net taxable', 'Rate', 'Tax due'];
  const row = (cells: readonly (string | null)[], bold = false) => {
    if (doc.y > doc.page.height - 72) doc.addPage();
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    cells.forEach((cell, i) => doc.text(cell ?? '—', columns[i] as number, y, { width: 70, lineBreak: false }));
    doc.text('', 54, y + 14);
  };
  row(headings, true);
  for (const line of report.lines) {
    row([line.jurisdiction, line.miles, line.taxableGallons, line.gallonsBought, line.netTaxableGallons, line.rate, line.taxDue]);
  }
  row(['Total', report.totalMiles, '', report.totalGallons, '', '', report.totalTaxDue], true);
  if (report.gaps.length > 0) {
    doc.moveDown().font('Helvetica-Bold').fontSize(11).text('Gaps to review (over 50 miles, bridged by a straight line)', 54);
    for (const gap of report.gaps) {
      doc
        .font('Helvetica')
        .fontSize(9)
        .text(
          `${gap.truckUnit}: ${gap.startedAt.slice(0, 16).replace('T', ' ')} to ${gap.endedAt.slice(0, 16).replace('T', ' ')} UTC, ${gap.miles} mi, ${gap.fromJurisdiction ?? '?'} to ${gap.toJurisdiction ?? '?'}`,
        );
    }
  }
  doc.end();
  return { fileName: `ifta-${report.quarter}.pdf`, contentBase64: (await finished).toString('base64') };
}
