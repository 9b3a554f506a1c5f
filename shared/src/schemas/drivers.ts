import { z } from 'zod';
import {
  deleteOutput,
  optionalDate,
  optionalEmail,
  optionalPhone,
  optionalId,
  optionalText,
  recordId,
  requiredText,
  timestamp,
} from './fields.js';
import { pageOutput } from './pagination.js';
import { salesAgentField } from './sales-agents.js';

export const DRIVER_STATUSES = ['available', 'on_route', 'off_duty'] as const;
export type DriverStatus = (typeof DRIVER_STATUSES)[number];

export const DRIVER_LIMITS = { name: 100, licenseNumber: 50, notes: 2000 } as const;

const driverFields = {
  firstName: requiredText('First name', DRIVER_LIMITS.name),
  lastName: requiredText('Last name', DRIVER_LIMITS.name),
  email: optionalEmail(),
  phone: optionalPhone(),
  licenseNumber: optionalText('License number', DRIVER_LIMITS.licenseNumber),
  licenseExpiry: optionalDate('License expiry'),
  status: z.enum(DRIVER_STATUSES, { error: 'Invalid status' }),
  notes: optionalText('Notes', DRIVER_LIMITS.notes),
  carrierId: optionalId('Carrier'),
  /** The driver's dispatcher: a dispatcher or admin of the company (the driver portal's dispatcher card). */
  dispatcherId: optionalId('Dispatcher'),
  /** Who onboarded the driver (admins and dispatchers choose; a sales user's own driver is theirs). */
  salesAgentId: salesAgentField(),
};

/** The Add Driver form: first and last name required; an empty license expiry or carrier becomes null. */
export const createDriverInput = z.object({ ...driverFields, status: driverFields.status.default('available') });
export type CreateDriverInput = z.input<typeof createDriverInput>;

/** Edit: the fields given change, the rest stay; an empty optional field clears it. */
export const updateDriverInput = recordId.extend(z.object(driverFields).partial().shape);
export type UpdateDriverInput = z.input<typeof updateDriverInput>;

export const driverOutput = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  licenseNumber: z.string().nullable(),
  licenseExpiry: z.string().nullable(),
  status: z.enum(DRIVER_STATUSES),
  notes: z.string().nullable(),
  carrierId: z.uuid().nullable(),
  salesAgentId: z.uuid().nullable(),
  dispatcherId: z.uuid().nullable(),
  /** The dispatcher's name, when one is assigned. */
  dispatcherName: z.string().nullable(),
  /** The record is linked to an account (drivers.user_id): the person signs in to the portal. */
  hasAccount: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Driver = z.infer<typeof driverOutput>;

export const driverListOutput = pageOutput(driverOutput);
export type DriverList = z.infer<typeof driverListOutput>;

/** The last known position, or nulls when the driver has never shared one. */
export const driverLocationOutput = z.object({
  id: z.uuid(),
  name: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  lastLocationUpdate: timestamp.nullable(),
});
export type DriverLocation = z.infer<typeof driverLocationOutput>;

export const deleteDriverOutput = deleteOutput;

export const driverName = (driver: Pick<Driver, 'firstName' | 'lastName'>) => `${driver.firstName} ${driver.lastName}`;

/** The Dispatcher select of the driver form: the company's dispatchers and admins. */
export const dispatcherOption = z.object({ id: z.uuid(), name: z.string(), role: z.enum(['dispatcher', 'admin']) });
export const dispatcherOptionsOutput = z.array(dispatcherOption);
export type DispatcherOption = z.infer<typeof dispatcherOption>;
