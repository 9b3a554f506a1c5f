import type { z } from 'zod';
import { createBrokerInput } from '#shared/schemas/brokers.js';
import { createCarrierInput } from '#shared/schemas/carriers.js';
import { createDriverInput } from '#shared/schemas/drivers.js';
import type { ImportEntity, ImportField, ImportMapping, ImportRowError } from '#shared/schemas/imports.js';
import { createLoadInput, loadStatusSchema } from '#shared/schemas/loads.js';
import { headerKey, normalizeAmount, normalizeBoolean, normalizeChoice, normalizeDate, unguard } from './csv-reader.js';

/**
 * What each import makes, field by field: the field's name (the create form's), its label, how a
 * cell is read (text, a date, an amount, yes/no, a choice) and the headers that mean it. Every
 * rule about a value is the create form's own schema (shared/src/schemas), run on the row as the
 * form would send it: the import has no copy of any rule. A header matches a field by its
 * synonyms, its label or its own name, compared as letters and digits only, so the export's
 * snake_case headers (pickup_city) import back unchanged.
 */

type Kind = 'text' | 'date' | 'amount' | 'boolean' | 'choice';

export interface FieldSpec {
  name: string;
  label: string;
  kind: Kind;
  synonyms: readonly string[];
  /** The import needs a column for it (a natural key, or a field the form requires). */
  required?: boolean;
  /** Not a form field: read by the import itself (a name that finds a related record, a full name split in two). */
  extra?: boolean;
}

const f = (
  name: string,
  label: string,
  synonyms: readonly string[] = [],
  kind: Kind = 'text',
  more: Partial<FieldSpec> = {},
): FieldSpec => ({
  name,
  label,
  kind,
  synonyms,
  ...more,
});

const contact = [
  f('email', 'Email', ['e-mail', 'email address', 'mail']),
  f('phone', 'Phone', ['phone number', 'telephone', 'tel', 'mobile', 'cell', 'cell phone']),
  f('address', 'Address', ['street', 'street address', 'full address']),
];

export const IMPORT_FIELDS: Record<ImportEntity, readonly FieldSpec[]> = {
  loads: [
    f(
      'loadNumber',
      'Load number',
      [
        'load',
        'load #',
        'load no',
        'load num',
        'load id',
        'pro',
        'pro #',
        'pro number',
        'order #',
        'order number',
        'trip #',
        'trip number',
      ],
      'text',
      { required: true },
    ),
    f('referenceNumber', 'Reference number', ['reference', 'ref', 'ref #', 'reference #', 'po', 'po #', 'po number', 'customer reference']),
    f('pickupLocation', 'Pickup address', ['pickup location', 'origin', 'origin address', 'shipper address', 'from address', 'pu address']),
    f('pickupCity', 'Pickup city', ['origin city', 'from city', 'shipper city', 'pu city'], 'text', { required: true }),
    f('pickupState', 'Pickup state', ['origin state', 'origin st', 'from state', 'shipper state', 'pu state', 'pickup st'], 'text', {
      required: true,
    }),
    f('pickupDate', 'Pickup date', ['ship date', 'origin date', 'pu date', 'pickup'], 'date'),
    f('pickupNotes', 'Pickup notes', ['origin notes', 'shipper notes']),
    f('deliveryLocation', 'Delivery address', [
      'delivery location',
      'destination',
      'destination address',
      'consignee address',
      'drop address',
      'to address',
    ]),
    f('deliveryCity', 'Delivery city', ['destination city', 'dest city', 'consignee city', 'to city', 'drop city'], 'text', {
      required: true,
    }),
    f(
      'deliveryState',
      'Delivery state',
      ['destination state', 'dest state', 'dest st', 'consignee state', 'to state', 'drop state', 'delivery st'],
      'text',
      { required: true },
    ),
    f('deliveryDate', 'Delivery date', ['drop date', 'del date', 'due date', 'delivery'], 'date'),
    f('deliveryNotes', 'Delivery notes', ['destination notes', 'consignee notes']),
    f('commodity', 'Commodity', ['product', 'freight', 'goods', 'description']),
    f('weight', 'Weight', ['weight lbs', 'lbs', 'weight (lbs)', 'pounds'], 'amount'),
    f('distance', 'Distance', ['miles', 'mileage', 'loaded miles', 'distance (mi)'], 'amount'),
    f('rate', 'Rate', ['total rate', 'amount', 'pay', 'revenue', 'price', 'total'], 'amount'),
    f('lineHaul', 'Line haul', ['linehaul', 'line haul rate'], 'amount'),
    f('status', 'Status', ['load status'], 'choice'),
    f('equipmentType', 'Equipment', ['equipment type', 'trailer', 'trailer type'], 'choice'),
    f('temperature', 'Temperature', ['temp', 'setpoint', 'reefer temp']),
    f('factoring', 'Factoring', ['factored'], 'boolean'),
    f('notes', 'Notes', ['comments', 'remarks', 'load notes']),
    f('brokerName', 'Broker', ['broker name', 'customer', 'customer name'], 'text', { extra: true }),
    f('driverEmail', 'Driver email', ['driver e-mail'], 'text', { extra: true }),
    f('driverName', 'Driver', ['driver name', 'driver full name'], 'text', { extra: true }),
    f('carrierName', 'Carrier', ['carrier name'], 'text', { extra: true }),
  ],
  drivers: [
    f('firstName', 'First name', ['first', 'given name', 'fname'], 'text', { required: true }),
    f('lastName', 'Last name', ['last', 'surname', 'family name', 'lname'], 'text', { required: true }),
    f('fullName', 'Full name', ['name', 'driver', 'driver name'], 'text', { extra: true }),
    f('email', 'Email', ['e-mail', 'email address', 'driver email', 'mail']),
    f('phone', 'Phone', ['phone number', 'telephone', 'tel', 'mobile', 'cell', 'driver phone']),
    f('licenseNumber', 'License number', ['license', 'license #', 'cdl', 'cdl #', 'cdl number', 'licence number']),
    f('licenseExpiry', 'License expiry', ['license expiration', 'license exp', 'cdl expiry', 'cdl expiration', 'licence expiry'], 'date'),
    f('status', 'Status', ['driver status'], 'choice'),
    f('notes', 'Notes', ['comments', 'remarks']),
  ],
  brokers: [
    f('name', 'Contact name', ['contact', 'broker contact', 'name', 'contact person'], 'text', { required: true }),
    f('companyName', 'Company name', ['company', 'broker', 'broker name', 'brokerage', 'customer', 'customer name']),
    ...contact,
    f('paymentTerms', 'Payment terms', ['terms', 'pay terms', 'net terms']),
    f('notes', 'Notes', ['comments', 'remarks']),
  ],
  carriers: [
    f('name', 'Name', ['carrier', 'carrier name', 'company', 'company name', 'legal name'], 'text', { required: true }),
    f('mcNumber', 'MC number', ['mc', 'mc #', 'mc no', 'mc num', 'motor carrier number', 'docket number']),
    f('dotNumber', 'DOT number', ['dot', 'dot #', 'usdot', 'us dot', 'usdot number', 'dot no']),
    ...contact,
    f('insuranceExpiry', 'Insurance expiry', ['insurance expiration', 'insurance exp', 'coi expiry', 'coi expiration'], 'date'),
    f('notes', 'Notes', ['comments', 'remarks']),
    f('contractSigned', 'Contract signed', ['contract', 'signed', 'agreement signed'], 'boolean'),
  ],
};

