import { z } from 'zod';
import { deleteOutput, optionalDate, optionalId, optionalText, recordId, timestamp } from './fields.js';
import { pageInput, pageOutput } from './pagination.js';

/**
 * Documents on the wire. The file itself travels as multipart form data to POST
 * /api/documents (server/src/domains/documents/http-routes.ts), the fields below before it;
 * everything else goes through tRPC.
 */

/** The spec's document types; load_document when uploaded from a load (unless another type is chosen). */
export const UPLOAD_DOCUMENT_TYPES = ['invoice', 'bol', 'pod', 'contract', 'insurance', 'rate_confirmation', 'other'] as const;
export const DOCUMENT_TYPES = [...UPLOAD_DOCUMENT_TYPES, 'load_document'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const DOCUMENT_VISIBILITIES = ['dispatcher', 'sales', 'driver', 'carrier'] as const;
export type DocumentVisibility = (typeof DOCUMENT_VISIBILITIES)[number];

export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  invoice: 'Invoice',
  bol: 'BOL',
  pod: 'POD',
  contract: 'Contract',
  insurance: 'Insurance',
  rate_confirmation: 'Rate Confirmation',
  other: 'Other',
  load_document: 'Load Document',
};

export const DOCUMENT_VISIBILITY_LABELS: Record<DocumentVisibility, string> = {
  dispatcher: 'Dispatcher',
  sales: 'Sales',
  driver: 'Driver',
  carrier: 'Carrier',
};

/** The spec's accepted types, by extension; the content is checked by its magic bytes too. */
export const ALLOWED_EXTENSIONS = ['pdf', 'doc', 'docx', 'jpg', 'jpeg', 'png'] as const;
/** The file input's accept attribute. */
export const UPLOAD_ACCEPT = ALLOWED_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/** A display name longer than this is cut (keeping its extension). */
export const FILE_NAME_MAX = 255;
/** Signed download links live this long (the spec's 3600 seconds). */
export const SIGNED_LINK_SECONDS = 3600;

/** The spec's texts. */
export const DOCUMENT_TEXTS = {
  selectFile: 'Please select a file',
  uploaded: 'Document Uploaded',
  uploadFailed: 'Failed to upload document',
  linkFailed: 'Could not generate document URL',
  companyMissing: 'Company ID not found',
  deleted: 'Document deleted successfully',
  extracted: 'Data Extracted',
  extractionFailed: 'Extraction Failed',
} as const;

/** The spec's confirmation, naming the file. */
export const confirmDeleteText = (fileName: string) =>
  `Are you sure you want to delete this document (${fileName})? This action cannot be undone.`;

/** The form fields sent with an upload (multipart fields, before the file). */
export const documentUploadFields = z.object({
  documentType: z.enum(DOCUMENT_TYPES, { error: 'Document type is invalid' }).default('other'),
  visibility: z.enum(DOCUMENT_VISIBILITIES, { error: 'Visibility is invalid' }).default('dispatcher'),
  loadId: optionalId('Load'),
  driverId: optionalId('Driver'),
  carrierId: optionalId('Carrier'),
});
export type DocumentUploadFields = z.input<typeof documentUploadFields>;

export const DOCUMENT_TYPE_FILTERS = ['all', ...DOCUMENT_TYPES] as const;
export type DocumentTypeFilter = (typeof DOCUMENT_TYPE_FILTERS)[number];
export const DOCUMENT_SEARCH_MAX = 100;

export const documentListInput = pageInput.extend({
  search: z.string().trim().max(DOCUMENT_SEARCH_MAX, `Search must be at most ${DOCUMENT_SEARCH_MAX} characters`).default(''),
  documentType: z.enum(DOCUMENT_TYPE_FILTERS, { error: 'Document type is invalid' }).default('all'),
  loadId: optionalId('Load'),
});
export type DocumentListInput = z.input<typeof documentListInput>;

