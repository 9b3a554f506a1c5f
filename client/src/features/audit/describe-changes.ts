import type { AuditAction, AuditEntityType, AuditEntry } from '#shared/schemas/audit.js';
import { DOCUMENT_TYPE_LABELS, DOCUMENT_VISIBILITY_LABELS, formatFileSize } from '#shared/schemas/documents.js';
import { EXPORT_CATEGORY_LABELS } from '#shared/schemas/export.js';
import { statusLabel } from '../../components/StatusBadge';
import { formatDate, formatDateAtTime, formatMoney, formatNumber } from '../../lib/format';

/**
 * An audit entry's changes in words people read (issue 27, item 9): "Status: Assigned → In transit",
 * "Rate: $1,800.00 → $1,950.00", "Driver: — → Alicia Moreno", one line per changed field.
 *
 * What the server stores (audit_logs.changes, handed to the client as `changedFields`):
 * - the audit_row trigger (loads, drivers, brokers, carriers, invoices, documents): the row's
 *   columns by their snake_case names, each `{old, new}` as to_jsonb writes them (numeric as JSON
 *   numbers, dates "2027-03-05", timestamps ISO text, ids uuids); a creation holds only the fields
 *   set (old null), a deletion only the fields that were set (new null), bookkeeping columns left out;
 * - the tracking links' trigger: a load's `updated` entry with `tracking_link` from null to
 *   `{id, expires_at, created_by}` (created) or back to null (revoked);
 * - the data export (entity `export`, action `exported`): `format`, `categories`, `rows` (per
 *   category), `skipped`, `failed`, each with old null.
 * A field or value this module does not know is shown by its humanised name and its JSON.
 */

type Json = unknown;
type Changes = NonNullable<AuditEntry['changedFields']>;

/** One line: its label ("Rate") and what happened to it ("$1,800.00 → $1,950.00"). */
export interface ChangeLine {
  field: string;
  label: string;
  text: string;
}

export interface ChangeDescription {
  /** A created, deleted or exported entry's headline ("Created load LOAD-123"); null for an update. */
  summary: string | null;
  lines: ChangeLine[];
  /** Fields left out of a creation's or deletion's key fields (they are in the raw changes). */
  more: number;
}

/** "Status: Assigned → In transit" */
export const lineText = (line: ChangeLine): string => `${line.label}: ${line.text}`;

const EMPTY = '—';
const ARROW = '→';

type Kind =
  | 'text'
  | 'money'
  | 'date'
  | 'timestamp'
  | 'status'
  | 'boolean'
  | 'percent'
  | 'weight'
  | 'distance'
  | 'fileSize'
  | 'documentType'
  | 'visibility'
  | 'exportFormat'
  | 'exportCategories'
  | 'exportRows'
  | 'reference';

interface Field {
  label: string;
  kind?: Kind;
}

