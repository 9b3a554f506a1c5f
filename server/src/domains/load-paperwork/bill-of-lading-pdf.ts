import { billOfLadingPdfName } from '#shared/schemas/load-paperwork.js';
import type { LoadStop } from '#shared/schemas/loads.js';
import { equipmentText } from './load-confirmation-pdf.js';
import type { PaperworkData } from './load-paperwork.repository.js';
import {
  authorityLine,
  day,
  drawHeader,
  INK,
  label,
  LEFT,
  MUTED,
  renderPdf,
  RIGHT,
  RULE,
  stopAddressLines,
  today,
  WIDTH,
  type Pdf,
} from './paperwork-pdf.js';

export { billOfLadingPdfName };

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** A party's box: its caps label, then its lines (the first bold), framed; answers the box's bottom. */
function partyBox(doc: Pdf, title: string, lines: readonly string[], x: number, y: number, width: number, height: number): number {
  doc.rect(x, y, width, height).lineWidth(0.75).strokeColor(RULE).stroke();
  label(doc, title, x + 6, y + 5, width - 12);
  const [first, ...rest] = lines.length > 0 ? lines : ['—'];
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor(INK)
    .text(first ?? '—', x + 6, y + 16, { width: width - 12, lineBreak: false, ellipsis: true });
  doc.font('Helvetica').fontSize(9);
  for (const line of rest) doc.text(line, x + 6, undefined, { width: width - 12, lineBreak: false, ellipsis: true });
  return y + height;
}

/** A stop as a party of the bill: its facility, address and contact. */
const stopParty = (stop: LoadStop | undefined): string[] =>
  stop
    ? [
        stop.facilityName ?? stop.address,
        ...stopAddressLines(stop),
        [stop.contactName, stop.contactPhone].filter(Boolean).join(' · '),
        stop.date ? `Date: ${day(stop.date)}` : '',
      ].filter(Boolean)
    : [];

/** An empty square with its text beside it: a checkbox to tick by hand. */
function checkbox(doc: Pdf, text: string, x: number, y: number): number {
  doc.rect(x, y, 9, 9).lineWidth(0.75).strokeColor(INK).stroke();
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(INK)
    .text(text, x + 13, y + 1, { lineBreak: false });
  return x + 13 + doc.widthOfString(text) + 14;
}

/** A signature block: its title, a line to sign on and a line for the date, with what signing means. */
function signatureBlock(doc: Pdf, title: string, note: string, x: number, y: number, width: number) {
  doc.rect(x, y, width, 100).lineWidth(0.75).strokeColor(RULE).stroke();
  label(doc, title, x + 6, y + 5, width - 12);
  doc
    .font('Helvetica')
    .fontSize(7)
    .fillColor(MUTED)
    .text(note, x + 6, y + 16, { width: width - 12, height: 40, ellipsis: true });
  const lineAt = (top: number, text: string) => {
    doc
      .moveTo(x + 6, top)
      .lineTo(x + width - 6, top)
      .lineWidth(0.5)
      .strokeColor(INK)
      .stroke();
    doc
      .font('Helvetica')
      .fontSize(7)
      .fillColor(MUTED)
      .text(text, x + 6, top + 2, { lineBreak: false });
  };
  lineAt(y + 68, 'Signature');
  lineAt(y + 90, 'Date');
}

/**
 * A straight bill of lading, short form, not negotiable (issue 26, item 7), prefilled for the
 * shipper to complete: the shipper (the first pickup), the consignee (the last delivery), the
 * carrier (the company, its MC and USDOT numbers, the driver and the equipment), the load number as
 * the bill's number and its references (the load's reference, every stop's PO and pickup numbers),
 * rows for handling units, pieces, weight, the hazardous-materials mark, the description, the NMFC
 * item and the class (the first row carries the load's commodity and weight), the freight terms,
 * and the signature blocks of the shipper, the carrier's driver and the consignee, each with a date.
 */
