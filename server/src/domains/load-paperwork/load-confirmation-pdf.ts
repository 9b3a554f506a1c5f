import { confirmationPdfName } from '#shared/schemas/load-paperwork.js';
import { EQUIPMENT_LABELS, type LoadDetail } from '#shared/schemas/loads.js';
import type { PaperworkData } from './load-paperwork.repository.js';
import {
  appointmentText,
  BOTTOM,
  drawHeader,
  INK,
  label,
  LEFT,
  MUTED,
  renderPdf,
  RIGHT,
  RULE,
  stopAddressLines,
  stopReferences,
  today,
  WIDTH,
  type Pdf,
} from './paperwork-pdf.js';

export { confirmationPdfName };

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** The equipment as the driver reads it: "Reefer, set at -10 °F", "Dry van", or "—". */
export function equipmentText(load: Pick<LoadDetail, 'equipmentType' | 'temperature'>): string {
  if (!load.equipmentType) return '—';
  const name = EQUIPMENT_LABELS[load.equipmentType];
  if (load.equipmentType === 'reefer' && load.temperature !== null) return `${name}, set at ${number.format(Number(load.temperature))} °F`;
  return name;
}

/** What a stop is called: "Pickup" or "Delivery" (a drop), numbered in order. */
const stopTitle = (type: 'pickup' | 'drop', index: number) => `STOP ${index + 1} · ${type === 'pickup' ? 'PICKUP' : 'DELIVERY'}`;

/** A label and its value on one line at (x, y), in `width`; answers the y below. */
function field(doc: Pdf, name: string, value: string, x: number, y: number, width: number): number {
  label(doc, name, x, y, width);
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(INK)
    .text(value || '—', x, y + 10, { width });
  return doc.y;
}

/**
 * The load confirmation, the driver's dispatch sheet (issue 26, item 7), on one page for a load of
 * a usual number of stops (more flow onto the next): the company, the load's number and
 * references, the driver, the equipment (a reefer's setpoint), every stop in order (its type,
 * facility, full address, appointment window or "First come, first served", contact, PO and pickup
 * numbers, notes), the load's notes, and the dispatcher to call. No money: a dispatch sheet is not
 * the rate confirmation (the line haul and the charges are the company's business with the broker).
 */
