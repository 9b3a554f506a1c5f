import { z } from 'zod';

/** The spec's export categories, in the Export card's order. */
export const EXPORT_CATEGORIES = ['loads', 'drivers', 'brokers', 'carriers', 'invoices', 'documents', 'messages', 'auditLogs'] as const;
export type ExportCategory = (typeof EXPORT_CATEGORIES)[number];

export const EXPORT_CATEGORY_LABELS: Record<ExportCategory, string> = {
  loads: 'Loads',
  drivers: 'Drivers',
  brokers: 'Brokers',
  carriers: 'Carriers',
  invoices: 'Invoices',
  documents: 'Documents (metadata)',
  messages: 'Messages',
  auditLogs: 'Audit Logs',
};

/** The spec's defaults: every category on except auditLogs; output JSON. */
export const EXPORT_DEFAULT_CATEGORIES: readonly ExportCategory[] = EXPORT_CATEGORIES.filter((category) => category !== 'auditLogs');
export const EXPORT_FORMATS = ['json', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_PATH = '/api/export';

export const exportInput = z.object({
  format: z.enum(EXPORT_FORMATS).default('json'),
  categories: z
    .array(z.enum(EXPORT_CATEGORIES, 'Unknown category'))
    .min(1, 'Choose at least one category')
    .max(EXPORT_CATEGORIES.length)
    .transform((categories) => EXPORT_CATEGORIES.filter((category) => categories.includes(category))),
});
export type ExportInput = z.input<typeof exportInput>;

export const EXPORT_TEXTS = {
  complete: 'Export Complete',
  failed: 'Export Failed',
} as const;
