import { takesPod } from '#shared/constants.js';
import { open } from 'node:fs/promises';
import { Transform, type TransformCallback } from 'node:stream';
import type { Kysely } from 'kysely';
import { ALLOWED_EXTENSIONS, FILE_NAME_MAX } from '#shared/schemas/documents.js';
import type { Database } from '../../db/schema.js';
import type { Scope } from '../../db/scope.js';
import { findOwnCarrier, findOwnDriver } from '../portal/own-driver.js';
import { lazyModule } from '../../lazy-module.js';

const fileType = lazyModule(() => import('file-type'));

/**
 * What an uploaded file must be before it is kept: an allowed extension, content of an allowed
 * type by its magic bytes (file-type) matching that extension, not empty, within the size limit,
 * and none of the tricks of the bad-file corpus (tests/fixtures/uploads/): active content in a PDF,
 * markup or a second format hidden in a file (polyglots), a truncated PDF, an image declaring a
 * huge size, a .docx that inflates to far more than it weighs. Every refusal names the problem.
 */
export class UploadRefused extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
    this.name = 'UploadRefused';
  }
}

type Extension = (typeof ALLOWED_EXTENSIONS)[number];

/** The type file-type reports for each allowed extension (old Word files are Compound File Binary). */
const DETECTED_TYPE: Record<Extension, { ext: string; mime: string }> = {
  pdf: { ext: 'pdf', mime: 'application/pdf' },
  doc: { ext: 'cfb', mime: 'application/msword' },
  docx: { ext: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  jpg: { ext: 'jpg', mime: 'image/jpeg' },
  jpeg: { ext: 'jpg', mime: 'image/jpeg' },
  png: { ext: 'png', mime: 'image/png' },
};

const ALLOWED_LIST = ALLOWED_EXTENSIONS.join(', ');

/**
 * The display name: refused when it holds path separators or control characters (nothing a
 * person names a file with), otherwise trimmed, Unicode-normalised and cut to FILE_NAME_MAX
 * characters keeping its extension. It is only ever shown; the stored name is made by the server.
 */
export function displayName(raw: string | undefined): { name: string; extension: Extension } {
  const name = (raw ?? '').normalize('NFC').trim();
  if (!name) throw new UploadRefused('Please select a file');
  if (/[/\\]/.test(name)) throw new UploadRefused('File name must not contain path separators (/ or \\)');
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/.test(name)) {
    throw new UploadRefused('File name must not contain control characters');
  }
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  if (!(ALLOWED_EXTENSIONS as readonly string[]).includes(extension)) {
    throw new UploadRefused(`File type not allowed: use ${ALLOWED_LIST}`);
  }
  const base = name.slice(0, dot);
  const cut = name.length > FILE_NAME_MAX ? `${[...base].slice(0, FILE_NAME_MAX - extension.length - 1).join('')}.${extension}` : name;
  return { name: cut, extension: extension as Extension };
}

/** Byte patterns no allowed file carries in its raw bytes: markup, scripts, and the start of a second format. */
const HIDDEN_CONTENT: { pattern: Buffer; problem: string; except?: Extension[] }[] = [
  { pattern: Buffer.from('<script', 'latin1'), problem: 'contains a script' },
  { pattern: Buffer.from('<html', 'latin1'), problem: 'contains HTML' },
  { pattern: Buffer.from('<svg', 'latin1'), problem: 'contains SVG' },
  { pattern: Buffer.from('<?php', 'latin1'), problem: 'contains a script' },
  // Long enough that compressed image data never holds them by chance (a 4-byte pattern would, in 1 of 200 big photos).
  { pattern: Buffer.from('This program cannot be run in DOS mode', 'latin1'), problem: 'contains a program' },
  { pattern: Buffer.from('\x7fELF\x02\x01\x01', 'latin1'), problem: 'contains a program' },
  { pattern: Buffer.from('\x7fELF\x01\x01\x01', 'latin1'), problem: 'contains a program' },
  // A ZIP archive (its local header and version) inside anything but a .docx (itself a ZIP) is a second file in disguise.
  ...['\x14\x00', '\x0a\x00', '\x2d\x00'].map((version) => ({
    pattern: Buffer.from(`PK\x03\x04${version}`, 'latin1'),
    problem: 'contains a hidden archive',
    except: ['docx'] as Extension[],
  })),
];

/**
 * Active content of a PDF: JavaScript, launch actions, embedded files, rich media, XFA forms,
 * as written in the file. (Markers inside compressed object streams are not unpacked.)
 */
const PDF_ACTIVE = ['/JavaScript', '/JS ', '/JS(', '/JS<', '/Launch', '/EmbeddedFile', '/RichMedia', '/XFA'].map((marker) =>
  Buffer.from(marker, 'latin1'),
);

