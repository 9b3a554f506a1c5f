import { z } from 'zod';
import { timestamp } from './fields.js';
import { PAGE_SIZE, pageInput, pageOutput } from './pagination.js';

/** The spec's audit entity types and actions (section 9), plus carriers (issue 24: their sales agent) and the data export's (docs/dashboards.md). */
export const AUDIT_ENTITY_TYPES = [
  'loads',
  'invoices',
  'documents',
  'drivers',
  'brokers',
  'carriers',
  'export',
  // Issue 31: equipment.
  'trucks',
  'trailers',
  'truck_assignments',
  // Issue 31: IFTA.
  'fuel_purchases',
  'ifta_tax_rates',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

export const AUDIT_ACTIONS = ['created', 'updated', 'deleted', 'exported'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The spec's page size: the 100 most recent entries (the screen asks for this many a page). */
export const AUDIT_PAGE_SIZE = PAGE_SIZE.max;
export const AUDIT_SEARCH_MAX = 200;

/**
 * Filters, applied on the server: an entity type, an action and free text. The text matches
 * (case-insensitively, anywhere) the entity type, the action, the acting user's first or last
 * name (or "System" when no user acted) and the changed fields with their old and new values.
 */
export const auditListInput = pageInput
  .extend({
    /** The spec's page size, rather than the contract's default. */
    limit: pageInput.shape.limit.unwrap().default(AUDIT_PAGE_SIZE),
    entityType: z.enum(AUDIT_ENTITY_TYPES, 'Choose one of the entity types').optional(),
    action: z.enum(AUDIT_ACTIONS, 'Choose one of the actions').optional(),
    search: z
      .string({ error: 'Search must be text' })
      .trim()
      .max(AUDIT_SEARCH_MAX, `Search must be at most ${AUDIT_SEARCH_MAX} characters`)
      .optional()
      .transform((value) => (value ? value : undefined)),
  })
  .prefault({});
export type AuditListInput = z.input<typeof auditListInput>;

/** One changed field: its value before and after (JSON values as stored). */
export const auditFieldChange = z.object({ old: z.json(), new: z.json() });
export type AuditFieldChange = z.infer<typeof auditFieldChange>;

export const auditEntry = z.object({
  id: z.uuid(),
  entityType: z.enum(AUDIT_ENTITY_TYPES),
  entityId: z.uuid(),
  action: z.enum(AUDIT_ACTIONS),
  createdAt: timestamp,
  /** null: no user acted (System). */
  userId: z.uuid().nullable(),
  /** The acting user's names from their profile; null when there is none to show. */
  userFirstName: z.string().nullable(),
  userLastName: z.string().nullable(),
  /** The API key the change was made with (its name): "by API key 'Samsara sync'"; null when made in the app. */
  apiKeyName: z.string().nullable(),
  companyId: z.uuid(),
  companyName: z.string(),
  /** changes.changed_fields: {field: {old, new}}; null when the entry names none. */
  changedFields: z.record(z.string(), auditFieldChange).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditListOutput = pageOutput(auditEntry).extend({
  /** How many entries match the filters in all ("Showing X of Y logs"). */
  total: z.number().int().nonnegative(),
});
export type AuditListOutput = z.infer<typeof auditListOutput>;
