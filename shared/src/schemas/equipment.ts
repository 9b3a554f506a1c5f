import { z } from 'zod';
import { deleteOutput, optionalText, recordId, requiredText, timestamp } from './fields.js';
import { pageInput, pageOutput } from './pagination.js';

/**
 * Trucks and trailers (issue 31, item 1; migrations/2026-11-29T0520_equipment.ts): the records,
 * a driver's assignment to a truck with dates, and what the load form offers.
 */

export const EQUIPMENT_STATUSES = ['active', 'inactive'] as const;
export type EquipmentStatus = (typeof EQUIPMENT_STATUSES)[number];

export const TRAILER_TYPES = ['dry_van', 'reefer', 'flatbed', 'step_deck', 'tanker', 'other'] as const;
export type TrailerType = (typeof TRAILER_TYPES)[number];
export const TRAILER_TYPE_LABELS: Record<TrailerType, string> = {
  dry_van: 'Dry van',
  reefer: 'Reefer',
  flatbed: 'Flatbed',
  step_deck: 'Step deck',
  tanker: 'Tanker',
  other: 'Other',
};

export const EQUIPMENT_LIMITS = { unitNumber: 20, plate: 15, make: 50, model: 50, notes: 2000, search: 100 } as const;
export const TRUCK_YEARS = { min: 1950, max: 2100 } as const;

/** The conflict of a unit number the company already uses (trucks_company_unit_key, trailers_company_unit_key). */
export const truckUnitTaken = (unit: string) => `A truck with unit ${unit} already exists`;
export const trailerUnitTaken = (unit: string) => `A trailer with unit ${unit} already exists`;
export const TRUCK_ON_LOADS = 'This truck is on loads and cannot be deleted: set it inactive instead';
export const TRAILER_ON_LOADS = 'This trailer is on loads and cannot be deleted: set it inactive instead';

/** A VIN: 17 letters and digits, never I, O or Q (ISO 3779). */
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;
const VIN_VALUES: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/**
 * Whether a well-formed VIN's 9th character is its North American check digit. A mismatch is a
 * warning on the form, not an error: imported and older VINs do not always carry one.
 */
export function vinCheckDigitMatches(vin: string): boolean {
  if (!VIN_PATTERN.test(vin)) return false;
  const sum = [...vin].reduce((total, char, index) => {
    const value = /\d/.test(char) ? Number(char) : (VIN_VALUES[char] ?? 0);
    return total + value * (VIN_WEIGHTS[index] ?? 0);
  }, 0);
  const remainder = sum % 11;
  return vin[8] === (remainder === 10 ? 'X' : String(remainder));
}

const emptyToNull = <T>(value: T | '' | null | undefined): T | null | undefined => (value === '' ? null : value);

/** An optional VIN: trimmed, uppercased, 17 characters, no I, O or Q. */
export const optionalVin = () =>
  z
    .string({ error: 'VIN must be text' })
    .trim()
    .toUpperCase()
    .refine((value) => value === '' || value.length === 17, 'VIN must be 17 characters')
    .refine((value) => value === '' || value.length !== 17 || VIN_PATTERN.test(value), 'VIN must be letters and digits without I, O or Q')
    .nullish()
    .transform(emptyToNull);

/** An optional 2-letter state or province code, uppercased. */
const optionalRegion = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .toUpperCase()
    .refine((value) => value === '' || /^[A-Z]{2}$/.test(value), `${label} must be 2 letters`)
    .nullish()
    .transform(emptyToNull);

/** An optional model year: a whole number, or the text of one. */
const optionalYear = () =>
  z
    .union([z.number(), z.string()], { error: 'Year must be a number' })
    .nullish()
    .transform((value, context) => {
      if (value === null || value === undefined) return value;
      const text = typeof value === 'number' ? String(value) : value.trim();
      if (text === '') return null;
      const year = Number(text);
      if (!/^\d{4}$/.test(text) || year < TRUCK_YEARS.min || year > TRUCK_YEARS.max) {
        context.addIssue({ code: 'custom', message: `Year must be between ${TRUCK_YEARS.min} and ${TRUCK_YEARS.max}` });
        return z.NEVER;
      }
      return year;
    });

const unitNumber = requiredText('Unit number', EQUIPMENT_LIMITS.unitNumber);
const status = z.enum(EQUIPMENT_STATUSES, { error: 'Status must be active or inactive' });

const truckFields = {
  unitNumber,
  vin: optionalVin(),
  plate: optionalText('Plate', EQUIPMENT_LIMITS.plate),
  plateState: optionalRegion('Plate state'),
  make: optionalText('Make', EQUIPMENT_LIMITS.make),
  model: optionalText('Model', EQUIPMENT_LIMITS.model),
  year: optionalYear(),
  iftaBaseJurisdiction: optionalRegion('IFTA base jurisdiction'),
  status,
  notes: optionalText('Notes', EQUIPMENT_LIMITS.notes),
};

