import { z } from 'zod';
import type { StaffRole } from '../constants.js';
import {
  deleteOutput,
  listCursor,
  optionalDate,
  optionalEmail,
  optionalPhone,
  optionalReference,
  optionalText,
  recordId,
  requiredText,
  timestamp,
} from './people-fields.js';

export const DRIVER_STATUSES = ['available', 'on_route', 'off_duty'] as const;
export type DriverStatus = (typeof DRIVER_STATUSES)[number];

/** docs/permissions.md: who reads drivers (sales only their own), and who adds, edits and deletes them. */
export const DRIVER_READERS = ['admin', 'dispatcher', 'sales', 'treasury'] as const satisfies readonly StaffRole[];
export const DRIVER_WRITERS = ['admin', 'dispatcher', 'sales'] as const satisfies readonly StaffRole[];

export const DRIVER_LIMITS = { name: 100, licenseNumber: 50, notes: 2000 } as const;

const driverFields = {
  first_name: requiredText('First name', DRIVER_LIMITS.name),
  last_name: requiredText('Last name', DRIVER_LIMITS.name),
  email: optionalEmail(),
  phone: optionalPhone(),
  license_number: optionalText('License number', DRIVER_LIMITS.licenseNumber),
  license_expiry: optionalDate('License expiry'),
  status: z.enum(DRIVER_STATUSES, { error: 'Invalid status' }),
  notes: optionalText('Notes', DRIVER_LIMITS.notes),
  carrier_id: optionalReference('Invalid carrier'),
};

/** The Add Driver form: first and last name required; an empty license expiry or carrier becomes null. */
export const createDriverInput = z.object({ ...driverFields, status: driverFields.status.default('available') });
export type CreateDriverInput = z.input<typeof createDriverInput>;

/** Edit: the fields given change, the rest stay; an empty optional field clears it. */
export const updateDriverInput = recordId.extend(z.object(driverFields).partial().shape);
export type UpdateDriverInput = z.input<typeof updateDriverInput>;

export const driverOutput = z.object({
  id: z.uuid(),
  company_id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  license_number: z.string().nullable(),
  license_expiry: z.string().nullable(),
  status: z.enum(DRIVER_STATUSES),
  notes: z.string().nullable(),
  carrier_id: z.uuid().nullable(),
  sales_agent_id: z.uuid().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Driver = z.infer<typeof driverOutput>;

export const driverListOutput = z.object({ items: z.array(driverOutput), next_cursor: listCursor.nullable() });
export type DriverList = z.infer<typeof driverListOutput>;

/** The last known position, or nulls when the driver has never shared one. */
export const driverLocationOutput = z.object({
  id: z.uuid(),
  name: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  last_location_update: timestamp.nullable(),
});
export type DriverLocation = z.infer<typeof driverLocationOutput>;

export const deleteDriverOutput = deleteOutput;

export const driverName = (driver: Pick<Driver, 'first_name' | 'last_name'>) => `${driver.first_name} ${driver.last_name}`;
