import { z } from 'zod';
import { IMPORT_ENTITIES } from '../import-entities.js';
import { pageOutput } from './pagination.js';

/**
 * CSV import (issue 28, item 4): the wire of the Import screen and of POST /api/imports.
 * Steps: upload (the plain route: the file and its entity), preview (the mapping guessed from the
 * headers, or the one chosen, and the first rows checked by the create forms' own schemas), run
 * (the job), then the import's progress and summary (get), and the failed rows' file.
 */
export { IMPORT_ENTITIES, IMPORT_ENTITY_LABELS, isImportEntity, type ImportEntity } from '../import-entities.js';

export const IMPORT_STATUSES = ['uploaded', 'queued', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const IMPORT_PATH = '/api/imports';

export const IMPORT_LIMITS = {
  /** The largest CSV accepted by the upload route. */
  maxBytes: 50 * 1024 * 1024,
  /** Rows checked and shown by the preview. */
  previewRows: 20,
  /** Columns a file may have. */
  columns: 200,
  /** A field name of the mapping. */
  fieldName: 50,
} as const;

export const IMPORT_TEXTS = {
  selectFile: 'Select a CSV file to import',
  notCsv: 'The file must be a CSV file (.csv or .txt, text)',
  uploadFailed: 'The file could not be uploaded. Try again.',
  noHeader: 'The file has no header line',
  alreadyStarted: 'This import has already been started',
  fileGone: 'The uploaded file is no longer available: upload it again',
  linkFailed: 'The file is not available right now. Try again.',
} as const;

export const importEntityField = z.enum(IMPORT_ENTITIES, { error: 'Choose what to import: loads, drivers, brokers or carriers' });

/** The upload's fields (multipart, before the file). */
export const importUploadFields = z.object({ entity: importEntityField });

/** One field name per column of the file, in order; '' leaves the column out. */
export const importMapping = z
  .array(z.string({ error: 'Mapping is invalid' }).max(IMPORT_LIMITS.fieldName, 'Mapping is invalid'), { error: 'Mapping is invalid' })
  .max(IMPORT_LIMITS.columns, `A file has at most ${IMPORT_LIMITS.columns} columns`);
export type ImportMapping = z.infer<typeof importMapping>;

export const importIdInput = z.object({ id: z.uuid('Import is invalid') });

/** Preview: the mapping chosen (left out: guessed from the headers). */
export const previewImportInput = importIdInput.extend({ mapping: importMapping.optional() });
export const runImportInput = importIdInput.extend({ mapping: importMapping });

export const importFieldOutput = z.object({ name: z.string(), label: z.string(), required: z.boolean() });
export type ImportField = z.infer<typeof importFieldOutput>;

export const importRowError = z.object({ field: z.string(), label: z.string(), message: z.string() });
export type ImportRowError = z.infer<typeof importRowError>;

export const importPreviewOutput = z.object({
  entity: importEntityField,
  headers: z.array(z.string()),
  mapping: importMapping,
  fields: z.array(importFieldOutput),
  /** Required fields no column is mapped to (the import cannot start). */
  missing: z.array(z.string()),
  /** The first rows: their line in the file (the header is line 1), values as read, errors by field. */
  rows: z.array(z.object({ line: z.number().int(), values: z.array(z.string()), errors: z.array(importRowError) })),
});
export type ImportPreview = z.infer<typeof importPreviewOutput>;

export const importOutput = z.object({
  id: z.uuid(),
  entity: importEntityField,
  status: z.enum(IMPORT_STATUSES),
  fileName: z.string(),
  fileSize: z.number(),
  bytesRead: z.number(),
  /** 0 to 100: bytes read of the file. */
  progress: z.number(),
  rowsProcessed: z.number(),
  created: z.number(),
  updated: z.number(),
  failed: z.number(),
  hasFailedRows: z.boolean(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ImportItem = z.infer<typeof importOutput>;

export const importListOutput = pageOutput(importOutput);
export const importLinkOutput = z.object({ url: z.string(), expiresAt: z.string() });
