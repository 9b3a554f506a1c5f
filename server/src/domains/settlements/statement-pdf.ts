import type { SettlementDetail } from '#shared/schemas/settlements.js';
import { DRIVER_PAY_TYPE_LABELS, SETTLEMENT_LINE_KIND_LABELS } from '#shared/schemas/settlements.js';
import { lazyModule } from '../../lazy-module.js';
import { companyContactLine } from '../invoices/invoice-pdf.js';
import type { Db } from './settlements.repository.js';
import { companySettlementSettings, getSettlement } from './settlements.repository.js';

const pdfkit = lazyModule(() => import('pdfkit'));

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const longDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const day = (value: string | null | undefined) => (value ? longDate.format(new Date(`${value.slice(0, 10)}T00:00:00Z`)) : '—');
/** Formatting only: the figures were summed exactly (cents) before they reach the page. */
const dollars = (value: string) => usd.format(Number(value));

export interface StatementData {
  company: Awaited<ReturnType<typeof companySettlementSettings>>;
  settlement: SettlementDetail;
}

export async function statementData(db: Db, companyId: string, settlementId: string): Promise<StatementData> {
  const [company, settlement] = await Promise.all([companySettlementSettings(db, companyId), getSettlement(db, companyId, settlementId)]);
  return { company, settlement };
}

/** "statement-2026-11-16-dana-price.pdf". */
export function statementPdfName(settlement: Pick<SettlementDetail, 'periodStartsOn' | 'driverName'>): string {
  const slug = settlement.driverName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `statement-${settlement.periodStartsOn}-${slug || 'driver'}.pdf`;
}

/**
 * A driver's pay statement (US Letter): the company header, the driver and the period, each load
 * with its lane, date, miles, rate and pay, then extra items and deductions, the escrow held, and
 * gross and net for the period and the year to date. Helvetica (a PDF standard font); the lane's
 * arrow is written "to" (the standard fonts have no arrow).
 */