/** The columns the audited tables hold (server/src/db/schema.ts), by their stored names. */
const FIELDS: Record<string, Field> = {
  // Loads
  load_number: { label: 'Load number' },
  reference_number: { label: 'Reference number' },
  pickup_location: { label: 'Pickup address' },
  pickup_city: { label: 'Pickup city' },
  pickup_state: { label: 'Pickup state' },
  pickup_date: { label: 'Pickup date', kind: 'date' },
  pickup_notes: { label: 'Pickup notes' },
  delivery_location: { label: 'Delivery address' },
  delivery_city: { label: 'Delivery city' },
  delivery_state: { label: 'Delivery state' },
  delivery_date: { label: 'Delivery date', kind: 'date' },
  delivery_notes: { label: 'Delivery notes' },
  commodity: { label: 'Commodity' },
  weight: { label: 'Weight', kind: 'weight' },
  distance: { label: 'Distance', kind: 'distance' },
  rate: { label: 'Rate', kind: 'money' },
  driver_id: { label: 'Driver', kind: 'reference' },
  broker_id: { label: 'Broker', kind: 'reference' },
  carrier_id: { label: 'Carrier', kind: 'reference' },
  driver_name: { label: 'Driver' },
  broker_name: { label: 'Broker' },
  carrier_name: { label: 'Carrier' },
  created_by: { label: 'Created by', kind: 'reference' },
  sales_user_id: { label: 'Sales agent', kind: 'reference' },
  sales_percentage: { label: 'Sales percentage', kind: 'percent' },
  factoring: { label: 'Factoring', kind: 'boolean' },
  status: { label: 'Status', kind: 'status' },
  notes: { label: 'Notes' },
  tracking_link: { label: 'Tracking link' },
  // Drivers
  first_name: { label: 'First name' },
  last_name: { label: 'Last name' },
  email: { label: 'Email' },
  phone: { label: 'Phone' },
  license_number: { label: 'License number' },
  license_expiry: { label: 'License expiry', kind: 'date' },
  user_id: { label: 'Portal account', kind: 'reference' },
  dispatcher_id: { label: 'Dispatcher', kind: 'reference' },
  sales_agent_id: { label: 'Sales agent', kind: 'reference' },
  gps_consent: { label: 'GPS consent', kind: 'boolean' },
  // Brokers and carriers
  name: { label: 'Name' },
  company_name: { label: 'Company name' },
  address: { label: 'Address' },
  payment_terms: { label: 'Payment terms' },
  mc_number: { label: 'MC number' },
  dot_number: { label: 'DOT number' },
  insurance_expiry: { label: 'Insurance expiry', kind: 'date' },
  contract_signed: { label: 'Contract signed', kind: 'boolean' },
  // Invoices
  invoice_number: { label: 'Invoice number' },
  load_id: { label: 'Load', kind: 'reference' },
  invoice_date: { label: 'Invoice date', kind: 'date' },
  due_date: { label: 'Due date', kind: 'date' },
  amount: { label: 'Amount', kind: 'money' },
  sent_at: { label: 'Sent', kind: 'timestamp' },
  paid_at: { label: 'Paid', kind: 'timestamp' },
  voided_at: { label: 'Voided', kind: 'timestamp' },
  airwallex_payment_link: { label: 'Payment link' },
  payment_link_id: { label: 'Payment link ID' },
  // Documents
  file_name: { label: 'File name' },
  file_path: { label: 'File path' },
  file_size: { label: 'File size', kind: 'fileSize' },
  content_type: { label: 'File type' },
  document_type: { label: 'Document type', kind: 'documentType' },
  visibility: { label: 'Visible to', kind: 'visibility' },
  uploaded_by: { label: 'Uploaded by', kind: 'reference' },
  // The data export
  format: { label: 'Format', kind: 'exportFormat' },
  categories: { label: 'Categories', kind: 'exportCategories' },
  rows: { label: 'Rows', kind: 'exportRows' },
  skipped: { label: 'Skipped', kind: 'exportCategories' },
  failed: { label: 'Failed' },
};

/** A reference whose name the same row keeps (loads: driver_id and driver_name): the name says it. */
const NAMED_BY: Record<string, string> = {
  driver_id: 'driver_name',
  broker_id: 'broker_name',
  carrier_id: 'carrier_name',
  truck_id: 'truck_unit',
  trailer_id: 'trailer_unit',
};

/** What each entity is called in a headline, and the fields that name one. */
const ENTITY_NOUNS: Record<AuditEntityType, string> = {
  loads: 'load',
  invoices: 'invoice',
  documents: 'document',
  drivers: 'driver',
  brokers: 'broker',
  carriers: 'carrier',
  export: 'export',
  trucks: 'truck',
  trailers: 'trailer',
  truck_assignments: 'truck assignment',
  fuel_purchases: 'fuel purchase',
  ifta_tax_rates: 'IFTA tax rate',
};
const ENTITY_NAMES: Partial<Record<AuditEntityType, readonly string[]>> = {
  loads: ['load_number'],
  invoices: ['invoice_number'],
  documents: ['file_name'],
  drivers: ['first_name', 'last_name'],
  brokers: ['name'],
  carriers: ['name'],
  trucks: ['unit_number'],
  trailers: ['unit_number'],
};

/** The fields a creation or a deletion lists (in this order); the rest stay in the raw changes. */
const KEY_FIELDS: Partial<Record<AuditEntityType, readonly string[]>> = {
  loads: ['status', 'pickup', 'pickup_date', 'delivery', 'delivery_date', 'rate', 'driver_name', 'broker_name', 'carrier_name'],
  invoices: ['status', 'amount', 'invoice_date', 'due_date'],
  documents: ['document_type', 'visibility', 'file_size'],
  drivers: ['status', 'email', 'phone'],
  brokers: ['company_name', 'email', 'phone'],
  carriers: ['mc_number', 'dot_number', 'email', 'phone'],
};

