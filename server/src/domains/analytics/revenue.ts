import { sql, type RawBuilder } from 'kysely';
import type { RevenueBasis } from '#shared/schemas/analytics.js';

/**
 * Revenue, one definition, in one place: which basis applies and the SQL that sums it. Revenue is
 * the sum of the loads' rates (the spec's rule); the admin and master-admin dashboards and
 * analytics all sum it here, and their labels say so (REVENUE_NOTES). Money received is the
 * Treasury dashboard's paid invoices, a different figure with its own name.
 */
export function revenueBasis(): RevenueBasis {
  return 'load_rates';
}

/** The revenue of the loads in the query, as an exact decimal string ("1250.00"), 0.00 when there are none. */
export function revenueSum(rateColumn = 'loads.rate'): RawBuilder<string> {
  return sql<string>`coalesce(sum(${sql.ref(rateColumn)}), 0)::numeric(14, 2)::text`;
}

/** An amount already summed (a group's revenue), in the same exact form as revenueSum(). */
export function revenueOf(amountColumn: string): RawBuilder<string> {
  return sql<string>`coalesce(${sql.ref(amountColumn)}, 0)::numeric(14, 2)::text`;
}
