import type { LoadStop } from '#shared/schemas/loads.js';
import { lazyModule } from '../../lazy-module.js';
import type { PaperworkCompany } from './load-paperwork.repository.js';

const pdfkit = lazyModule(() => import('pdfkit'));

export type Pdf = PDFKit.PDFDocument;

/** US Letter, in points. */
export const PAGE = { width: 612, height: 792, margin: 40 } as const;
export const LEFT = PAGE.margin;
export const RIGHT = PAGE.width - PAGE.margin;
export const WIDTH = RIGHT - LEFT;
/** The last line a page may write on before pdfkit would start another page. */
export const BOTTOM = PAGE.height - PAGE.margin;

export const INK = '#111827';
export const MUTED = '#4b5563';
export const RULE = '#9ca3af';

/**
 * A PDF drawn by `draw` (US Letter, Helvetica: a PDF standard font, so nothing is read from disk
 * but pdfkit's own metrics), answered as its bytes.
 */
export async function renderPdf(info: { Title: string; Author: string; Subject: string }, draw: (doc: Pdf) => void): Promise<Buffer> {
  const { default: PDFDocument } = await pdfkit();
  const doc = new PDFDocument({ size: 'LETTER', margin: PAGE.margin, info });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return finished;
}

const longDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** A date ("2026-12-01") as "Dec 1, 2026"; null as "—". */
export const day = (value: string | null | undefined) => (value ? longDate.format(new Date(`${value.slice(0, 10)}T00:00:00Z`)) : '—');

/** Today as "Nov 29, 2026" (the company's paperwork is dated the day it is printed, UTC). */
export const today = () => longDate.format(new Date());

/** A stop's appointment: "Dec 1, 2026, 08:00–10:00", "Dec 1, 2026, First come, first served", its date alone, or "No appointment". */
export function appointmentText(stop: Pick<LoadStop, 'date' | 'fromTime' | 'toTime' | 'firstComeFirstServed'>): string {
  if (stop.firstComeFirstServed) return stop.date ? `${day(stop.date)}, First come, first served` : 'First come, first served';
  if (!stop.date) return 'No appointment';
  if (stop.fromTime && stop.toTime) return `${day(stop.date)}, ${stop.fromTime}–${stop.toTime}`;
  if (stop.fromTime) return `${day(stop.date)}, ${stop.fromTime}`;
  return day(stop.date);
}

/** A stop's street, then "City, ST 12345". */
export const stopAddressLines = (stop: Pick<LoadStop, 'address' | 'city' | 'state' | 'zip'>): string[] => [
  stop.address,
  `${stop.city}, ${stop.state}${stop.zip ? ` ${stop.zip}` : ''}`,
];

/** The stop's references: "PO 4471 · Pickup # 88120" ("" when it has none). */
export const stopReferences = (stop: Pick<LoadStop, 'poNumber' | 'pickupNumber'>) =>
  [stop.poNumber ? `PO ${stop.poNumber}` : null, stop.pickupNumber ? `Pickup # ${stop.pickupNumber}` : null].filter(Boolean).join(' · ');

/** "MC# 123456 · USDOT# 7654321" ("" when neither is filled in). */
export const authorityLine = (company: PaperworkCompany | null) =>
  [company?.mcNumber ? `MC# ${company.mcNumber}` : null, company?.dotNumber ? `USDOT# ${company.dotNumber}` : null]
    .filter(Boolean)
    .join(' · ');

/**
 * The company's header, left: its name, address, phone and email, and MC / USDOT numbers; the
 * document's title and lines, right. Answers the y below both.
 */
export function drawHeader(doc: Pdf, company: PaperworkCompany | null, title: string, lines: readonly string[]): number {
  const half = WIDTH / 2;
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .fillColor(INK)
    .text(company?.name ?? 'Haulwise', LEFT, PAGE.margin, { width: half + 40 });
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  const contact = [company?.phone, company?.email].filter(Boolean).join(' · ');
  for (const line of [company?.address, contact, authorityLine(company)]) if (line) doc.text(line, { width: half + 40 });
  const leftBottom = doc.y;
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .fillColor('#1d4ed8')
    .text(title, LEFT + half, PAGE.margin, { width: half, align: 'right' });
  doc.font('Helvetica').fontSize(10).fillColor(INK);
  for (const line of lines) doc.text(line, LEFT + half, undefined, { width: half, align: 'right' });
  const y = Math.max(leftBottom, doc.y) + 8;
  doc.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(1).strokeColor(RULE).stroke();
  return y + 10;
}

/** A small grey caps label ("SHIPPER") at (x, y). */
export function label(doc: Pdf, text: string, x: number, y: number, width?: number) {
  doc
    .font('Helvetica-Bold')
    .fontSize(8)
    .fillColor(MUTED)
    .text(text, x, y, width ? { width } : {});
}