/** The fields as the screen lists them. */
export function fieldsOf(entity: ImportEntity): ImportField[] {
  return IMPORT_FIELDS[entity].map(({ name, label, required }) => ({ name, label, required: required === true }));
}

/**
 * The mapping guessed from the headers: each header's field by its synonyms, label or name (the
 * first column wins a field; an unknown or empty header is left out). Drivers: a single "Name"
 * column is split into first and last name only when neither has its own column.
 */
export function guessMapping(entity: ImportEntity, headers: readonly string[]): ImportMapping {
  const byKey = new Map<string, string>();
  for (const field of IMPORT_FIELDS[entity]) {
    for (const text of [field.name, field.label, ...field.synonyms]) {
      const key = headerKey(text);
      if (key && !byKey.has(key)) byKey.set(key, field.name);
    }
  }
  const taken = new Set<string>();
  return headers.map((header) => {
    const field = byKey.get(headerKey(header));
    if (!field || taken.has(field)) return '';
    taken.add(field);
    return field;
  });
}

/** The required fields no column is mapped to (a driver's full name stands for first and last name). */
export function missingFields(entity: ImportEntity, mapping: ImportMapping): string[] {
  const mapped = new Set(mapping.filter(Boolean));
  return IMPORT_FIELDS[entity]
    .filter((field) => field.required && !mapped.has(field.name))
    .filter((field) => !(entity === 'drivers' && mapped.has('fullName') && (field.name === 'firstName' || field.name === 'lastName')))
    .map((field) => field.label);
}

/** Whether every name of the mapping is a field of the entity ('' leaves a column out). */
export const mappingIsValid = (entity: ImportEntity, mapping: ImportMapping): boolean =>
  mapping.every((name) => name === '' || IMPORT_FIELDS[entity].some((field) => field.name === name));

/** The cells of one row by field name, each read as its kind (unmapped fields are left out: "not given"). */
export function cellsOf(entity: ImportEntity, mapping: ImportMapping, values: readonly string[]): Record<string, unknown> {
  const specs = IMPORT_FIELDS[entity];
  const cells: Record<string, unknown> = {};
  mapping.forEach((name, index) => {
    if (!name) return;
    const spec = specs.find((field) => field.name === name);
    if (!spec) return;
    const raw = unguard(values[index] ?? '');
    cells[name] =
      spec.kind === 'date'
        ? normalizeDate(raw)
        : spec.kind === 'amount'
          ? normalizeAmount(raw)
          : spec.kind === 'boolean'
            ? normalizeBoolean(raw)
            : spec.kind === 'choice'
              ? normalizeChoice(raw)
              : raw;
  });
  return cells;
}

