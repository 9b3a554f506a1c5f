import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../errors.js';
import { extractRateCon } from './index.js';
import { imageSize } from './read.js';
import { parseDate, parseMoney, parseWeight, stateCode } from './normalise.js';

/** Issue 29, item 6: bad input gets a clear message naming the file field, and the values' writings are normalised. */

function pdf(build: (doc: PDFKit.PDFDocument) => void, options: PDFKit.PDFDocumentOptions = {}): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 40, ...options });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  build(doc);
  doc.end();
  return done;
}

/** A well-formed PDF whose page tree is empty. */
function pdfWithoutPages(): Buffer {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>'];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** The first bytes of a PNG of width × height: its signature and IHDR chunk, no pixels. */
function pngHeader(width: number, height: number): Buffer {
  const header = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header, 0);
  header.writeUInt32BE(13, 8);
  header.write('IHDR', 12, 'latin1');
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  header.writeUInt8(8, 24);
  header.writeUInt8(2, 25);
  return header;
}

async function fileError(run: Promise<unknown>): Promise<AppError> {
  const error = await run.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  const appError = error as AppError;
  expect(appError.field).toBe('file');
  expect(appError.code).toBe('BAD_REQUEST');
  return appError;
}

describe('extractRateCon: bad input', () => {
  it('refuses an encrypted PDF', async () => {
    const bytes = await pdf((doc) => doc.text('RATE CONFIRMATION Load # 123456'), { userPassword: 'secret', ownerPassword: 'owner' });
    expect((await fileError(extractRateCon(bytes, 'application/pdf'))).message).toMatch(/password-protected/);
  });

  it('refuses a PDF with no pages', async () => {
    expect((await fileError(extractRateCon(pdfWithoutPages(), 'application/pdf'))).message).toMatch(/no pages/);
  });

  it('refuses a PDF of 200 pages', async () => {
    const bytes = await pdf((doc) => {
      doc.text('RATE CONFIRMATION page 1');
      for (let page = 2; page <= 200; page += 1) doc.addPage().text(`Page ${page}`);
    });
    expect((await fileError(extractRateCon(bytes, 'application/pdf'))).message).toBe(
      'The PDF has 200 pages; a rate confirmation has at most 50',
    );
  });

  it('refuses a 60-megapixel photo from its header, before decoding it', async () => {
    const bytes = pngHeader(10_000, 6_000);
    expect(imageSize(bytes)).toEqual({ width: 10_000, height: 6_000 });
    expect((await fileError(extractRateCon(bytes, 'image/png'))).message).toMatch(
      /10000 × 6000 pixels \(60 megapixels\); .* at most 40 megapixels/,
    );
  });

  it('refuses a file that is not an image', async () => {
    expect((await fileError(extractRateCon(Buffer.from('not an image'), 'image/jpeg'))).message).toMatch(/could not be read/);
  });

  it('finds no rate confirmation in a POD', async () => {
    const bytes = await readFile(path.resolve('tests/fixtures/pod/pod-text.pdf'));
    expect((await fileError(extractRateCon(bytes, 'application/pdf'))).message).toMatch(/^No rate confirmation found/);
  });

  it('finds no rate confirmation in an invoice', async () => {
    const bytes = await pdf((doc) => {
      doc.fontSize(18).text('INVOICE', 40, 40);
      doc.fontSize(10).text('Invoice # INV-20431', 400, 40).text('Date: 12/01/2026', 400, 55);
      doc.text('Red Mesa Transport LLC   MC# 445566', 40, 80);
      doc
        .text('Bill To:', 40, 120)
        .text('Summit Ridge Logistics LLC', 40, 135)
        .text('3300 N Central Expy', 40, 150)
        .text('Dallas, TX 75204', 40, 165);
      doc
        .text('Load # 4471203', 40, 200)
        .text('Pickup: Houston, TX 77002 on 11/29/2026', 40, 215)
        .text('Delivery: Memphis, TN 38116 on 12/01/2026', 40, 230);
      doc.text('Line Haul', 40, 270).text('$2,400.00', 300, 270).text('Fuel Surcharge', 40, 285).text('$250.00', 300, 285);
      doc.text('TOTAL DUE', 40, 305).text('$2,650.00', 300, 305);
    });
    expect((await fileError(extractRateCon(bytes, 'application/pdf'))).message).toMatch(/^No rate confirmation found/);
  });
});

describe('extractRateCon: the optional vision endpoint', () => {
  it('sends an image to the configured endpoint instead of the local OCR, and reads its lines the same way', async () => {
    const text = [
      'Summit Ridge Logistics LLC',
      'MC# 123456   Phone: (214) 555-0142   dispatch@summitridge.com',
      'RATE CONFIRMATION    Load # LD-445566',
      'PICKUP',
      '1200 Industrial Blvd',
      'Dallas, TX 75207',
      'Date: 11/29/2026   Appt: 08:00-14:00',
      'DELIVERY',
      '880 Airport Rd',
      'Memphis, TN 38116',
      'Date: 12/01/2026',
      'Commodity: Paper Products    Weight: 42,000 lbs',
      'TOTAL: $2,650.00',
    ].join('\n');
    const received: { contentType?: unknown; authorization?: string | undefined }[] = [];
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({
          contentType: (JSON.parse(body) as { contentType?: unknown }).contentType,
          authorization: request.headers.authorization,
        });
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ text, confidence: 0.93 }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const result = await extractRateCon(pngHeader(1200, 1600), 'image/png', {
        vision: { url: `http://127.0.0.1:${port}/read`, key: 'k1' },
      });
      expect(received).toEqual([{ contentType: 'image/png', authorization: 'Bearer k1' }]);
      expect(result.method).toBe('vision');
      expect(result.fields.referenceNumber).toEqual({ value: 'LD-445566', confidence: 0.93 });
      expect(result.fields.brokerMc.value).toBe('123456');
      expect(result.fields.pickupCity.value).toBe('Dallas');
      expect(result.fields.pickupDate.value).toBe('2026-11-29');
      expect(result.fields.deliveryLocation.value).toBe('880 Airport Rd');
      expect(result.fields.weight.value).toBe(42_000);
      expect(result.fields.rate.value).toBe(2650);
      expect(result.stops[0]?.appointment).toBe('08:00-14:00');
    } finally {
      server.close();
    }
  });
});