const HEAD_BYTES = 64 * 1024;
const TAIL_BYTES = 2048;
const OVERLAP = 64;

/** Bytes seen while the upload streams through: the head, the tail, the count, and whether each pattern occurs. */
export class UploadInspector extends Transform {
  size = 0;
  head = Buffer.alloc(0);
  tail = Buffer.alloc(0);
  readonly found = new Set<string>();
  private carry = Buffer.alloc(0);
  private readonly patterns: Buffer[] = [...HIDDEN_CONTENT.map((entry) => entry.pattern), ...PDF_ACTIVE];
  private readonly lowered: boolean[] = this.patterns.map((pattern) => pattern[0] === 0x3c);

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.head.length < HEAD_BYTES) this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_BYTES - this.head.length)]);
    const window = Buffer.concat([this.carry, chunk]);
    const lower = Buffer.from(window.toString('latin1').toLowerCase(), 'latin1');
    this.patterns.forEach((pattern, index) => {
      const haystack = this.lowered[index] ? lower : window;
      if (haystack.includes(pattern)) this.found.add(pattern.toString('latin1'));
    });
    this.carry = window.subarray(Math.max(0, window.length - OVERLAP));
    this.tail = Buffer.concat([this.tail, chunk]).subarray(-TAIL_BYTES);
    done(null, chunk);
  }
}

export interface CheckedFile {
  contentType: string;
}

/** Checks the received file (already on local disk at `file`) against the rules above. */
export async function checkUpload(file: string, extension: Extension, seen: UploadInspector): Promise<CheckedFile> {
  if (seen.size === 0) throw new UploadRefused('File is empty');
  const expected = DETECTED_TYPE[extension];
  const { fileTypeFromFile } = await fileType();
  const detected = await fileTypeFromFile(file);
  if (!detected || !Object.values(DETECTED_TYPE).some((type) => type.ext === detected.ext)) {
    throw new UploadRefused(`File content is not an allowed type (${ALLOWED_LIST})${detected ? `: it is ${detected.ext}` : ''}`);
  }
  if (detected.ext !== expected.ext) {
    throw new UploadRefused(`File content (${detected.ext}) does not match its .${extension} extension`);
  }
  for (const entry of HIDDEN_CONTENT) {
    if (entry.except?.includes(extension)) continue;
    if (seen.found.has(entry.pattern.toString('latin1'))) throw new UploadRefused(`File ${entry.problem} and cannot be uploaded`);
  }
  if (extension === 'pdf') checkPdf(seen);
  if (extension === 'png') checkImageSize(pngSize(seen.head));
  if (extension === 'jpg' || extension === 'jpeg') checkImageSize(jpegSize(seen.head));
  if (extension === 'docx') await checkZipInflation(file, seen.size);
  return { contentType: expected.mime };
}

function checkPdf(seen: UploadInspector) {
  if (!seen.tail.includes(Buffer.from('%%EOF', 'latin1'))) throw new UploadRefused('PDF is truncated or damaged (no end of file marker)');
  const active = PDF_ACTIVE.find((marker) => seen.found.has(marker.toString('latin1')));
  if (active) throw new UploadRefused(`PDF contains active content (${active.toString('latin1')}) and cannot be uploaded`);
}

/** Larger than any scan or photo of a document: an image declaring more is a decompression bomb. */
const MAX_IMAGE_SIDE = 20_000;
const MAX_IMAGE_PIXELS = 100_000_000;

function checkImageSize(size: { width: number; height: number } | null) {
  if (!size) throw new UploadRefused('Image is damaged (its size could not be read)');
  if (size.width === 0 || size.height === 0) throw new UploadRefused('Image is damaged (it has no pixels)');
  if (size.width > MAX_IMAGE_SIDE || size.height > MAX_IMAGE_SIDE || size.width * size.height > MAX_IMAGE_PIXELS) {
    throw new UploadRefused(`Image declares a huge size (${size.width} x ${size.height} pixels) and cannot be uploaded`);
  }
}

