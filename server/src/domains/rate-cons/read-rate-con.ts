import type { Config } from '../../config.js';
import type { VisionEndpoint } from '../../services/storage/pod-reader.js';
import { extractRateCon, type RateConExtraction } from './extract/index.js';

/**
 * The one call from the import's route into the reading (extract/, issue 29 items 2 and 3), at
 * most READERS at once in this process: a text PDF is read on this thread in well under a second,
 * a scan through the OCR worker thread (services/storage/pod-reader.ts) in a few seconds. No
 * database connection is held while it reads (rate-cons.routes.ts opens none around it): that is
 * what "extraction runs as a job off the request's database connection" means here. A queued
 * graphile-worker job would hold a connection of the job pool for the same seconds and make the
 * request wait for its outcome besides; the request waits here, in memory, for a place.
 */
export const READERS = 2;
/** Past this many waiting, an import is refused as busy (503) rather than queued without bound. */
export const MAX_WAITING = 16;

let running = 0;
const waiting: Array<() => void> = [];

export class ReadersBusy extends Error {
  constructor() {
    super('Many rate confirmations are being read right now. Please try again in a minute.');
    this.name = 'ReadersBusy';
  }
}

export type RateConMime = 'application/pdf' | 'image/jpeg' | 'image/png';

/**
 * The vision endpoint scans and photos are sent to (RATECON_EXTRACT_URL, with RATECON_EXTRACT_KEY
 * as its bearer token), or undefined: without it nothing leaves the server and tesseract.js reads
 * them here. A text PDF is read from its text layer either way.
 */
export function rateConVision(config: Pick<Config, 'RATECON_EXTRACT_URL' | 'RATECON_EXTRACT_KEY'>): VisionEndpoint | undefined {
  const { RATECON_EXTRACT_URL: url, RATECON_EXTRACT_KEY: key } = config;
  return url ? { url, key } : undefined;
}

export async function readRateCon(
  bytes: Buffer,
  mimeType: RateConMime,
  options: { carrierName: string | null; carrierMc: string | null; vision?: VisionEndpoint | undefined },
): Promise<RateConExtraction> {
  if (running >= READERS) {
    if (waiting.length >= MAX_WAITING) throw new ReadersBusy();
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running += 1;
  }
  try {
    return await extractRateCon(bytes, mimeType, options);
  } finally {
    const next = waiting.shift();
    // The place passes to the next in line (running stays the same), or is given back.
    if (next) next();
    else running -= 1;
  }
}
