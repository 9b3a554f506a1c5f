import { sql, type RawBuilder } from 'kysely';
import type { RevenueBasis } from '#shared/schemas/analytics.js';

/**
 * Revenue, one definition, in one place: which basis applies and the SQL that sums it. There is
 * no invoices table yet, so revenue is the sum of the loads' rates (load_rates); when invoices
 * land, this answers 'paid_invoices' and its sum changes here. The label's tooltip
 * (REVENUE_NOTES) says which to the user.
 */
export function revenueBasis(): RevenueBasis {
  return 'load_rates';
}

/** The revenue of the loads in the query, as an exact decimal string ("1250.00"), 0.00 when there are none. */
export function revenueSum(rateColumn = 'loads.rate'): RawBuilder<string> {
  return sql<string>`coalesce(sum(${sql.ref(rateColumn)}), 0)::numeric(14, 2)::text`;
}
