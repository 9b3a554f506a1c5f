import { z } from 'zod';
import { deleteOutput, optionalEmail, optionalPhone, optionalText, recordId, requiredText, timestamp } from './fields.js';
import { pageOutput } from './pagination.js';

export const BROKER_LIMITS = { name: 200, companyName: 200, address: 500, paymentTerms: 100, notes: 2000 } as const;

const brokerFields = {
  name: requiredText('Contact name', BROKER_LIMITS.name),
  companyName: optionalText('Company name', BROKER_LIMITS.companyName),
  email: optionalEmail(),
  phone: optionalPhone(),
  address: optionalText('Address', BROKER_LIMITS.address),
  paymentTerms: optionalText('Payment terms', BROKER_LIMITS.paymentTerms),
  notes: optionalText('Notes', BROKER_LIMITS.notes),
  /** Digits only; "MC 123456" or "MC-123456" keeps its digits (issue 29: the rate-con import matches a broker by it). */
  mcNumber: optionalText('MC number', 20)
    .transform((value) => (value == null ? value : value.replace(/^MC[\s#:-]*/i, '')))
    .refine((value) => value == null || /^[0-9]{1,8}$/.test(value), 'MC number is up to 8 digits'),
};

/** The Add Broker form: the contact name is required. */
export const createBrokerInput = z.object(brokerFields);
export type CreateBrokerInput = z.input<typeof createBrokerInput>;

/** Edit: the fields given change, the rest stay; an empty optional field clears it. */
export const updateBrokerInput = recordId.extend(z.object(brokerFields).partial().shape);
export type UpdateBrokerInput = z.input<typeof updateBrokerInput>;

export const brokerOutput = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  name: z.string(),
  companyName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  paymentTerms: z.string().nullable(),
  notes: z.string().nullable(),
  /** Digits only (brokers.mc_number's check). */
  mcNumber: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Broker = z.infer<typeof brokerOutput>;

export const brokerListOutput = pageOutput(brokerOutput);
export type BrokerList = z.infer<typeof brokerListOutput>;

export const deleteBrokerOutput = deleteOutput;
