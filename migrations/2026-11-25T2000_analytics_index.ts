import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * Analytics (issue 15): a covering index for the report's one pass over a company's loads created
 * within a range. Every column the report reads (and the sales user's ownership columns) is in the
 * index, so a year of a 100,000-load company is an index-only scan of the range rather than a
 * sequential scan of the whole table (about 1,600 index pages against 7,000 heap pages).
 * Index-only scans need the visibility map, which autovacuum keeps after inserts and updates.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create index loads_company_created_analytics_idx on loads (company_id, created_at)
      include (status, rate, driver_id, broker_id, delivery_date, status_updated_at,
               pickup_city, pickup_state, delivery_city, delivery_state, sales_user_id, created_by)
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists loads_company_created_analytics_idx`.execute(db);
}
