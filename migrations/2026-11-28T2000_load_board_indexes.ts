import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * The dispatch board's sorts (issue 26, item 1): every column of loads.list sorts on the server,
 * keyset paged on (the sort, id) within the caller's company, so each sort walks an index of its
 * own, (company_id, <sort>, id), forward for ascending and backward for descending. Rows without
 * a value (no pickup date, no driver) come last in either direction: the list reads the rows with
 * a value first, then those without (`is null`, the same index), so one index serves both
 * directions (server/src/db/pagination.ts, KeysetPart).
 *
 * Two sorts are expressions, written here exactly as server/src/domains/loads/loads.repository.ts
 * writes them (the planner matches an expression index by its expression):
 * - status in the order of the work (pending, assigned, picked, in transit, delivered, cancelled);
 * - rate per mile, `round(rate / nullif(distance, 0), 2)`, null without a rate or a distance.
 *
 * The late filter (past the delivery date and not delivered or cancelled, or past the pickup date
 * and still pending or assigned, against the viewer's date) walks two partial indexes of the loads
 * still open, one per arm, so it reads the few late loads rather than the company's history.
 *
 * The broker and carrier filters read the loads of one broker or carrier through
 * (company_id, broker_id) and (company_id, carrier_id), as the driver filter does through
 * loads_company_driver_idx (2026-11-21T1100_operations): a carrier with few loads was a scan of the
 * whole table (bench/board.ts). createdAt keeps the list's own index (loads_company_created_idx). Runs as the owner, who need not be a superuser.
 */
const INDEXES: Record<string, string> = {
  loads_board_load_number_idx: 'company_id, load_number, id',
  loads_board_status_idx: `company_id, (case status when 'pending' then 0 when 'assigned' then 1 when 'picked' then 2 when 'in_transit' then 3 when 'delivered' then 4 when 'cancelled' then 5 end), id`,
  loads_board_pickup_date_idx: 'company_id, pickup_date, id',
  loads_board_delivery_date_idx: 'company_id, delivery_date, id',
  loads_board_pickup_city_idx: 'company_id, pickup_city, id',
  loads_board_delivery_city_idx: 'company_id, delivery_city, id',
  loads_board_driver_name_idx: 'company_id, driver_name, id',
  loads_board_broker_name_idx: 'company_id, broker_name, id',
  loads_board_carrier_name_idx: 'company_id, carrier_name, id',
  loads_board_rate_idx: 'company_id, rate, id',
  loads_board_rate_per_mile_idx: 'company_id, (round(rate / nullif(distance, 0), 2)), id',
};

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, columns] of Object.entries(INDEXES)) {
    await sql`create index ${sql.id(name)} on loads (${sql.raw(columns)})`.execute(db);
  }
  await sql`create index loads_board_broker_idx on loads (company_id, broker_id) where broker_id is not null`.execute(db);
  await sql`create index loads_board_carrier_idx on loads (company_id, carrier_id) where carrier_id is not null`.execute(db);
  await sql`create index loads_board_open_delivery_idx on loads (company_id, delivery_date) where status not in ('delivered', 'cancelled')`.execute(
    db,
  );
  await sql`create index loads_board_unpicked_pickup_idx on loads (company_id, pickup_date) where status in ('pending', 'assigned')`.execute(
    db,
  );
  await sql`analyze loads`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    ...Object.keys(INDEXES),
    'loads_board_broker_idx',
    'loads_board_carrier_idx',
    'loads_board_open_delivery_idx',
    'loads_board_unpicked_pickup_idx',
  ]) {
    await sql`drop index if exists ${sql.id(name)}`.execute(db);
  }
}