export async function renderStatementPdf({ company, settlement }: StatementData): Promise<Buffer> {
  const { default: PDFDocument } = await pdfkit();
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 54,
    info: { Title: `Pay statement ${settlement.periodStartsOn}`, Author: company.name, Subject: 'Driver pay statement' },
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

  // Header: the company on the left, the statement on the right.
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .fillColor('#111827')
    .text(company.name, left, 54, { width: width / 2 });
  doc.font('Helvetica').fontSize(9).fillColor('#374151');
  if (company.address) doc.text(company.address, { width: width / 2 });
  const contact = companyContactLine(company);
  if (contact) doc.text(contact, { width: width / 2 });
  const numbers = [company.mcNumber ? `MC# ${company.mcNumber}` : null, company.dotNumber ? `USDOT# ${company.dotNumber}` : null].filter(
    Boolean,
  );
  if (numbers.length > 0) doc.text(numbers.join(' · '), { width: width / 2 });
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .fillColor('#1d4ed8')
    .text('PAY STATEMENT', left + width / 2, 54, { width: width / 2, align: 'right' });
  doc.font('Helvetica').fontSize(10).fillColor('#111827');
  for (const line of [
    settlement.driverName,
    DRIVER_PAY_TYPE_LABELS[settlement.driverType],
    `Period: ${day(settlement.periodStartsOn)} – ${day(settlement.periodEndsOn)}`,
    `Status: ${settlement.status === 'paid' ? `Paid ${day(settlement.paidAt)}` : settlement.status === 'approved' ? 'Approved' : 'Draft'}`,
  ]) {
    doc.text(line, left + width / 2, undefined, { width: width / 2, align: 'right' });
  }

  let y = Math.max(doc.y, 140) + 14;
  const rule = () => {
    doc.moveTo(left, y).lineTo(right, y).strokeColor('#d1d5db').stroke();
    y += 6;
  };
  const ensureRoom = (height: number) => {
    if (y + height > doc.page.height - 72) {
      doc.addPage();
      y = 54;
    }
  };
  const columns = { first: left, lane: left + 70, date: left + 230, miles: left + 295, rate: left + 345, pay: right - 80 };
  const row = (cells: { text: string; x: number; width: number; align?: 'left' | 'right' }[], bold = false) => {
    ensureRoom(16);
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(9)
      .fillColor('#111827');
    let height = 0;
    for (const cell of cells) height = Math.max(height, doc.heightOfString(cell.text, { width: cell.width }));
    for (const cell of cells) doc.text(cell.text, cell.x, y, { width: cell.width, align: cell.align ?? 'left' });
    y += height + 4;
  };
  const heading = (text: string) => {
    ensureRoom(30);
    y += 8;
    doc.font('Helvetica-Bold').fontSize(10).fillColor('#6b7280').text(text, left, y);
    y += 14;
    rule();
  };

  const loads = settlement.lines.filter((line) => line.kind === 'load_pay');
  const others = settlement.lines.filter((line) => line.kind !== 'load_pay');
  heading('LOADS');
  row(
    [
      { text: 'Load', x: columns.first, width: 66 },
      { text: 'Lane', x: columns.lane, width: 156 },
      { text: 'Delivered', x: columns.date, width: 62 },
      { text: 'Miles', x: columns.miles, width: 46, align: 'right' },
      { text: 'Rate', x: columns.rate, width: 110 },
      { text: 'Pay', x: columns.pay, width: 80, align: 'right' },
    ],
    true,
  );
  if (loads.length === 0) row([{ text: 'No loads this period', x: left, width }]);
  for (const line of loads) {
    const rate =
      line.unitRate === null ? '—' : line.description.includes('%') ? `${(Number(line.unitRate) * 100).toFixed(2)}%` : `$${line.unitRate}`;
    row([
      { text: line.loadNumber ?? '—', x: columns.first, width: 66 },
      { text: (line.lane ?? line.description).replace(' → ', ' to '), x: columns.lane, width: 156 },
      { text: day(line.loadDate), x: columns.date, width: 62 },
      {
        text:
          line.quantity !== null && line.description.includes('miles')
            ? `${Math.round(Number(line.quantity))}${line.milesEstimated ? '*' : ''}`
            : '',
        x: columns.miles,
        width: 46,
        align: 'right',
      },
      { text: `${rate} ${line.description.replace(/^Load [^:]*: /, '')}`, x: columns.rate, width: 110 },
      { text: dollars(line.amount), x: columns.pay, width: 80, align: 'right' },
    ]);
  }
  if (loads.some((line) => line.milesEstimated)) {
    row([{ text: '* estimated miles: the great-circle distance between the cities × 1.17', x: left, width }]);
  }

  heading('EXTRA PAY, ADJUSTMENTS AND DEDUCTIONS');
  if (others.length === 0) row([{ text: 'None', x: left, width }]);
  for (const line of others) {
    row([
      { text: SETTLEMENT_LINE_KIND_LABELS[line.kind], x: columns.first, width: 120 },
      { text: line.description + (line.reason ? ` (${line.reason})` : ''), x: left + 125, width: right - 80 - left - 135 },
      { text: dollars(line.amount), x: columns.pay, width: 80, align: 'right' },
    ]);
  }

  heading('TOTALS');
  const totals: [string, string, string][] = [
    ['Gross', dollars(settlement.gross), dollars(settlement.ytdGross)],
    ['Deductions', dollars(settlement.deductions), ''],
    ['Net pay', dollars(settlement.net), dollars(settlement.ytdNet)],
    ['Escrow held', dollars(settlement.escrowBalance), ''],
  ];
  row(
    [
      { text: '', x: left, width: 200 },
      { text: 'This period', x: right - 200, width: 100, align: 'right' },
      { text: 'Year to date', x: right - 100, width: 100, align: 'right' },
    ],
    true,
  );
  for (const [label, period, year] of totals) {
    row(
      [
        { text: label, x: left, width: 200 },
        { text: period, x: right - 200, width: 100, align: 'right' },
        { text: year, x: right - 100, width: 100, align: 'right' },
      ],
      label === 'Net pay',
    );
  }
  if (settlement.paidMethod) {
    y += 8;
    row([{ text: `Paid ${day(settlement.paidAt)} by ${settlement.paidMethod.toUpperCase()}`, x: left, width }]);
  }
  doc.end();
  return finished;
}