export function renderLoadConfirmationPdf({ load, company, driver, dispatcher }: PaperworkData): Promise<Buffer> {
  return renderPdf(
    { Title: `Load confirmation ${load.loadNumber}`, Author: company?.name ?? 'Haulwise', Subject: 'Load confirmation' },
    (doc) => {
      const headerLines = [`Load ${load.loadNumber}`, `Date: ${today()}`];
      if (load.referenceNumber) headerLines.push(`Reference: ${load.referenceNumber}`);
      let y = drawHeader(doc, company, 'LOAD CONFIRMATION', headerLines);

      // Who drives what, and whom to call.
      const gutter = 16;
      const column = (WIDTH - 2 * gutter) / 3;
      const xs = [LEFT, LEFT + column + gutter, LEFT + 2 * (column + gutter)] as const;
      const dispatcherLines = dispatcher ? [dispatcher.name, dispatcher.phone, dispatcher.email].filter(Boolean).join('\n') : '—';
      const driverLines = driver ? [driver.name, driver.phone].filter(Boolean).join('\n') : (load.driverName ?? 'Unassigned');
      const freight = [load.commodity, load.weight !== null ? `${number.format(Number(load.weight))} lbs` : null]
        .filter(Boolean)
        .join(' · ');
      const bottoms = [
        field(doc, 'DRIVER', driverLines, xs[0], y, column),
        field(doc, 'EQUIPMENT', equipmentText(load), xs[1], y, column),
        field(doc, 'DISPATCHER', dispatcherLines, xs[2], y, column),
      ];
      y = Math.max(...bottoms) + 6;
      if (freight) y = field(doc, 'COMMODITY', freight, LEFT, y, WIDTH) + 6;

      // Every stop, in order.
      doc.moveTo(LEFT, y).lineTo(RIGHT, y).strokeColor(RULE).stroke();
      y += 8;
      doc.font('Helvetica-Bold').fontSize(11).fillColor(INK).text(`Stops (${load.stops.length})`, LEFT, y);
      y = doc.y + 4;
      const half = (WIDTH - gutter) / 2;
      load.stops.forEach((stop, index) => {
        // A stop that would not fit starts the next page (the header's name and number repeated).
        if (y > BOTTOM - 90) {
          doc.addPage();
          doc
            .font('Helvetica-Bold')
            .fontSize(10)
            .fillColor(INK)
            .text(`${company?.name ?? 'Haulwise'} · Load ${load.loadNumber} (continued)`, LEFT, 40);
          y = doc.y + 8;
        }
        const top = y;
        doc.rect(LEFT, top, WIDTH, 16).fill('#eef2ff');
        doc
          .font('Helvetica-Bold')
          .fontSize(9)
          .fillColor('#1e3a8a')
          .text(`${stopTitle(stop.type, index)}${stop.facilityName ? ` — ${stop.facilityName}` : ''}`, LEFT + 6, top + 4, {
            width: WIDTH - 12,
            lineBreak: false,
            ellipsis: true,
          });
        y = top + 20;
        // Left: the place and its contact; right: the appointment and the references.
        doc.font('Helvetica').fontSize(10).fillColor(INK);
        doc.text(stopAddressLines(stop).join('\n'), LEFT + 6, y, { width: half - 6 });
        const contact = [stop.contactName, stop.contactPhone].filter(Boolean).join(' · ');
        if (contact) doc.fillColor(MUTED).text(`Contact: ${contact}`, { width: half - 6 });
        const leftBottom = doc.y;
        label(doc, 'APPOINTMENT', LEFT + half + gutter, y, half);
        doc.font('Helvetica').fontSize(10).fillColor(INK).text(appointmentText(stop), { width: half });
        const references = stopReferences(stop);
        if (references) doc.text(references, { width: half });
        y = Math.max(leftBottom, doc.y);
        if (stop.notes) {
          doc
            .font('Helvetica-Oblique')
            .fontSize(9)
            .fillColor(MUTED)
            .text(`Notes: ${stop.notes}`, LEFT + 6, y + 2, { width: WIDTH - 12, height: 48, ellipsis: true });
          y = doc.y;
        }
        y += 10;
      });

      // The load's notes, then whom to call.
      if (load.notes) {
        if (y > BOTTOM - 80) {
          doc.addPage();
          y = 40;
        }
        label(doc, 'LOAD NOTES', LEFT, y);
        doc
          .font('Helvetica')
          .fontSize(10)
          .fillColor(INK)
          .text(load.notes, LEFT, y + 10, { width: WIDTH, height: Math.max(24, BOTTOM - 40 - (y + 10)), ellipsis: true });
        y = doc.y + 8;
      }
      const call = dispatcher
        ? `Questions about this load? Call ${dispatcher.name}${dispatcher.phone ? ` at ${dispatcher.phone}` : ''}${dispatcher.email ? ` or write to ${dispatcher.email}` : ''}.`
        : 'Questions about this load? Call dispatch.';
      // The footer never covers what is above it.
      if (y > BOTTOM - 26) doc.addPage();
      doc
        .font('Helvetica')
        .fontSize(8)
        .fillColor(MUTED)
        .text(call, LEFT, BOTTOM - 22, { width: WIDTH, align: 'center', lineBreak: false, ellipsis: true });
      doc.text(`Load ${load.loadNumber} · ${company?.name ?? 'Haulwise'}`, LEFT, BOTTOM - 12, {
        width: WIDTH,
        align: 'center',
        lineBreak: false,
      });
    },
  );
}
