import { z } from 'zod';
import { deleteOutput, optionalDate, optionalEmail, optionalPhone, optionalText, recordId, requiredText, timestamp } from './fields.js';
import { pageOutput } from './pagination.js';
import { salesAgentField } from './sales-agents.js';

export const CARRIER_LIMITS = { name: 200, number: 20, address: 500, notes: 2000, options: 1000 } as const;

const carrierFields = {
  name: requiredText('Name', CARRIER_LIMITS.name),
  mcNumber: optionalText('MC number', CARRIER_LIMITS.number),
  dotNumber: optionalText('DOT number', CARRIER_LIMITS.number),
  email: optionalEmail(),
  phone: optionalPhone(),
  address: optionalText('Address', CARRIER_LIMITS.address),
  insuranceExpiry: optionalDate('Insurance expiry'),
  notes: optionalText('Notes', CARRIER_LIMITS.notes),
  contractSigned: z.boolean({ error: 'Contract signed must be yes or no' }),
  /** Who onboarded the carrier (admins and dispatchers choose; a sales user's own carrier is theirs). */
  salesAgentId: salesAgentField(),
};

/** The Add Carrier form: the name is required; an empty insurance expiry becomes null. */
export const createCarrierInput = z.object({ ...carrierFields, contractSigned: carrierFields.contractSigned.default(false) });
export type CreateCarrierInput = z.input<typeof createCarrierInput>;

/** Edit: the fields given change, the rest stay; an empty optional field clears it. */
export const updateCarrierInput = recordId.extend(z.object(carrierFields).partial().shape);
export type UpdateCarrierInput = z.input<typeof updateCarrierInput>;

export const carrierOutput = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  name: z.string(),
  mcNumber: z.string().nullable(),
  dotNumber: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  insuranceExpiry: z.string().nullable(),
  notes: z.string().nullable(),
  contractSigned: z.boolean(),
  salesAgentId: z.uuid().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Carrier = z.infer<typeof carrierOutput>;

export const carrierListOutput = pageOutput(carrierOutput);
export type CarrierList = z.infer<typeof carrierListOutput>;

/** The carriers a driver may be linked to, by name: the Add Driver form's pick list. */
export const carrierOptionsOutput = z.array(z.object({ id: z.uuid(), name: z.string() }));
export type CarrierOption = z.infer<typeof carrierOptionsOutput>[number];

export const deleteCarrierOutput = deleteOutput;