export type Validated<V> = { ok: true; values: V; extra: Record<string, string> } | { ok: false; errors: ImportRowError[] };

const labelOf = (entity: ImportEntity, field: string) => IMPORT_FIELDS[entity].find((spec) => spec.name === field)?.label ?? field;

function errorsOf(entity: ImportEntity, error: z.ZodError): ImportRowError[] {
  return error.issues.map((issue) => {
    const field = String(issue.path[0] ?? '');
    return { field, label: labelOf(entity, field), message: issue.message };
  });
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The values of one row checked by the entity's create schema, or its errors by field. */
export function validateRow(entity: ImportEntity, cells: Record<string, unknown>): Validated<Record<string, unknown>> {
  const extra: Record<string, string> = {};
  const form: Record<string, unknown> = { ...cells };
  for (const spec of IMPORT_FIELDS[entity]) {
    if (spec.extra && spec.name in form) {
      extra[spec.name] = text(form[spec.name]);
      delete form[spec.name];
    }
  }
  const errors: ImportRowError[] = [];
  switch (entity) {
    case 'loads': {
      // A sheet often has only the city and state of each end: they are then its address too.
      for (const end of ['pickup', 'delivery'] as const) {
        const location = `${end}Location`;
        const city = text(form[`${end}City`]);
        if (!text(form[location]) && city) form[location] = [city, text(form[`${end}State`])].filter(Boolean).join(', ');
      }
      let status: unknown;
      if ('status' in form) {
        const given = form.status;
        delete form.status;
        if (given !== '') {
          const parsed = loadStatusSchema.safeParse(given);
          if (parsed.success) status = parsed.data;
          else errors.push({ field: 'status', label: 'Status', message: parsed.error.issues[0]?.message ?? 'Invalid status' });
        }
      }
      if (form.equipmentType === '') form.equipmentType = null;
      const parsed = createLoadInput.safeParse(form);
      if (!parsed.success) {
        const found = errorsOf(entity, parsed.error);
        // An address made from the city: its error is the city's, named once.
        const derived = (field: string) =>
          field.endsWith('Location') && !(field in cells) && found.some((error) => error.field === field.replace('Location', 'City'));
        errors.push(...found.filter((error) => !derived(error.field)));
      }
      if (!text(cells.loadNumber)) {
        if (!errors.some((error) => error.field === 'loadNumber'))
          errors.push({ field: 'loadNumber', label: 'Load number', message: 'Load number is required' });
      }
      if (errors.length > 0 || !parsed.success) return { ok: false, errors };
      return { ok: true, values: { ...parsed.data, ...(status === undefined ? {} : { status }) }, extra };
    }
    case 'drivers': {
      const full = extra.fullName ?? '';
      if (full && !text(form.firstName) && !text(form.lastName)) {
        const [first = '', ...rest] = full.split(/\s+/);
        form.firstName = first;
        form.lastName = rest.join(' ');
      }
      if (form.status === '') delete form.status;
      const parsed = createDriverInput.safeParse(form);
      if (!parsed.success) return { ok: false, errors: errorsOf(entity, parsed.error) };
      if (!parsed.data.email && !parsed.data.phone)
        return { ok: false, errors: [{ field: 'email', label: 'Email', message: 'A driver needs an email or a phone to be imported' }] };
      return { ok: true, values: parsed.data, extra };
    }
    case 'brokers': {
      const parsed = createBrokerInput.safeParse(form);
      return parsed.success ? { ok: true, values: parsed.data, extra } : { ok: false, errors: errorsOf(entity, parsed.error) };
    }
    case 'carriers': {
      const parsed = createCarrierInput.safeParse(form);
      return parsed.success ? { ok: true, values: parsed.data, extra } : { ok: false, errors: errorsOf(entity, parsed.error) };
    }
  }
}

/**
 * The natural key a row is found by, as compared (lower case): a load's number; a driver's email,
 * else phone; a carrier's MC number, else name; a broker's name (brokers have no MC number here).
 */
export function naturalKey(entity: ImportEntity, values: Record<string, unknown>): { column: string; key: string } {
  const of = (name: string) => (typeof values[name] === 'string' ? (values[name] as string).trim().toLowerCase() : '');
  switch (entity) {
    case 'loads':
      return { column: 'loadNumber', key: String(values.loadNumber ?? '').trim() };
    case 'drivers':
      return of('email') ? { column: 'email', key: of('email') } : { column: 'phone', key: of('phone') };
    case 'carriers':
      return of('mcNumber') ? { column: 'mcNumber', key: of('mcNumber') } : { column: 'name', key: of('name') };
    case 'brokers':
      return { column: 'name', key: of('name') };
  }
}
