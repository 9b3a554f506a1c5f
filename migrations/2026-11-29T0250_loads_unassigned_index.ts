import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * The board's "Unassigned" view (loads without a driver, a ready-made saved view) walks a partial
 * index of the few loads with no driver, newest first as the list's default order. Without it the
 * planner, which under row-level security may not trust the statistics of `driver_id is null`,
 * read every load of the company through a bitmap and sorted them: 98 ms a page against a 3 ms
 * floor at 100,000 loads in a company (bench/board.ts, 1,000,000 loads), 1.1 s cold. Through this
 * index: under 1 ms; any other sort of the view reads only the company's unassigned loads.
 * Runs as the owner, who need not be a superuser.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index loads_board_unassigned_idx on loads (company_id, created_at desc, id desc) where driver_id is null`.execute(db);
  await sql`analyze loads`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists loads_board_unassigned_idx`.execute(db);
}
