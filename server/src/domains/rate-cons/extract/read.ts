/**
 * The words of a rate confirmation with where they stand on the page: a text PDF's text layer
 * (unpdf's pdfjs, each item's transform), a scan's OCR words (tesseract.js, the POD reader's one
 * worker, the page deskewed by `rotateAuto`), or a vision endpoint's lines. Everything downstream
 * (layout.ts, fields.ts) reads these the same way, whichever way they were read.
 */
import type { Block } from 'tesseract.js';
import { AppError } from '../../../errors.js';
import { lazyModule } from '../../../lazy-module.js';
import { embeddedJpegs, ocrWorker, visionLines, type VisionEndpoint } from '../../../services/storage/pod-reader.js';

export interface Word {
  text: string;
  page: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** 0..1: 1 for a PDF's own text. */
  confidence: number;
}

export const MAX_PAGES = 50;
export const MAX_MEGAPIXELS = 40;

const unpdf = lazyModule(() => import('unpdf'));

const fileError = (message: string) => new AppError('BAD_REQUEST', message, { field: 'file' });

/** Width and height from a PNG's or JPEG's header, before anything decodes it. */
export function imageSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length >= 24 && bytes.readUInt32BE(0) === 0x89504e47 && bytes.toString('latin1', 12, 16) === 'IHDR') {
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    let offset = 2;
    while (offset + 9 < bytes.length) {
      if (bytes[offset] !== 0xff) {
        offset += 1;
        continue;
      }
      const marker = bytes[offset + 1] ?? 0;
      if (marker === 0xff) {
        offset += 1;
        continue;
      }
      if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
        offset += 2;
        continue;
      }
      const length = bytes.readUInt16BE(offset + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
      }
      offset += 2 + length;
    }
  }
  return null;
}

export function checkImage(bytes: Buffer): void {
  const size = imageSize(bytes);
  if (!size || size.width === 0 || size.height === 0)
    throw fileError('The image could not be read: send a JPEG or PNG photo or scan of the rate confirmation');
  const megapixels = (size.width * size.height) / 1_000_000;
  if (megapixels > MAX_MEGAPIXELS) {
    throw fileError(
      `The image is ${size.width} × ${size.height} pixels (${Math.round(megapixels)} megapixels); a rate confirmation photo has at most ${MAX_MEGAPIXELS} megapixels`,
    );
  }
}

interface PdfTextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
}

const isTextItem = (item: object): item is PdfTextItem => 'str' in item && 'transform' in item;

/** A text PDF's words, page by page (top-down coordinates in points); [] for a scanned PDF. Checks encryption and page count. */
export async function pdfWords(bytes: Buffer): Promise<{ words: Word[]; pages: number }> {
  const { getDocumentProxy } = await unpdf();
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(new Uint8Array(bytes));
  } catch (error) {
    const name = error instanceof Error || (typeof error === 'object' && error !== null) ? (error as { name?: unknown }).name : undefined;
    if (name === 'PasswordException') throw fileError('The PDF is password-protected: send the rate confirmation without a password');
    throw fileError('The PDF could not be read: it is damaged or has no pages');
  }
  try {
    const pages = pdf.numPages;
    if (pages === 0) throw fileError('The PDF has no pages');
    if (pages > MAX_PAGES) throw fileError(`The PDF has ${pages} pages; a rate confirmation has at most ${MAX_PAGES}`);
    const words: Word[] = [];
    for (let number = 1; number <= pages; number += 1) {
      const page = await pdf.getPage(number);
      const height = page.getViewport({ scale: 1 }).height;
      const content = await page.getTextContent();
      for (const item of content.items) {
        if (!isTextItem(item) || !item.str.trim()) continue;
        const [a = 1, b = 0, c = 0, d = 1, x = 0, baseline = 0] = item.transform;
        void a;
        void b;
        const size = Math.hypot(c, d) || item.height || 10;
        const top = height - baseline - size * 0.8;
        const perChar = item.width / Math.max(1, item.str.length);
        // One word per run of text without a wide space in it, placed by its share of the item's width.
        for (const match of item.str.matchAll(/\S+(?: \S+)*/g)) {
          const start = x + perChar * match.index;
          words.push({
            text: match[0],
            page: number - 1,
            x0: start,
            x1: start + perChar * match[0].length,
            y0: top,
            y1: top + size,
            confidence: 1,
          });
        }
      }
      page.cleanup();
    }
    return { words, pages };
  } finally {
    await pdf.loadingTask.destroy();
  }
}

