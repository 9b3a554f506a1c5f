import { z } from 'zod';
import { pageOutput } from './pagination.js';

/** What a master admin may set a company's subscription_status to; a missing status counts as active. */
export const SUBSCRIPTION_STATUSES = ['active', 'suspended'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** The newest mail shown to a master admin. */
export const OUTBOX_PAGE_SIZE = 100;

/** Money as an exact decimal string ("1250.00"), summed in SQL. */
const money = z.string().regex(/^-?\d+(\.\d+)?$/);
const count = z.number().int().nonnegative();

export const adminStatsOutput = z.object({
  totalCompanies: count,
  /** Companies whose subscription_status is active, or missing. */
  activeCompanies: count,
  totalUsers: count,
  totalLoads: count,
  /** The sum of every load's rate, in USD. */
  totalRevenue: money,
});
export type AdminStats = z.infer<typeof adminStatsOutput>;

export const companySummary = z.object({
  id: z.uuid(),
  name: z.string(),
  users: count,
  loads: count,
  revenue: money,
  /** subscription_status as stored; "active" when missing. */
  status: z.string(),
  createdAt: z.iso.datetime(),
});
export type CompanySummary = z.infer<typeof companySummary>;

/** A page of every company, newest first (the one pagination contract, ./pagination.ts). */
export const companiesOutput = pageOutput(companySummary);

export const setCompanyStatusInput = z.object({
  companyId: z.uuid('Invalid company id'),
  status: z.enum(SUBSCRIPTION_STATUSES, 'Status must be active or suspended'),
});
export type SetCompanyStatusInput = z.input<typeof setCompanyStatusInput>;

export const setCompanyStatusOutput = z.object({
  id: z.uuid(),
  name: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** Sessions of the company's users that the suspension ended. */
  endedSessions: count,
});
export type SetCompanyStatusOutput = z.infer<typeof setCompanyStatusOutput>;

export const testUserResult = z.object({
  email: z.string(),
  /** The account is there and signs in with the shared test password. */
  success: z.boolean(),
  /** Created by this run (false when it already existed, or failed). */
  created: z.boolean(),
  message: z.string(),
});
export type TestUserResult = z.infer<typeof testUserResult>;

export const seedTestUsersOutput = z.object({ results: z.array(testUserResult) });
export type SeedTestUsersOutput = z.infer<typeof seedTestUsersOutput>;

export const outboxMessage = z.object({
  id: z.uuid(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.string(),
  /** The company it was sent for, or null (sign-up, the contact form). Never the body: it may hold a link or a code. */
  companyName: z.string().nullable(),
  status: z.enum(['queued', 'sent', 'failed']),
  provider: z.string(),
  error: z.string().nullable(),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;

export const outboxOutput = z.array(outboxMessage).max(OUTBOX_PAGE_SIZE);
