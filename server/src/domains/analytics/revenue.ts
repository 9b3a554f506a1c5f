import { sql, type RawBuilder } from 'kysely';
import { NON_REVENUE_LOAD_STATUSES, REVENUE_LOAD_STATUSES } from '#shared/rules/figures.js';
import type { RevenueBasis } from '#shared/schemas/analytics.js';

/**
 * Revenue, one definition, in one place: which basis applies and the SQL that sums it. Revenue is
 * the sum of the rates of the loads that are not cancelled (REVENUE_LOAD_STATUSES,
 * shared/src/rules/figures.ts; the spec's "sum of rate over all loads" less cancelled loads, a
 * documented deviation); the admin and master-admin dashboards and analytics all sum it here, and
 * their labels say so (REVENUE_NOTES). Money received is the Treasury dashboard's paid invoices, a
 * different figure with its own name.
 */
export function revenueBasis(): RevenueBasis {
  return 'load_rates';
}

/** The statuses that count, as one text[] parameter (never written into the SQL's text). */
export function revenueStatuses(): RawBuilder<string[]> {
  return sql<string[]>`${[...REVENUE_LOAD_STATUSES]}::text[]`;
}

/** The status column beside a rate or amount column: "l.rate" -> "l.status", "rate" -> "status". */
function statusBeside(column: string): string {
  const dot = column.lastIndexOf('.');
  return dot < 0 ? 'status' : `${column.slice(0, dot)}.status`;
}

/**
 * Whether the row of that status column counts in revenue: `<status> = any($statuses)`, with the
 * statuses as a parameter (REVENUE_LOAD_STATUSES).
 */
export function countsAsRevenue(statusColumn = 'loads.status'): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(statusColumn)} = any(${revenueStatuses()})`;
}

/**
 * Whether the row earns no revenue (cancelled): `<status> = any($statuses)` with the complement
 * (NON_REVENUE_LOAD_STATUSES) as the parameter, so a read of those loads only can use an index
 * that starts with (company_id, status).
 */
export function earnsNoRevenue(statusColumn = 'loads.status'): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(statusColumn)} = any(${sql<string[]>`${[...NON_REVENUE_LOAD_STATUSES]}::text[]`})`;
}

/**
 * The revenue of the rows in the query, as an exact decimal string ("1250.00"), 0.00 when there are
 * none: the sum of the rate (or a pre-summed amount) of the rows whose status counts. The status
 * column is the one beside the rate column ("l.rate" -> "l.status") unless given.
 */
export function revenueSum(rateColumn = 'loads.rate', statusColumn = statusBeside(rateColumn)): RawBuilder<string> {
  return sql<string>`coalesce(sum(${sql.ref(rateColumn)}) filter (where ${countsAsRevenue(statusColumn)}), 0)::numeric(14, 2)::text`;
}

/** An amount already summed (a group's revenue), in the same exact form as revenueSum(). */
export function revenueOf(amountColumn: string): RawBuilder<string> {
  return sql<string>`coalesce(${sql.ref(amountColumn)}, 0)::numeric(14, 2)::text`;
}
