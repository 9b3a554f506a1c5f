import { createRequire } from 'node:module';
import path from 'node:path';
import type { Worker } from 'tesseract.js';
import { lazyModule } from '../../lazy-module.js';

/**
 * Reads a proof of delivery's text, offline: a PDF through its text layer (unpdf), and when it has
 * none (a scanned PDF) the scan image embedded in it through OCR; a JPEG or PNG (a scan, a phone
 * photo) through OCR. OCR is tesseract.js with the English data of the npm package
 * @tesseract.js-data/eng, read from node_modules, never from the network; it runs in tesseract.js's
 * own worker thread, so the server stays responsive while it reads. With POD_EXTRACT_URL set,
 * images go to that vision-model endpoint instead (the local OCR stays the default).
 */
export type ReadMethod = 'pdf-text' | 'ocr' | 'vision';

/** One line of the text read (domains/documents/pod-fields.ts proposes the POD's fields from them). */
export interface TextLine {
  text: string;
  /** 0..1: 1 for a PDF's own text, the OCR engine's confidence for a scan. */
  confidence: number;
}

const require = createRequire(import.meta.url);
const LANG_PATH = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');

let worker: Promise<Worker> | null = null;
const tesseract = lazyModule(() => import('tesseract.js'));
const unpdf = lazyModule(() => import('unpdf'));

/** The process's one OCR worker (the rate-con reader shares it). */
export function ocrWorker(): Promise<Worker> {
  worker ??= tesseract()
    .then(({ createWorker }) => createWorker('eng', 1, { langPath: LANG_PATH, gzip: true, cacheMethod: 'none' }))
    .catch((error: unknown) => {
      worker = null;
      throw error;
    });
  return worker;
}

/** Stops the OCR worker thread (tests, shutdown). */
export async function stopPodReader(): Promise<void> {
  const running = worker;
  worker = null;
  if (running) await (await running).terminate();
}

export async function ocrLines(image: Buffer): Promise<TextLine[]> {
  const { data } = await (await ocrWorker()).recognize(image, {}, { blocks: true, text: true });
  const lines: TextLine[] = [];
  for (const block of data.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) lines.push({ text: line.text.trim(), confidence: line.confidence / 100 });
    }
  }
  if (lines.length === 0 && data.text) {
    for (const text of data.text.split('\n')) lines.push({ text, confidence: data.confidence / 100 });
  }
  return lines.filter((line) => line.text);
}

async function pdfTextLines(bytes: Buffer): Promise<TextLine[]> {
  const { extractTextItems } = await unpdf();
  const { items } = await extractTextItems(new Uint8Array(bytes));
  const lines: TextLine[] = [];
  for (const page of items) {
    let current = '';
    for (const item of page) {
      current += item.str;
      if (item.hasEOL) {
        lines.push({ text: current, confidence: 1 });
        current = '';
      } else if (current && !current.endsWith(' ')) {
        current += ' ';
      }
    }
    if (current.trim()) lines.push({ text: current, confidence: 1 });
  }
  return lines.filter((line) => line.text.trim());
}

/** The JPEG images a PDF holds (DCTDecode streams): how scanners store each page. */
export function embeddedJpegs(bytes: Buffer): Buffer[] {
  const found: Buffer[] = [];
  let from = 0;
  for (;;) {
    const filter = bytes.indexOf('/DCTDecode', from, 'latin1');
    if (filter === -1) break;
    const start = bytes.indexOf('stream', filter, 'latin1');
    if (start === -1) break;
    let body = start + 'stream'.length;
    if (bytes[body] === 0x0d) body += 1;
    if (bytes[body] === 0x0a) body += 1;
    const end = bytes.indexOf('endstream', body, 'latin1');
    if (end === -1) break;
    const image = bytes.subarray(body, end);
    if (image[0] === 0xff && image[1] === 0xd8) found.push(Buffer.from(image));
    from = end;
  }
  return found;
}

export interface VisionEndpoint {
  /** POD_EXTRACT_URL: receives { image (base64), contentType }, answers { text, confidence? } (confidence 0..1). */
  url: string;
  /** POD_EXTRACT_KEY: sent as a bearer token when set. */
  key?: string | undefined;
  timeoutMs?: number;
}

/** The optional vision-model reading of an image (POD_EXTRACT_URL) instead of the local OCR. */
export async function visionLines(endpoint: VisionEndpoint, image: Buffer, contentType: string): Promise<TextLine[]> {
  const response = await fetch(endpoint.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(endpoint.key ? { authorization: `Bearer ${endpoint.key}` } : {}) },
    body: JSON.stringify({ image: image.toString('base64'), contentType }),
    signal: AbortSignal.timeout(endpoint.timeoutMs ?? 20_000),
  });
  if (!response.ok) throw new Error(`POD extraction endpoint answered ${response.status}`);
  const body = (await response.json()) as { text?: unknown; confidence?: unknown };
  if (typeof body.text !== 'string') throw new Error('POD extraction endpoint answered no text');
  const confidence = typeof body.confidence === 'number' && body.confidence >= 0 && body.confidence <= 1 ? body.confidence : 0.9;
  return body.text
    .split('\n')
    .map((text) => ({ text: text.trim(), confidence }))
    .filter((line) => line.text);
}

export async function readPodText(
  bytes: Buffer,
  contentType: string,
  options: { vision?: VisionEndpoint | undefined } = {},
): Promise<{ method: ReadMethod; lines: TextLine[] }> {
  const { vision } = options;
  const readImage = (image: Buffer, type: string) => (vision ? visionLines(vision, image, type) : ocrLines(image));
  const method: ReadMethod = vision ? 'vision' : 'ocr';
  if (contentType === 'application/pdf') {
    const lines = await pdfTextLines(bytes);
    const characters = lines
      .map((line) => line.text)
      .join('')
      .replace(/\s/g, '').length;
    if (characters >= 20) return { method: 'pdf-text', lines };
    const read: TextLine[] = [];
    for (const scan of embeddedJpegs(bytes)) read.push(...(await readImage(scan, 'image/jpeg')));
    return { method, lines: read };
  }
  if (contentType === 'image/jpeg' || contentType === 'image/png') return { method, lines: await readImage(bytes, contentType) };
  throw new Error(`cannot read a POD from ${contentType}`);
}