/** A load's lane end in a creation or deletion: "Oakland, CA" from its city and state. */
const PLACES: Record<string, { label: string; parts: readonly string[] }> = {
  pickup: { label: 'Pickup', parts: ['pickup_city', 'pickup_state'] },
  delivery: { label: 'Delivery', parts: ['delivery_city', 'delivery_state'] },
};

/** "pickup_date" → "Pickup date", "paymentLinkId" → "Payment link id". */
export function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key;
}

const isEmpty = (value: Json): boolean => value === null || value === undefined || value === '';

/** A value we do not know how to say: text as it is, anything else as its JSON. */
function raw(value: Json): string {
  if (isEmpty(value)) return EMPTY;
  if (typeof value === 'string') return value;
  return JSON.stringify(value) ?? String(value);
}

const isNumeric = (value: Json): value is string | number =>
  (typeof value === 'number' && Number.isFinite(value)) ||
  (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)));

function labelFrom(labels: Record<string, string>, value: Json): string {
  return typeof value === 'string' ? (labels[value] ?? raw(value)) : raw(value);
}

function categoryList(value: Json): string {
  if (!Array.isArray(value)) return raw(value);
  if (value.length === 0) return 'None';
  return value.map((category) => labelFrom(EXPORT_CATEGORY_LABELS, category)).join(', ');
}

function rowCounts(value: Json): string {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return raw(value);
  const counts = Object.entries(value as Record<string, Json>).map(
    ([category, count]) => `${labelFrom(EXPORT_CATEGORY_LABELS, category)} ${isNumeric(count) ? formatNumber(count) : raw(count)}`,
  );
  return counts.length ? counts.join(', ') : 'None';
}

/** One value as people read it; anything not of the field's kind falls back to its JSON. */
export function formatValue(kind: Kind | undefined, value: Json): string {
  if (isEmpty(value)) return EMPTY;
  switch (kind) {
    case 'money':
      return isNumeric(value) ? formatMoney(value) : raw(value);
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? formatDate(value) : raw(value);
    case 'timestamp':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? formatDateAtTime(value) : raw(value);
    case 'status':
      return typeof value === 'string' ? statusLabel(value) : raw(value);
    case 'boolean':
      return typeof value === 'boolean' ? (value ? 'Yes' : 'No') : raw(value);
    case 'percent':
      return isNumeric(value) ? `${formatNumber(value)}%` : raw(value);
    case 'weight':
      return isNumeric(value) ? formatNumber(value, 'lbs') : raw(value);
    case 'distance':
      return isNumeric(value) ? formatNumber(value, 'mi') : raw(value);
    case 'fileSize':
      return isNumeric(value) ? formatFileSize(Number(value)) : raw(value);
    case 'documentType':
      return labelFrom(DOCUMENT_TYPE_LABELS, value);
    case 'visibility':
      return labelFrom(DOCUMENT_VISIBILITY_LABELS, value);
    case 'exportFormat':
      return typeof value === 'string' ? value.toUpperCase() : raw(value);
    case 'exportCategories':
      return categoryList(value);
    case 'exportRows':
      return rowCounts(value);
    case 'reference':
      // An id says nothing to a reader; the raw changes keep it.
      return 'Set';
    default:
      return raw(value);
  }
}

/** A reference's change, without the ids: assigned, removed or changed. */
function referenceChange(before: Json, after: Json): string {
  if (isEmpty(before)) return 'Assigned';
  if (isEmpty(after)) return 'Removed';
  return 'Changed';
}

/** The tracking links' entries on a load: created (with its expiry) or revoked. */
function trackingLinkChange(before: Json, after: Json): string {
  const expiry = (link: Json) =>
    link && typeof link === 'object' && !Array.isArray(link)
      ? ((link as Record<string, Json>).expiresAt ?? (link as Record<string, Json>).expires_at)
      : undefined;
  if (isEmpty(before) && !isEmpty(after)) {
    const expires = expiry(after);
    return typeof expires === 'string' ? `Created, expires ${formatValue('timestamp', expires)}` : 'Created';
  }
  if (!isEmpty(before) && isEmpty(after)) return 'Revoked';
  return `${raw(before)} ${ARROW} ${raw(after)}`;
}

const fieldOf = (key: string): Field => FIELDS[key] ?? { label: humanize(key) };

