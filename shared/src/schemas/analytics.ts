import { z } from 'zod';
import { LOAD_STATUSES } from '../constants.js';

/**
 * Revenue, one definition (shared/src/rules/figures.ts, docs/dashboards.md): the sum of the rates of
 * the loads that are not cancelled (REVENUE_LOAD_STATUSES; the spec's "sum of rate over all loads"
 * less cancelled loads, a documented deviation), on the admin and master-admin dashboards and in
 * analytics alike. Money actually received is the Treasury dashboard's (paid invoices).
 * 'paid_invoices' stays a basis the one function (server/src/domains/analytics/revenue.ts) can switch to.
 */
export const REVENUE_BASES = ['load_rates', 'paid_invoices'] as const;
export type RevenueBasis = (typeof REVENUE_BASES)[number];
export const REVENUE_NOTES: Record<RevenueBasis, string> = {
  load_rates: 'Sum of load rates, cancelled loads excluded',
  paid_invoices: 'Sum of paid invoices',
};

/** The spec's "Top 5 drivers and top 5 brokers ranked by revenue". */
export const ANALYTICS_TOP = 5;
export const ANALYTICS_TOP_LANES = 5;
/** A custom range spans at most this many days. */
export const ANALYTICS_MAX_DAYS = 3 * 366;

export const ANALYTICS_RANGES = ['this_month', 'last_month', 'quarter', 'year', 'custom'] as const;
export type AnalyticsRangePreset = (typeof ANALYTICS_RANGES)[number];
export const ANALYTICS_RANGE_LABELS: Record<AnalyticsRangePreset, string> = {
  this_month: 'This month',
  last_month: 'Last month',
  quarter: 'This quarter',
  year: 'This year',
  custom: 'Custom',
};

const isoDate = z.iso.date('Enter a date');

export const analyticsInput = z
  .object({
    range: z.enum(ANALYTICS_RANGES).default('this_month'),
    /** For a custom range: the first and last day, inclusive (UTC). */
    from: isoDate.optional(),
    to: isoDate.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.range !== 'custom') return;
    if (!value.from) ctx.addIssue({ code: 'custom', path: ['from'], message: 'From is required' });
    if (!value.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'To is required' });
    if (value.from && value.to) {
      const days = (Date.parse(value.to) - Date.parse(value.from)) / 86_400_000;
      if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'To must be on or after From' });
      if (days > ANALYTICS_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The range may span at most 3 years' });
    }
  });
export type AnalyticsInput = z.input<typeof analyticsInput>;

const day = (date: Date) => date.toISOString().slice(0, 10);

/** The range's first day and the day after its last (UTC dates), for the given moment. */
export function resolveRange(input: z.output<typeof analyticsInput>, now: Date = new Date()): { from: string; until: string } {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const utc = (y: number, m: number, d = 1) => new Date(Date.UTC(y, m, d));
  switch (input.range) {
    case 'this_month':
      return { from: day(utc(year, month)), until: day(utc(year, month + 1)) };
    case 'last_month':
      return { from: day(utc(year, month - 1)), until: day(utc(year, month)) };
    case 'quarter': {
      const first = month - (month % 3);
      return { from: day(utc(year, first)), until: day(utc(year, first + 3)) };
    }
    case 'year':
      return { from: day(utc(year, 0)), until: day(utc(year + 1, 0)) };
    case 'custom': {
      const to = new Date(`${input.to ?? day(now)}T00:00:00Z`);
      return { from: input.from ?? day(now), until: day(utc(to.getUTCFullYear(), to.getUTCMonth(), to.getUTCDate() + 1)) };
    }
  }
}

const money = z.string();
const count = z.number().int().nonnegative();

export const analyticsLeader = z.object({ id: z.uuid(), name: z.string(), loads: count, revenue: money });
export type AnalyticsLeader = z.infer<typeof analyticsLeader>;

export const analyticsOutput = z.object({
  range: z.object({ from: z.string(), until: z.string() }),
  revenueBasis: z.enum(REVENUE_BASES),
  overview: z.object({
    totalRevenue: money,
    /** Revenue divided by the loads with a rate; "0.00" with none. */
    averagePerLoad: money,
    totalLoads: count,
    /** Delivered loads. */
    completedLoads: count,
    /** Drivers available or on route now (ACTIVE_DRIVER_STATUSES, shared/src/rules/figures.ts): the admin dashboard's figure too. */
    activeDrivers: count,
    /** Distinct drivers on the period's loads (the spec's "active drivers ... distinct ones on loads"). */
    driversOnLoads: count,
    /** Distinct brokers on the period's loads. */
    activeBrokers: count,
    /** Delivered loads with a delivery date, and of them those delivered on or before it. */
    deliveredWithDate: count,
    deliveredOnTime: count,
    /** Open loads (not delivered, not cancelled) created in the period whose delivery date is before today: late. */
    overdueLoads: count,
    /** deliveredOnTime over (deliveredWithDate + overdueLoads), percent rounded down (onTimeRate), null when none is judged. */
    onTimeRate: z.number().int().min(0).max(100).nullable(),
  }),
  byStatus: z.array(z.object({ status: z.enum(LOAD_STATUSES), loads: count, revenue: money })),
  topDrivers: z.array(analyticsLeader).max(ANALYTICS_TOP),
  topBrokers: z.array(analyticsLeader).max(ANALYTICS_TOP),
  /** Revenue and loads per week (weeks start on Monday), oldest first; weeks without loads are left out. */
  weekly: z.array(z.object({ week: z.string(), loads: count, revenue: money })),
  topLanes: z.array(z.object({ pickup: z.string(), delivery: z.string(), loads: count, revenue: money })).max(ANALYTICS_TOP_LANES),
});
export type AnalyticsReport = z.infer<typeof analyticsOutput>;