describe('rate-con values as written', () => {
  it('reads dates in the usual writings', () => {
    expect(parseDate('11/29/2026')).toBe('2026-11-29');
    expect(parseDate('29-Nov-26')).toBe('2026-11-29');
    expect(parseDate('November 29, 2026')).toBe('2026-11-29');
    expect(parseDate('2026-11-29')).toBe('2026-11-29');
    expect(parseDate('Nov. 29th', 2026)).toBe('2026-11-29');
    expect(parseDate('Sun, Nov 29, 2026')).toBe('2026-11-29');
    expect(parseDate('11/29/26')).toBe('2026-11-29');
    expect(parseDate('13/45/2026')).toBeNull();
  });

  it('reads money, weights and states', () => {
    expect(parseMoney('$1,250.00')).toBe(1250);
    expect(parseMoney('USD 1250')).toBe(1250);
    expect(parseMoney('$ 4,447.07 all in')).toBe(4447.07);
    expect(parseWeight('42,000 lbs')).toBe(42_000);
    expect(parseWeight('42000#')).toBe(42_000);
    expect(parseWeight('19,050 kg')).toBe(Math.round(19_050 * 2.20462));
    expect(stateCode('tx')).toBe('TX');
    expect(stateCode('Texas')).toBe('TX');
    expect(stateCode('XX')).toBeNull();
  });
});

describe('extractRateCon: shapes the flow found misread', () => {
  /** One line per label, as a broker's plain-text TMS prints them. */
  const oneLineStops = (trailing: string[] = []) =>
    pdf((doc) => {
      doc.fontSize(16).text('RATE CONFIRMATION');
      doc.moveDown().fontSize(11);
      doc.text('Load #: OL-55120');
      doc.text('Broker: Prairie Line Logistics LLC');
      doc.text('MC#: 445120');
      doc.moveDown();
      doc.text('Pickup: 123 Main St, Dallas, TX 75201');
      doc.text('Date: 12/03/2026');
      doc.moveDown();
      doc.text('Delivery: 9 Oak Ave, Memphis, TN 38103');
      doc.text('Date: 12/05/2026');
      doc.moveDown();
      doc.text('Commodity: Canned goods');
      doc.text('Weight: 38,500 lbs');
      doc.moveDown();
      for (const line of trailing) doc.text(line);
    });

  it('reads a one-line pickup and a one-line delivery as two stops, each with its own city', async () => {
    const result = await extractRateCon(await oneLineStops(['TOTAL: $1,900.00']), 'application/pdf');
    expect(result.stops.map((stop) => [stop.type, stop.location, stop.city, stop.state, stop.zip])).toEqual([
      ['pickup', '123 Main St', 'Dallas', 'TX', '75201'],
      ['delivery', '9 Oak Ave', 'Memphis', 'TN', '38103'],
    ]);
    expect(result.fields.pickupCity.value).toBe('Dallas');
    expect(result.fields.pickupLocation.value).toBe('123 Main St');
    expect(result.fields.deliveryCity.value).toBe('Memphis');
    expect(result.fields.deliveryLocation.value).toBe('9 Oak Ave');
    expect(result.fields.pickupDate.value).toBe('2026-12-03');
    expect(result.fields.deliveryDate.value).toBe('2026-12-05');
  });

  it('takes the labelled rate printed after the line items as the total, never the line haul', async () => {
    const result = await extractRateCon(
      await oneLineStops(['Line haul $2,200.00', 'Fuel surcharge $450.00', 'Rate: $2,650.00']),
      'application/pdf',
    );
    expect(result.fields.rate.value).toBe(2650);
    expect(result.lineItems.map((item) => [item.kind, item.amount])).toEqual([
      ['line_haul', '2200.00'],
      ['fuel_surcharge', '450.00'],
    ]);
  });

  it('takes the labelled total after the line items in a two-column table too', async () => {
    const result = await extractRateCon(
      await pdf((doc) => {
        doc.fontSize(16).text('RATE CONFIRMATION', 40, 40);
        doc.fontSize(11).text('Load #: TB-7781', 40, 70).text('Broker: Prairie Line Logistics LLC', 40, 85);
        doc.text('PICKUP', 40, 120).text('500 Elm St', 40, 135).text('Tulsa, OK 74103', 40, 150).text('Date: 12/03/2026', 40, 165);
        doc.text('DELIVERY', 40, 195).text('77 Pine Rd', 40, 210).text('Wichita, KS 67202', 40, 225).text('Date: 12/04/2026', 40, 240);
        doc.text('Line Haul', 40, 280).text('$2,200.00', 300, 280);
        doc.text('Fuel Surcharge', 40, 295).text('$450.00', 300, 295);
        doc.text('Rate', 40, 310).text('$2,650.00', 300, 310);
      }),
      'application/pdf',
    );
    expect(result.fields.rate.value).toBe(2650);
  });
});
