import { z } from 'zod';

/**
 * Rate confirmations become loads (issue 29): what POST /api/rate-confirmations/extract (and
 * POST /api/v1/rate-confirmations/extract with an API key) answers, and rateCons.attach's input.
 * The reading itself: server/src/domains/rate-cons/extract/.
 */
export const RATE_CON_PATH = '/api/rate-confirmations/extract';

/** Fields read with less confidence than this are flagged "Check this" in the Create Load form. */
export const RATE_CON_LOW_CONFIDENCE = 0.75;

export const RATE_CON_TEXTS = {
  selectFile: 'Select the rate confirmation to import (PDF, JPEG or PNG)',
  fileTypes: 'A rate confirmation is a PDF, JPEG or PNG',
  expired: 'The imported rate confirmation has expired: import it again',
  alreadyAttached: 'This rate confirmation is already attached to a load',
  readFailed: 'The rate confirmation could not be read. Please try again.',
} as const;

const field = <T extends z.ZodType>(value: T) => z.object({ value: value.nullable(), confidence: z.number().min(0).max(1) });
const text = field(z.string());
const number = field(z.number());

export const RATE_CON_FIELD_NAMES = [
  'referenceNumber',
  'brokerName',
  'brokerMc',
  'brokerPhone',
  'brokerEmail',
  'pickupLocation',
  'pickupCity',
  'pickupState',
  'pickupDate',
  'deliveryLocation',
  'deliveryCity',
  'deliveryState',
  'deliveryDate',
  'commodity',
  'weight',
  'rate',
] as const;
export type RateConFieldName = (typeof RATE_CON_FIELD_NAMES)[number];

export const rateConFields = z.object({
  referenceNumber: text,
  brokerName: text,
  brokerMc: text,
  brokerPhone: text,
  brokerEmail: text,
  pickupLocation: text,
  pickupCity: text,
  pickupState: text,
  pickupDate: text.meta({ description: 'value: YYYY-MM-DD' }),
  deliveryLocation: text,
  deliveryCity: text,
  deliveryState: text,
  deliveryDate: text.meta({ description: 'value: YYYY-MM-DD' }),
  commodity: text,
  weight: number.meta({ description: 'value: lbs' }),
  rate: number.meta({ description: 'value: the total carrier pay in USD' }),
});

export const rateConStop = z.object({
  type: z.enum(['pickup', 'delivery']),
  location: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  date: z.string().nullable().meta({ description: 'YYYY-MM-DD' }),
  appointment: z.string().nullable().meta({ description: 'The appointment window as written, e.g. "08:00–14:00" or "FCFS"' }),
});
export type RateConStop = z.infer<typeof rateConStop>;

export const rateConLineItem = z.object({
  kind: z.enum(['line_haul', 'fuel_surcharge', 'accessorial']),
  description: z.string(),
  amount: z.string().meta({ description: 'A decimal amount in USD, e.g. "1250.00"' }),
});
export type RateConLineItem = z.infer<typeof rateConLineItem>;

export const rateConExtractOutput = z
  .object({
    fileToken: z.string().meta({ description: 'The stored file: give it to rateCons.attach with the new load, within the hour' }),
    fileName: z.string(),
    method: z.enum(['pdf-text', 'ocr', 'vision']),
    fields: rateConFields,
    stops: z.array(rateConStop),
    lineItems: z.array(rateConLineItem),
    brokerMatch: z.object({ id: z.uuid(), name: z.string(), matchedBy: z.enum(['mc', 'name']) }).nullable(),
    duplicateOf: z.object({ id: z.uuid(), loadNumber: z.string() }).nullable(),
  })
  .meta({ id: 'RateConExtraction' });
export type RateConExtractOutput = z.infer<typeof rateConExtractOutput>;

/** Attaches the imported file to the load made from it, as a rate_confirmation document. */
export const attachRateConInput = z.object({
  loadId: z.uuid('Invalid load id'),
  fileToken: z.string().min(1, RATE_CON_TEXTS.expired).max(2000, RATE_CON_TEXTS.expired),
});
export type AttachRateConInput = z.input<typeof attachRateConInput>;