interface OcrBox {
  text: string;
  confidence: number;
  bbox: { x0: number; y0: number; x1: number; y1: number };
}

/** OCR's usual slips in the words a rate con is made of: accents on plain letters, "Bivd" for "Blvd", "Ibs" for "lbs". */
const OCR_WORDS: Record<string, string> = { Bivd: 'Blvd', BIvd: 'Blvd', Ibs: 'lbs', '1bs': 'lbs', IBS: 'LBS' };

function ocrFix(text: string): string {
  const plain = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/¥/g, 'Y');
  const bare = plain.replace(/[.,:;]$/, '');
  const fixed = OCR_WORDS[bare];
  return fixed ? fixed + plain.slice(bare.length) : plain;
}

/** Past this skew (radians, about 4 degrees) the page is rotated straight before it is read again. */
const ROTATE_ABOVE = 0.07;

/**
 * An image's words through the process's one OCR worker, deskewed: the skew is measured from the
 * baselines of the lines read, and the words' positions are turned straight by it (a scan's slight
 * tilt reads fine, and turning the image itself would clip its corners); a page tilted further is
 * rotated straight by the OCR (`rotateAuto`) and read again.
 */
export async function ocrWords(image: Buffer, page = 0): Promise<Word[]> {
  const worker = await ocrWorker();
  let { data } = await worker.recognize(image, {}, { blocks: true, text: false });
  let skew = skewOf(data.blocks ?? []);
  if (Math.abs(skew) > ROTATE_ABOVE) {
    ({ data } = await worker.recognize(image, { rotateAuto: true }, { blocks: true, text: false }));
    skew = skewOf(data.blocks ?? []);
  }
  const cos = Math.cos(skew);
  const sin = Math.sin(skew);
  const words: Word[] = [];
  for (const block of data.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        for (const word of line.words as OcrBox[]) {
          const text = ocrFix(word.text.trim());
          if (!text) continue;
          const { x0, y0, x1, y1 } = word.bbox;
          const cx = (x0 + x1) / 2;
          const cy = (y0 + y1) / 2;
          // The word's middle turned back by the skew; its size stays.
          const x = cx * cos + cy * sin;
          const y = -cx * sin + cy * cos;
          const halfWidth = (x1 - x0) / 2;
          const halfHeight = (y1 - y0) / 2;
          words.push({
            text,
            page,
            x0: x - halfWidth,
            x1: x + halfWidth,
            y0: y - halfHeight,
            y1: y + halfHeight,
            confidence: Math.max(0, Math.min(1, word.confidence / 100)),
          });
        }
      }
    }
  }
  return words;
}

/** The median slope of the long lines' baselines, in radians (positive: falling to the right). */
function skewOf(blocks: Block[]): number {
  const angles: number[] = [];
  for (const block of blocks) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const { x0, y0, x1, y1 } = line.baseline;
        if (x1 - x0 > 150) angles.push(Math.atan2(y1 - y0, x1 - x0));
      }
    }
  }
  angles.sort((a, b) => a - b);
  return angles[Math.floor(angles.length / 2)] ?? 0;
}

/** A vision endpoint's lines as words: one "word" per line, each line below the one before. */
export async function visionWords(endpoint: VisionEndpoint, image: Buffer, contentType: string, page = 0): Promise<Word[]> {
  const lines = await visionLines(endpoint, image, contentType);
  return lines.flatMap((line, index) => {
    // Runs of 2+ spaces or a tab separate columns; keep them apart as the layout expects.
    const parts = line.text.split(/\t| {2,}/);
    let x = 0;
    return parts.map((text) => {
      const word: Word = {
        text,
        page,
        x0: x * 10,
        x1: (x + text.length) * 10,
        y0: index * 20,
        y1: index * 20 + 12,
        confidence: line.confidence,
      };
      x += text.length + 6;
      return word;
    });
  });
}

export { embeddedJpegs };