export const createTruckInput = z.object({ ...truckFields, status: status.default('active') });
export type CreateTruckInput = z.input<typeof createTruckInput>;
export const updateTruckInput = recordId.extend(z.object(truckFields).partial().shape);
export type UpdateTruckInput = z.input<typeof updateTruckInput>;

export const truckOutput = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  unitNumber: z.string(),
  vin: z.string().nullable(),
  plate: z.string().nullable(),
  plateState: z.string().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  year: z.number().int().nullable(),
  iftaBaseJurisdiction: z.string().nullable(),
  status: z.enum(EQUIPMENT_STATUSES),
  notes: z.string().nullable(),
  /** The driver assigned now (an assignment that has started and not ended), if any. */
  currentDriverId: z.uuid().nullable(),
  currentDriverName: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Truck = z.infer<typeof truckOutput>;

const trailerFields = {
  unitNumber,
  trailerType: z.enum(TRAILER_TYPES, { error: 'Choose a trailer type' }),
  plate: optionalText('Plate', EQUIPMENT_LIMITS.plate),
  plateState: optionalRegion('Plate state'),
  status,
  notes: optionalText('Notes', EQUIPMENT_LIMITS.notes),
};

export const createTrailerInput = z.object({
  ...trailerFields,
  trailerType: trailerFields.trailerType.default('dry_van'),
  status: status.default('active'),
});
export type CreateTrailerInput = z.input<typeof createTrailerInput>;
export const updateTrailerInput = recordId.extend(z.object(trailerFields).partial().shape);
export type UpdateTrailerInput = z.input<typeof updateTrailerInput>;

export const trailerOutput = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  unitNumber: z.string(),
  trailerType: z.enum(TRAILER_TYPES),
  plate: z.string().nullable(),
  plateState: z.string().nullable(),
  status: z.enum(EQUIPMENT_STATUSES),
  notes: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Trailer = z.infer<typeof trailerOutput>;

/** The lists' sorts: newest first (the default), or by unit number. */
export const EQUIPMENT_SORTS = ['newest', 'unit'] as const;
export type EquipmentSort = (typeof EQUIPMENT_SORTS)[number];

const search = z
  .string({ error: 'Search must be text' })
  .trim()
  .max(EQUIPMENT_LIMITS.search, `Search must be at most ${EQUIPMENT_LIMITS.search} characters`)
  .optional()
  .transform((value) => (value ? value : undefined));

/** The Trucks and Trailers screens' list: search (unit, VIN, plate, make, model), status, sort, keyset pages. */
export const equipmentListInput = pageInput
  .extend({
    search,
    status: z.enum(EQUIPMENT_STATUSES, { error: 'Status must be active or inactive' }).optional(),
    sort: z.enum(EQUIPMENT_SORTS, { error: 'Invalid sort' }).default('newest'),
    sortDirection: z.enum(['asc', 'desc'], { error: 'Invalid sort direction' }).optional(),
  })
  .prefault({});
export type EquipmentListInput = z.input<typeof equipmentListInput>;
export type EquipmentListRequest = z.output<typeof equipmentListInput>;

export const truckListOutput = pageOutput(truckOutput);
export const trailerListOutput = pageOutput(trailerOutput);
export { deleteOutput as equipmentDeleteOutput };

/** A driver's time in a truck. */
export const assignDriverInput = z.object({
  truckId: z.uuid('Truck is invalid'),
  driverId: z.uuid('Driver is invalid'),
  startsAt: z.iso.datetime({ offset: true, error: 'Start must be a valid date and time' }),
});
export type AssignDriverInput = z.input<typeof assignDriverInput>;

export const endAssignmentInput = z.object({
  id: z.uuid('Invalid id'),
  endsAt: z.iso.datetime({ offset: true, error: 'End must be a valid date and time' }).optional(),
});
export type EndAssignmentInput = z.input<typeof endAssignmentInput>;

export const TRUCK_ASSIGNMENTS_MAX = 100;
export const truckAssignmentsInput = z.object({ truckId: z.uuid('Truck is invalid') });

export const truckAssignmentOutput = z.object({
  id: z.uuid(),
  truckId: z.uuid(),
  driverId: z.uuid(),
  driverName: z.string(),
  startsAt: timestamp,
  endsAt: timestamp.nullable(),
});
export type TruckAssignment = z.infer<typeof truckAssignmentOutput>;
export const truckAssignmentsOutput = z.object({ items: z.array(truckAssignmentOutput).max(TRUCK_ASSIGNMENTS_MAX) });

export const ASSIGNMENT_TRUCK_TAKEN = 'The truck has another driver in that time';
export const ASSIGNMENT_DRIVER_TAKEN = 'The driver has another truck in that time';
