/**
 * The words of a rate confirmation with where they stand on the page: a text PDF's text layer
 * (unpdf's pdfjs, each item's transform), a scan's OCR words (tesseract.js, the POD reader's one
 * worker, the page deskewed by `rotateAuto`), or a vision endpoint's lines. Everything downstream
 * (layout.ts, fields.ts) reads these the same way, whichever way they were read.
 */
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

/** An image's words through the process's one OCR worker, the page deskewed first. */
export async function ocrWords(image: Buffer, page = 0): Promise<Word[]> {
  const worker = await ocrWorker();
  const { data } = await worker.recognize(image, { rotateAuto: true }, { blocks: true, text: false });
  const words: Word[] = [];
  for (const block of data.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        for (const word of line.words as OcrBox[]) {
          const text = word.text.trim();
          if (!text) continue;
          words.push({ text, page, ...word.bbox, confidence: Math.max(0, Math.min(1, word.confidence / 100)) });
        }
      }
    }
  }
  return words;
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
