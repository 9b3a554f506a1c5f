import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * positions' read policies with their settings read once per statement (issue 31's IFTA rebuild
 * bench; docs/ifta.md). As written in 2026-11-25T1900, `company_id = app_company_id()` and
 * `app_is_master_admin()` are evaluated on every row: two current_setting() lookups and a uuid and
 * a boolean parsed per position, which doubled the app role's time to read a truck's quarter
 * (0.8 s against 0.4 s for 530,000 positions, EXPLAIN ANALYZE). Wrapped in a scalar subquery each
 * becomes an init plan, evaluated once per statement, and the row filter compares a uuid.
 *
 * Same rows for every caller: both functions are stable and read transaction-local settings,
 * which cannot change within a statement. The WITH CHECK of inserts is left as it was.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter policy positions_tenant on positions
      using (company_id = (select app_company_id())) with check (company_id = app_company_id());
    alter policy positions_master_read on positions using ((select app_is_master_admin()));
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    alter policy positions_tenant on positions
      using (company_id = app_company_id()) with check (company_id = app_company_id());
    alter policy positions_master_read on positions using (app_is_master_admin());
  `.execute(db);
}