function pngSize(head: Buffer): { width: number; height: number } | null {
  if (head.length < 24 || head.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
}

function jpegSize(head: Buffer): { width: number; height: number } | null {
  let offset = 2;
  while (offset + 9 < head.length) {
    if (head[offset] !== 0xff) return null;
    const marker = head[offset + 1] ?? 0;
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01 || marker === 0xff) {
      offset += marker === 0xff ? 1 : 2;
      continue;
    }
    const length = head.readUInt16BE(offset + 2);
    // Start of frame (baseline, progressive, ...), not DHT (c4), JPG (c8) or DAC (cc).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: head.readUInt16BE(offset + 5), width: head.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  return null;
}

/** A .docx inflating past this, or more than this many times its size, is a ZIP bomb. */
const MAX_INFLATED_BYTES = 200 * 1024 * 1024;
const MAX_INFLATION_RATIO = 100;

/** Reads the ZIP's central directory (at its end) and sums what its entries inflate to. */
async function checkZipInflation(file: string, size: number) {
  const handle = await open(file, 'r');
  try {
    const tailLength = Math.min(size, 65_557);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, size - tailLength);
    const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    if (eocd === -1 || eocd + 22 > tail.length) throw new UploadRefused('Document is damaged (its archive directory is missing)');
    const entries = tail.readUInt16LE(eocd + 10);
    const directorySize = tail.readUInt32LE(eocd + 12);
    const directoryOffset = tail.readUInt32LE(eocd + 16);
    if (directoryOffset + directorySize > size || directorySize > 16 * 1024 * 1024) {
      throw new UploadRefused('Document is damaged (its archive directory is invalid)');
    }
    const directory = Buffer.alloc(directorySize);
    await handle.read(directory, 0, directorySize, directoryOffset);
    let inflated = 0;
    let offset = 0;
    for (let index = 0; index < entries; index += 1) {
      if (offset + 46 > directory.length || directory.readUInt32LE(offset) !== 0x02014b50) {
        throw new UploadRefused('Document is damaged (its archive directory is invalid)');
      }
      inflated += directory.readUInt32LE(offset + 24);
      offset += 46 + directory.readUInt16LE(offset + 28) + directory.readUInt16LE(offset + 30) + directory.readUInt16LE(offset + 32);
    }
    if (inflated > MAX_INFLATED_BYTES || inflated > size * MAX_INFLATION_RATIO) {
      throw new UploadRefused('Document expands to far more than its size (a compression bomb) and cannot be uploaded');
    }
  } finally {
    await handle.close();
  }
}

/** Where a driver's or carrier user's upload goes: the document's driver, carrier and visibility. */
export interface PortalUpload {
  driverId: string | null;
  carrierId: string | null;
  visibility: 'driver' | 'carrier';
}

export const PORTAL_UPLOAD_TEXTS = {
  notADriver: 'You do not have permission to do this',
  podOnly: 'From the portal you can upload only a proof of delivery (POD)',
  loadRequired: 'Choose the load this proof of delivery is for',
  loadNotFound: 'Load not found',
  podNotYet: 'A proof of delivery fits a load that is picked up, in transit or delivered',
} as const;

/**
 * A driver (an account linked to a driver record) or a carrier user (an account linked to its
 * carrier, carrier_users: docs/fleet.md) uploads from the portal only a POD, only for a load of
 * their own: a driver for a load assigned to them (marked driver, so it shows in their
 * documents), a carrier user for a load of their carrier or of one of its drivers (marked carrier,
 * for that carrier). A driver whose record has a carrier is a driver: a colleague's load is not
 * theirs. Anything else is refused; another driver's or company's load answers like a missing one.
 */
export async function admitPortalUpload(
  db: Kysely<Database>,
  scope: Scope,
  input: { documentType: string; loadId?: string | null },
): Promise<PortalUpload> {
  const own = await findOwnDriver(db, scope);
  const carrierId = own ? null : await findOwnCarrier(db, scope);
  if (!own && !carrierId) throw new UploadRefused(PORTAL_UPLOAD_TEXTS.notADriver, 403);
  if (input.documentType !== 'pod') throw new UploadRefused(PORTAL_UPLOAD_TEXTS.podOnly, 403);
  if (!input.loadId) throw new UploadRefused(PORTAL_UPLOAD_TEXTS.loadRequired);
  const load = await db
    .selectFrom('loads')
    .leftJoin('drivers', (join) => join.onRef('drivers.id', '=', 'loads.driverId').onRef('drivers.companyId', '=', 'loads.companyId'))
    .select(['loads.driverId', 'loads.carrierId', 'loads.status', 'drivers.carrierId as driverCarrierId'])
    .where('loads.companyId', '=', scope.companyId)
    .where('loads.id', '=', input.loadId)
    .executeTakeFirst();
  const admitted: PortalUpload | null =
    load && own && load.driverId === own.id
      ? { driverId: own.id, carrierId: null, visibility: 'driver' }
      : load && carrierId && (load.carrierId === carrierId || load.driverCarrierId === carrierId)
        ? { driverId: load.driverId, carrierId, visibility: 'carrier' }
        : null;
  if (!load || !admitted) throw new UploadRefused(PORTAL_UPLOAD_TEXTS.loadNotFound, 404);
  // Only on a load a POD fits (issue 27, item 3): not before pickup, never on a cancelled one.
  if (!takesPod(load.status)) throw new UploadRefused(PORTAL_UPLOAD_TEXTS.podNotYet);
  return admitted;
}