const sideOf = (change: Changes[string] | undefined, action: AuditAction): Json =>
  change === undefined ? undefined : action === 'deleted' ? change.old : change.new;

/** The lines of an update: every changed field, old → new, a name standing for its reference's id. */
function updateLines(changes: Changes): ChangeLine[] {
  const lines: ChangeLine[] = [];
  for (const [key, change] of Object.entries(changes)) {
    const nameKey = NAMED_BY[key];
    if (nameKey && nameKey in changes) continue;
    const field = fieldOf(key);
    let text: string;
    if (key === 'tracking_link') text = trackingLinkChange(change.old, change.new);
    else if (field.kind === 'reference') text = referenceChange(change.old, change.new);
    else text = `${formatValue(field.kind, change.old)} ${ARROW} ${formatValue(field.kind, change.new)}`;
    lines.push({ field: key, label: field.label, text });
  }
  return lines;
}

/** The one side of a creation (new) or deletion (old): the entity's name and its key fields. */
function snapshot(entityType: AuditEntityType, action: 'created' | 'deleted', changes: Changes): ChangeDescription {
  const value = (key: string) => sideOf(changes[key], action);
  const verb = action === 'created' ? 'Created' : 'Deleted';
  const nameFields = ENTITY_NAMES[entityType] ?? [];
  const name = nameFields
    .map((key) => value(key))
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join(' ');
  const summary = `${verb} ${ENTITY_NOUNS[entityType] ?? humanize(entityType).toLowerCase()}${name ? ` ${name}` : ''}`;

  const shown = new Set<string>(nameFields);
  const lines: ChangeLine[] = [];
  const keyFields = KEY_FIELDS[entityType];
  if (keyFields) {
    for (const key of keyFields) {
      const place = PLACES[key];
      if (place) {
        const parts = place.parts.map((part) => value(part)).filter((part) => !isEmpty(part));
        place.parts.forEach((part) => shown.add(part));
        if (parts.length) lines.push({ field: key, label: place.label, text: parts.map(raw).join(', ') });
        continue;
      }
      shown.add(key);
      const idKey = Object.keys(NAMED_BY).find((id) => NAMED_BY[id] === key);
      if (idKey) shown.add(idKey);
      const current = value(key);
      if (isEmpty(current)) continue;
      lines.push({ field: key, label: fieldOf(key).label, text: formatValue(fieldOf(key).kind, current) });
    }
  } else {
    // An entity without key fields: every field it names, as it is.
    for (const key of Object.keys(changes)) {
      if (shown.has(key)) continue;
      shown.add(key);
      const current = value(key);
      if (isEmpty(current)) continue;
      const field = fieldOf(key);
      lines.push({ field: key, label: field.label, text: field.kind === 'reference' ? 'Set' : formatValue(field.kind, current) });
    }
  }
  const more = Object.keys(changes).filter((key) => !shown.has(key) && !isEmpty(value(key))).length;
  return { summary, lines, more };
}

/** An export's entry: its format as the headline, then the categories, the rows of each, what was skipped or why it failed. */
function exportDescription(changes: Changes): ChangeDescription {
  const format = changes.format?.new;
  const summary = typeof format === 'string' ? `Exported data as ${format.toUpperCase()}` : 'Exported data';
  const lines = Object.entries(changes)
    .filter(([key, change]) => key !== 'format' && !isEmpty(change.new))
    .map(([key, change]) => {
      const field = fieldOf(key);
      return { field: key, label: field.label, text: formatValue(field.kind, change.new) };
    });
  return { summary, lines, more: 0 };
}

/** A column's stored name: the data layer answers the fields camel-cased (driverId), the database keeps driver_id. */
const storedName = (key: string): string => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

function storedNames(changes: Changes): Changes {
  return Object.fromEntries(Object.entries(changes).map(([key, change]) => [storedName(key), change]));
}

/** An audit entry's changes in words: a headline for a creation, deletion or export, and one line per field. */
export function describeChanges(entry: Pick<AuditEntry, 'entityType' | 'action' | 'changedFields'>): ChangeDescription {
  const changes = storedNames(entry.changedFields ?? {});
  switch (entry.action) {
    case 'created':
    case 'deleted':
      return snapshot(entry.entityType, entry.action, changes);
    case 'exported':
      return exportDescription(changes);
    default:
      return { summary: null, lines: updateLines(changes), more: 0 };
  }
}
