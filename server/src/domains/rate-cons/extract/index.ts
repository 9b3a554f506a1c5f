/**
 * Reads a broker's rate confirmation (issue 29): a text PDF through its text layer with positions,
 * a scan or photo (or an image-only PDF) through the same offline OCR as PODs, deskewed first, or
 * through an optional vision endpoint. Nothing leaves the server unless `options.vision` is given.
 */
import { AppError } from '../../../errors.js';
import type { VisionEndpoint } from '../../../services/storage/pod-reader.js';
import { readDocument, type ReadDocument, type ReadStop } from './fields.js';
import { checkImage, embeddedJpegs, ocrWords, pdfWords, visionWords, type Word } from './read.js';

export interface ExtractedField<T> {
  value: T | null;
  /** 0..1 */
  confidence: number;
}

export interface RateConStop {
  type: 'pickup' | 'delivery';
  location: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  /** YYYY-MM-DD */
  date: string | null;
  /** e.g. "08:00–14:00" or "FCFS", as written */
  appointment: string | null;
}

export interface RateConLineItem {
  kind: 'line_haul' | 'fuel_surcharge' | 'accessorial';
  description: string;
  /** decimal "1250.00" */
  amount: string;
}

export interface RateConExtraction {
  fields: {
    referenceNumber: ExtractedField<string>;
    brokerName: ExtractedField<string>;
    brokerMc: ExtractedField<string>;
    brokerPhone: ExtractedField<string>;
    brokerEmail: ExtractedField<string>;
    pickupLocation: ExtractedField<string>;
    pickupCity: ExtractedField<string>;
    pickupState: ExtractedField<string>;
    pickupDate: ExtractedField<string>;
    deliveryLocation: ExtractedField<string>;
    deliveryCity: ExtractedField<string>;
    deliveryState: ExtractedField<string>;
    deliveryDate: ExtractedField<string>;
    commodity: ExtractedField<string>;
    weight: ExtractedField<number>;
    rate: ExtractedField<number>;
  };
  stops: RateConStop[];
  lineItems: RateConLineItem[];
  method: 'pdf-text' | 'ocr' | 'vision';
}

export interface ExtractRateConOptions {
  /** The company's own name and MC number: never read as the broker's. */
  carrierName?: string | null;
  carrierMc?: string | null;
  /** Optional vision-model endpoint (RATECON_EXTRACT_URL) for images; without it, OCR runs locally. */
  vision?: VisionEndpoint | undefined;
}

const CONFIDENT = 1;

const field = <T>(found: { value: T; confidence: number } | null | undefined, factor = CONFIDENT): ExtractedField<T> =>
  found
    ? { value: found.value, confidence: Math.round(Math.max(0, Math.min(1, found.confidence * factor)) * 100) / 100 }
    : { value: null, confidence: 0 };

const notARateCon = () =>
  new AppError('BAD_REQUEST', "No rate confirmation found in this file: send the broker's rate confirmation (PDF, JPEG or PNG)", {
    field: 'file',
  });

/** How many pages of a scanned PDF are read when the first does not hold the load. */
const MAX_SCANNED_PAGES = 3;

/** The words of the document and how they were read. */
async function readWords(
  bytes: Buffer,
  mimeType: 'application/pdf' | 'image/jpeg' | 'image/png',
  vision: VisionEndpoint | undefined,
): Promise<{ method: RateConExtraction['method']; pages: (() => Promise<Word[]>)[] }> {
  const readImage = (image: Buffer, type: string, page: number) =>
    vision ? visionWords(vision, image, type, page) : ocrWords(image, page);
  const method = vision ? 'vision' : 'ocr';
  if (mimeType === 'application/pdf') {
    const { words } = await pdfWords(bytes);
    const characters = words.reduce((sum, word) => sum + word.text.length, 0);
    if (characters >= 20) return { method: 'pdf-text', pages: [() => Promise.resolve(words)] };
    const scans = embeddedJpegs(bytes).slice(0, MAX_SCANNED_PAGES);
    for (const scan of scans) checkImage(scan);
    return { method, pages: scans.map((scan, index) => () => readImage(scan, 'image/jpeg', index)) };
  }
  checkImage(bytes);
  return { method, pages: [() => readImage(bytes, mimeType, 0)] };
}

/**
 * Throws AppError (field 'file') with a clear message for: encrypted PDF, no pages, over 50 pages,
 * an image over 40 megapixels, not a rate con ("No rate confirmation found").
 */
export async function extractRateCon(
  bytes: Buffer,
  mimeType: 'application/pdf' | 'image/jpeg' | 'image/png',
  options: ExtractRateConOptions = {},
): Promise<RateConExtraction> {
  const carrierName = options.carrierName ?? null;
  const carrierMc = options.carrierMc ?? null;
  const { method, pages } = await readWords(bytes, mimeType, options.vision);
  let words: Word[] = [];
  let document: ReadDocument | null = null;
  for (const page of pages) {
    // A scanned PDF's pages are read one by one, until the load is found.
    words = words.concat(await page());
    document = readDocument(words, carrierName, carrierMc);
    if (document.looksLikeRateCon && document.stops.length >= 2 && document.rate) break;
  }
  if (!document || !document.looksLikeRateCon) throw notARateCon();
  const pickup = document.stops.find((stop) => stop.type === 'pickup') ?? null;
  const delivery = [...document.stops].reverse().find((stop) => stop.type === 'delivery') ?? null;
  const stopField = <K extends 'location' | 'city' | 'state' | 'date'>(stop: ReadStop | null, key: K): ExtractedField<string> =>
    stop && stop[key] ? field({ value: stop[key] as string, confidence: stop.confidence }) : { value: null, confidence: 0 };
  return {
    fields: {
      referenceNumber: field(document.referenceNumber),
      brokerName: field(document.brokerName),
      brokerMc: field(document.brokerMc),
      brokerPhone: field(document.brokerPhone),
      brokerEmail: field(document.brokerEmail),
      pickupLocation: stopField(pickup, 'location'),
      pickupCity: stopField(pickup, 'city'),
      pickupState: stopField(pickup, 'state'),
      pickupDate: stopField(pickup, 'date'),
      deliveryLocation: stopField(delivery, 'location'),
      deliveryCity: stopField(delivery, 'city'),
      deliveryState: stopField(delivery, 'state'),
      deliveryDate: stopField(delivery, 'date'),
      commodity: field(document.commodity),
      weight: field(document.weight),
      rate: field(document.rate),
    },
    stops: document.stops.map(({ type, location, city, state, zip, date, appointment }) => ({
      type,
      location,
      city,
      state,
      zip,
      date,
      appointment,
    })),
    lineItems: document.lineItems,
    method,
  };
}
