/**
 * What a CSV import brings in (issue 28, item 4), with no zod: the Import route's search check and
 * the list screens' "Import CSV" link use it, and a route file's non-split part is in the first
 * screen's chunk, which must not pull zod (docs/architecture.md). The wire's schemas are in
 * schemas/imports.ts, which re-exports these.
 */
export const IMPORT_ENTITIES = ['loads', 'drivers', 'brokers', 'carriers'] as const;
export type ImportEntity = (typeof IMPORT_ENTITIES)[number];
export const IMPORT_ENTITY_LABELS: Record<ImportEntity, string> = {
  loads: 'Loads',
  drivers: 'Drivers',
  brokers: 'Brokers',
  carriers: 'Carriers',
};

export const isImportEntity = (value: unknown): value is ImportEntity => (IMPORT_ENTITIES as readonly unknown[]).includes(value);