export const documentListItem = z.object({
  id: z.uuid(),
  fileName: z.string(),
  fileSize: z.number().int().nonnegative(),
  contentType: z.string(),
  documentType: z.enum(DOCUMENT_TYPES),
  visibility: z.enum(DOCUMENT_VISIBILITIES),
  loadId: z.uuid().nullable(),
  loadNumber: z.string().nullable(),
  driverId: z.uuid().nullable(),
  carrierId: z.uuid().nullable(),
  uploadedBy: z.uuid().nullable(),
  createdAt: timestamp,
});
export type DocumentListItem = z.infer<typeof documentListItem>;
export const documentListOutput = pageOutput(documentListItem);

/** A load's documents: newest first, paged, and how many the user may see. */
export const loadDocumentsInput = pageInput.extend({ loadId: z.uuid('Invalid id') });
export const loadDocumentsOutput = pageOutput(documentListItem).extend({ total: z.number().int().nonnegative() });

export const documentIdInput = recordId;
export const documentDeleteOutput = deleteOutput;
export const documentLinkOutput = z.object({ url: z.string(), expiresAt: timestamp });

/** What the upload route answers. */
export const documentUploadOutput = documentListItem;

/** Proof-of-delivery data (the spec's extract-pod-data result fields). */
export const POD_CONDITIONS = ['good', 'other'] as const;
export const POD_LIMITS = { recipientName: 200, location: 300, notes: 2000 } as const;

/** One proposed field: the value read, the text it was read from, and how sure the reading is (0..1). */
export interface PodField<Value> {
  value: Value | null;
  source: string | null;
  confidence: number;
}

const podField = <Value extends z.ZodType>(value: Value) =>
  z.object({ value: value.nullable(), source: z.string().nullable(), confidence: z.number().min(0).max(1) });

/** What "Extract Data" proposes: nothing is stored until a person confirms it. */
export const podProposal = z.object({
  deliveryDate: podField(z.string()),
  deliveryTime: podField(z.string()),
  recipientName: podField(z.string()),
  recipientSignature: podField(z.boolean()),
  location: podField(z.string()),
  condition: podField(z.enum(POD_CONDITIONS)),
  notes: podField(z.string()),
});
export type PodProposal = z.infer<typeof podProposal>;

/** The extraction's answer: the proposal and how the text was read. */
export const podExtraction = z.object({ method: z.enum(['pdf-text', 'ocr', 'vision']), proposal: podProposal });
export type PodExtraction = z.infer<typeof podExtraction>;

/** The reviewed values a person confirms. */
export const podConfirmInput = z.object({
  id: z.uuid('Invalid id'),
  deliveryDate: optionalDate('Delivery date'),
  deliveryTime: z
    .string()
    .trim()
    .refine((value) => value === '' || /^([01]\d|2[0-3]):[0-5]\d$/.test(value), 'Delivery time must be a time (HH:MM)')
    .nullish()
    .transform((value) => (value === '' ? null : value)),
  recipientName: optionalText('Recipient name', POD_LIMITS.recipientName),
  recipientSignature: z.boolean({ error: 'Signature must be yes or no' }),
  location: optionalText('Location', POD_LIMITS.location),
  condition: z.enum(POD_CONDITIONS, { error: 'Condition must be good or other' }),
  notes: optionalText('Notes', POD_LIMITS.notes),
});
export type PodConfirmInput = z.input<typeof podConfirmInput>;

/** Confirmed POD data, with who confirmed it and when. */
export const podData = z.object({
  documentId: z.uuid(),
  deliveryDate: z.string().nullable(),
  deliveryTime: z.string().nullable(),
  recipientName: z.string().nullable(),
  recipientSignature: z.boolean(),
  location: z.string().nullable(),
  condition: z.enum(POD_CONDITIONS),
  notes: z.string().nullable(),
  confirmedBy: z.uuid().nullable(),
  confirmedByName: z.string().nullable(),
  confirmedAt: timestamp,
});
export type PodData = z.infer<typeof podData>;

/** The spec's size units: Bytes, KB, MB, GB (1024 each). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} Bytes`;
  const units = ['KB', 'MB', 'GB'] as const;
  let value = bytes / 1024;
  let unit: (typeof units)[number] = 'KB';
  for (const next of units.slice(1)) {
    if (value < 1024) break;
    value /= 1024;
    unit = next;
  }
  return `${Number(value.toFixed(2))} ${unit}`;
}