export function renderBillOfLadingPdf({ load, company, driver }: PaperworkData): Promise<Buffer> {
  return renderPdf(
    { Title: `Bill of lading ${load.loadNumber}`, Author: company?.name ?? 'Haulwise', Subject: 'Straight bill of lading' },
    (doc) => {
      const shipper = load.stops[0];
      const consignee = load.stops.findLast((stop) => stop.type === 'drop') ?? load.stops.at(-1);
      let y = drawHeader(doc, company, 'BILL OF LADING', [
        'Straight bill of lading · Short form',
        'Not negotiable',
        `BOL number: ${load.loadNumber}`,
        `Date: ${shipper?.date ? day(shipper.date) : today()}`,
      ]);

      // The parties: shipper and consignee side by side, the carrier below them.
      const gutter = 12;
      const half = (WIDTH - gutter) / 2;
      partyBox(doc, 'SHIP FROM (SHIPPER)', stopParty(shipper), LEFT, y, half, 78);
      partyBox(doc, 'SHIP TO (CONSIGNEE)', stopParty(consignee), LEFT + half + gutter, y, half, 78);
      y += 78 + 8;
      const carrier = [
        company?.name ?? 'Haulwise',
        authorityLine(company),
        [company?.phone, company?.email].filter(Boolean).join(' · '),
        `Driver: ${driver?.name ?? load.driverName ?? '________________'}   Equipment: ${equipmentText(load)}`,
      ].filter(Boolean);
      partyBox(doc, 'CARRIER', carrier, LEFT, y, half, 70);

      // The bill's references, beside the carrier: trailer and seal are written in at the dock.
      const refX = LEFT + half + gutter;
      doc.rect(refX, y, half, 70).lineWidth(0.75).strokeColor(RULE).stroke();
      label(doc, 'REFERENCES', refX + 6, y + 5, half - 12);
      // One line each: the load's numbers, its PO numbers, its pickup numbers (each stop's, in order).
      const pos = [...new Set(load.stops.map((stop) => stop.poNumber).filter(Boolean))].join(', ');
      const pickups = [...new Set(load.stops.map((stop) => stop.pickupNumber).filter(Boolean))].join(', ');
      const references = [
        [`Load number: ${load.loadNumber}`, load.referenceNumber ? `Reference: ${load.referenceNumber}` : null].filter(Boolean).join('   '),
        pos ? `PO: ${pos}` : null,
        pickups ? `Pickup #: ${pickups}` : null,
      ].filter((line): line is string => Boolean(line));
      doc.font('Helvetica').fontSize(9).fillColor(INK);
      references.forEach((line, index) =>
        doc.text(line, refX + 6, y + 16 + index * 11, { width: half - 12, lineBreak: false, ellipsis: true }),
      );
      doc.text('Trailer #: ______________   Seal #: ______________', refX + 6, y + 50, { width: half - 12, lineBreak: false });
      y += 70 + 12;

      // The freight: handling units, pieces, weight, HM, description, NMFC, class.
      const columns: [string, number][] = [
        ['HANDLING UNITS\nQTY / TYPE', 74],
        ['PIECES\nQTY / TYPE', 66],
        ['WEIGHT\n(LBS)', 56],
        ['HM\n(X)', 28],
        ['DESCRIPTION OF ARTICLES\nspecial marks and exceptions', WIDTH - 74 - 66 - 56 - 28 - 60 - 42],
        ['NMFC #', 60],
        ['CLASS', 42],
      ];
      const headHeight = 24;
      const rowHeight = 20;
      const rows = 7;
      doc.rect(LEFT, y, WIDTH, headHeight).fill('#f3f4f6');
      let x = LEFT;
      for (const [title, width] of columns) {
        doc
          .font('Helvetica-Bold')
          .fontSize(6.5)
          .fillColor(MUTED)
          .text(title, x + 3, y + 4, { width: width - 6 });
        x += width;
      }
      const tableTop = y;
      const tableBottom = y + headHeight + rows * rowHeight;
      doc.lineWidth(0.5).strokeColor(RULE);
      doc.rect(LEFT, tableTop, WIDTH, tableBottom - tableTop).stroke();
      for (let row = 0; row <= rows; row += 1) {
        const lineY = tableTop + headHeight + row * rowHeight;
        doc.moveTo(LEFT, lineY).lineTo(RIGHT, lineY).stroke();
      }
      x = LEFT;
      for (const [, width] of columns.slice(0, -1)) {
        x += width;
        doc.moveTo(x, tableTop).lineTo(x, tableBottom).stroke();
      }
      // The first row as the load knows it: its weight and commodity.
      const firstRow = tableTop + headHeight + 6;
      const weightX = LEFT + 74 + 66;
      const descriptionX = weightX + 56 + 28;
      doc.font('Helvetica').fontSize(9).fillColor(INK);
      if (load.weight !== null) doc.text(number.format(Number(load.weight)), weightX + 3, firstRow, { width: 50, lineBreak: false });
      if (load.commodity)
        doc.text(load.commodity, descriptionX + 3, firstRow, { width: (columns[4]?.[1] ?? 100) - 6, lineBreak: false, ellipsis: true });
      y = tableBottom + 10;

      // Hazardous materials, freight terms, and what was agreed.
      checkbox(doc, 'Hazardous materials (if checked: emergency response phone ______________)', LEFT, y);
      y += 16;
      doc
        .font('Helvetica-Bold')
        .fontSize(8)
        .fillColor(MUTED)
        .text('FREIGHT CHARGE TERMS', LEFT, y + 1, { lineBreak: false });
      let boxX = LEFT + 120;
      for (const term of ['Prepaid', 'Collect', '3rd party']) boxX = checkbox(doc, term, boxX, y);
      checkbox(doc, 'Master bill of lading attached', boxX + 10, y);
      y += 18;
      if (shipper?.notes || consignee?.notes) {
        label(doc, 'SPECIAL INSTRUCTIONS', LEFT, y);
        doc
          .font('Helvetica')
          .fontSize(8.5)
          .fillColor(INK)
          .text([shipper?.notes, consignee?.notes].filter(Boolean).join('  ·  '), LEFT, y + 10, {
            width: WIDTH,
            height: 34,
            ellipsis: true,
          });
        y = doc.y + 6;
      }
      doc
        .font('Helvetica')
        .fontSize(7)
        .fillColor(MUTED)
        .text(
          'RECEIVED, subject to the classifications and tariffs in effect on the date of issue of this bill of lading, the property ' +
            'described above in apparent good order, except as noted (contents and condition of contents of packages unknown), ' +
            'marked, consigned and destined as shown above, which the carrier agrees to carry to its usual place of delivery at said ' +
            'destination. Where the rate depends on value, shippers are required to state specifically in writing the agreed or ' +
            'declared value of the property.',
          LEFT,
          y,
          { width: WIDTH, align: 'justify' },
        );
      y = doc.y + 10;
      doc
        .moveTo(LEFT, y - 4)
        .lineTo(RIGHT, y - 4)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke();

      // The three signatures, each dated.
      const third = (WIDTH - 2 * gutter) / 3;
      signatureBlock(
        doc,
        'SHIPPER',
        'This is to certify that the above named materials are properly classified, packaged, marked and labeled, and are in proper condition for transportation.',
        LEFT,
        y,
        third,
      );
      signatureBlock(
        doc,
        'CARRIER / DRIVER',
        'Carrier acknowledges receipt of packages and required placards. Property described above is received in good order, except as noted.',
        LEFT + third + gutter,
        y,
        third,
      );
      signatureBlock(
        doc,
        'CONSIGNEE',
        'Received the property described above in good order, except as noted. Pieces and condition verified at delivery.',
        LEFT + 2 * (third + gutter),
        y,
        third,
      );
    },
  );
}
