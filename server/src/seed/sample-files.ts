import { crc32 } from 'node:zlib';

/**
 * Small, real files made in code: the demo workspace's documents and the tests' uploads (the
 * bad-file corpus, the upload journeys) are built from these, so there is one PDF writer and one
 * PNG writer, not a copy per caller.
 */

/**
 * A complete one-page PDF (header, objects, xref, trailer) whose lines are real text, so it has a
 * text layer to read. `catalogExtra` goes into the catalog dictionary (e.g. an /OpenAction).
 */
export function textPdf(lines: string | readonly string[], options: { fontSize?: number; catalogExtra?: string } = {}): Buffer {
  const { fontSize = 18, catalogExtra = '' } = options;
  const escape = (line: string) => line.replace(/[\\()]/g, (character) => `\\${character}`);
  const text = (typeof lines === 'string' ? [lines] : lines).map((line) => `(${escape(line)}) Tj T*`).join(' ');
  const content = `BT /F1 ${fontSize} Tf 72 720 Td ${fontSize + 6} TL ${text} ET`;
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R ${catalogExtra}>>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** One PNG chunk: its length, type, data and CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A PNG's IHDR data: width, height, 8-bit, the colour type given (0 grey, 2 RGB). */
export function pngHeader(width: number, height: number, colourType: 0 | 2): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, colourType, 0, 0, 0], 8);
  return header;
}
